import { ok } from '@zar/engine';
import { NoBodySchema, REST, type RolloutStatus } from '@zar/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type BoardRunner, type BotOwner, ownerKey } from '../bots/index.js';
import { parseBody } from '../http/body.js';
import { at, ID } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import type { BoardGuard, BoardRequestKind } from '../limits/board.js';
import type { Auth } from '../people/auth.js';
import { type RolloutCluster, RolloutLink, rolloutIds } from './rollout-link.js';
import { Rollouts } from './rollouts.js';
import { BoardService } from './service.js';
import type { BoardResult } from './setup.js';

export interface BoardDeps {
  readonly auth: Auth;
  readonly bots: BoardRunner;
  readonly now: () => number;
  /** Requests per account and address (limits/board.ts), on the limiters app.ts chose. */
  readonly guard: BoardGuard;
  /** Beside other instances: a rollout is read and stopped through any of them. Absent alone. */
  readonly cluster?: RolloutCluster;
}

/** Seconds a 503 asks the asker to wait: a busy worker is free again in about that. */
const RETRY_AFTER_S = 2;

/**
 * The analysis board: POST /api/board/evaluate and /api/board/temperature value a pasted
 * position in the bots' threads, below every game's bot moves (bots/pool.ts); POST
 * /api/board/rollouts starts a rollout, GET /api/board/rollouts/:id reads it as it goes, POST
 * /api/board/rollouts/:id/stop stops it. For every visitor: asking needs no session and makes
 * none. 400 ERR_BODY for a body the contract refuses, 422 ERR_BOARD_POSITION for a text that
 * is no position (saying where), ERR_DICE for dice the position cannot roll, ERR_GAME_OVER for a
 * finished game, ERR_BOARD_ROLLOUT for a rollout the board does not run; 409 ERR_TOO_MANY for a
 * second rollout of one asker; 429 past the limits; 503 ERR_BOARD_UNAVAILABLE when the bots
 * cannot answer now.
 */
export function boardRoutes(deps: BoardDeps) {
  const guard = deps.guard;
  const service = new BoardService(deps.bots);
  const rollouts = new Rollouts(deps.bots, deps.now, rolloutIds(deps.cluster));
  const link = deps.cluster === undefined ? null : new RolloutLink(rollouts, deps.cluster);
  /** The rollout `id` wherever it runs; null when unknown. */
  const statusOf = async (id: string): Promise<BoardResult<RolloutStatus> | null> => {
    if (link !== null) return link.status(id);
    const status = rollouts.status(id);
    return status === null ? null : ok(status);
  };
  /** The asker, by account when he has a session, else by address: his bot time (bots/owners.ts). */
  const askerOf = async (request: FastifyRequest): Promise<BotOwner & { person: string | null }> => {
    const user = await deps.auth.identify(request);
    return { person: user?.id ?? null, address: request.ip };
  };
  /** The asker when the limits let his request of `kind` through; null once refused. */
  const admitted = async (kind: BoardRequestKind, request: FastifyRequest, reply: FastifyReply) => {
    const asker = await askerOf(request);
    const tooMany = await guard.take(kind, asker.person, request.ip, deps.now());
    if (tooMany === null) return asker;
    refuseTooMany(reply, tooMany);
    return null;
  };
  return async (api: FastifyInstance): Promise<void> => {
    if (link !== null) api.addHook('onClose', async () => link.close());
    api.post(at(REST.boardEvaluate), async (request, reply) => {
      const asker = await admitted('evaluate', request, reply);
      if (asker === null) return reply;
      const body = parseBody(REST.boardEvaluate.body, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      return answer(reply, await service.evaluate(body.value, asker));
    });
    api.post(at(REST.boardTemperature), async (request, reply) => {
      const asker = await admitted('temperature', request, reply);
      if (asker === null) return reply;
      const body = parseBody(REST.boardTemperature.body, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      return answer(reply, await service.temperature(body.value, asker));
    });
    api.post(at(REST.startRollout), async (request, reply) => {
      const asker = await admitted('rollout', request, reply);
      if (asker === null) return reply;
      const body = parseBody(REST.startRollout.body, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      return answer(reply, rollouts.start(body.value, asker, ownerKey('board', asker)));
    });
    api.get<{ Params: { id: string } }>(at(REST.rollout), async (request, reply) => {
      const status = ID.test(request.params.id) ? await statusOf(request.params.id) : null;
      if (status === null)
        return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such rollout (an ended one is kept 15 minutes)');
      return answer(reply, status);
    });
    api.post<{ Params: { id: string } }>(at(REST.stopRollout), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const key = ownerKey('board', await askerOf(request));
      const id = request.params.id;
      const stopped = !ID.test(id) ? null : link === null ? rollouts.stop(id, key) : await link.stop(id, key);
      return stopped === null ? refuse(reply, 404, 'ERR_NOT_FOUND', 'no such rollout') : answer(reply, stopped);
    });
  };
}

const STATUS: Partial<Record<string, number>> = {
  ERR_BOARD_UNAVAILABLE: 503,
  ERR_NO_WEIGHTS: 503,
  ERR_TOO_MANY: 409,
  ERR_NOT_ALLOWED: 403,
};

function answer<T>(reply: FastifyReply, result: BoardResult<T>): T | FastifyReply {
  if (result.ok) return result.value;
  const { code, message } = result.error;
  const status = STATUS[code] ?? 422;
  if (status === 503) {
    return refuse(reply.header('retry-after', String(RETRY_AFTER_S)), 503, 'ERR_BOARD_UNAVAILABLE', message);
  }
  return refuse(reply, status, code, message);
}
