import { REST } from '@zar/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BoardRunner } from '../bots/index.js';
import { parseBody } from '../http/body.js';
import { at } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { BoardGuard, type BoardRequestKind } from '../limits/board.js';
import type { Auth } from '../people/auth.js';
import { type BoardResult, BoardService } from './service.js';

export interface BoardDeps {
  readonly auth: Auth;
  readonly bots: BoardRunner;
  readonly now: () => number;
  /** Requests per account and address (limits/board.ts); tests may give their own. */
  readonly guard?: BoardGuard;
}

/** Seconds a 503 asks the asker to wait: a busy worker is free again in about that. */
const RETRY_AFTER_S = 2;

/**
 * POST /api/board/evaluate and /api/board/temperature: the analysis board's position valued
 * by the bot in its threads, below every game's bot moves (bots/pool.ts). For every visitor:
 * asking needs no session and makes none. 400 ERR_BODY for a body the contract refuses, 422
 * ERR_BOARD_POSITION for a text that is no position (saying where), ERR_DICE for dice the
 * position cannot roll, ERR_GAME_OVER for a finished game; 429 past the limits; 503
 * ERR_BOARD_UNAVAILABLE when the bots cannot answer now.
 */
export function boardRoutes(deps: BoardDeps) {
  const guard = deps.guard ?? new BoardGuard();
  const service = new BoardService(deps.bots);
  /** Null when the request may go ahead; the refusal sent otherwise. */
  const limited = async (
    kind: BoardRequestKind,
    request: Parameters<Auth['identify']>[0],
    reply: FastifyReply,
  ): Promise<{ owner: { person: string | null; address: string } } | null> => {
    const user = await deps.auth.identify(request);
    const tooMany = guard.take(kind, user?.id ?? null, request.ip, deps.now());
    if (tooMany !== null) {
      refuseTooMany(reply, tooMany);
      return null;
    }
    // The asker's own bot time, counted by the address he asks from (bots/owners.ts).
    return { owner: { person: user?.id ?? null, address: request.ip } };
  };
  return async (api: FastifyInstance): Promise<void> => {
    api.post(at(REST.boardEvaluate), async (request, reply) => {
      const allowed = await limited('evaluate', request, reply);
      if (allowed === null) return reply;
      const body = parseBody(REST.boardEvaluate.body, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      return answer(reply, await service.evaluate(body.value, allowed.owner));
    });
    api.post(at(REST.boardTemperature), async (request, reply) => {
      const allowed = await limited('temperature', request, reply);
      if (allowed === null) return reply;
      const body = parseBody(REST.boardTemperature.body, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      return answer(reply, await service.temperature(body.value, allowed.owner));
    });
  };
}

function answer<T>(reply: FastifyReply, result: BoardResult<T>): T | FastifyReply {
  if (result.ok) return result.value;
  const { code, message } = result.error;
  if (code === 'ERR_BOARD_UNAVAILABLE' || code === 'ERR_NO_WEIGHTS') {
    return refuse(reply.header('retry-after', String(RETRY_AFTER_S)), 503, 'ERR_BOARD_UNAVAILABLE', message);
  }
  return refuse(reply, 422, code, message);
}
