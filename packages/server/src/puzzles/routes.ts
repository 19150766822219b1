import { PuzzleAttemptSchema, PuzzleFilterSchema, REST } from '@zar/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseBody } from '../http/body.js';
import { at } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiters } from '../limits/limiter.js';
import type { Auth } from '../people/auth.js';
import type { PuzzlesStore } from '../store/types.js';
import { type PuzzleReply, PuzzleService } from './service.js';

export interface PuzzlesDeps {
  /** Where the rate limits are kept: shared through Redis beside other instances, in this process alone (app.ts decides, never a route). */
  readonly limiters: RateLimiters;
  readonly store: PuzzlesStore;
  readonly auth: Pick<Auth, 'identify' | 'ensure'>;
  readonly limits: Limits;
  readonly now: () => number;
}

/** A puzzle's id in a path: 16 hex digits. */
const PUZZLE_ID = /^[0-9a-f]{16}$/;

const STATUS = { ERR_NOT_FOUND: 404, ERR_PUZZLE_ANSWER: 422, ERR_PUZZLE_BUSY: 503 } as const;

function send<T>(reply: FastifyReply, answer: PuzzleReply<T>): T | FastifyReply {
  return answer.ok ? answer.value : refuse(reply, STATUS[answer.error.code], answer.error.code, answer.error.message);
}

/**
 * Puzzles (protocol/src/puzzles.ts): the next for the caller, the daily one and one by id, for
 * every visitor (an address's `puzzlesPerMinute`); an attempt from anyone, a visitor made a
 * guest as making a game does (a person's `puzzleAttemptsPerMinute`: each replays the legal
 * plays of a roll and writes two ratings).
 */
export function puzzleRoutes(deps: PuzzlesDeps) {
  const { now } = deps;
  const service = new PuzzleService(deps.store);
  const limiters = deps.limiters;
  const reads = limiters.limiter('puzzle-reads', deps.limits.puzzlesPerMinute, deps.limits.puzzlesPerMinute);
  const attempts = limiters.limiter(
    'puzzle-attempts',
    deps.limits.puzzleAttemptsPerMinute,
    deps.limits.puzzleAttemptsPerMinute,
  );

  /** The caller, once his address is within its reads; null when refused (the reply is sent). */
  const reader = async (request: FastifyRequest, reply: FastifyReply): Promise<{ id: string | null } | null> => {
    const taken = await reads.take(request.ip, now());
    if (!taken.ok) {
      refuseTooMany(reply, tooMany('too many puzzles asked for', taken.retryAfterMs));
      return null;
    }
    return { id: (await deps.auth.identify(request))?.id ?? null };
  };

  return async (api: FastifyInstance): Promise<void> => {
    api.get(at(REST.puzzleNext), async (request, reply) => {
      const filter = parseBody(PuzzleFilterSchema, { ...(request.query as object) });
      if (!filter.ok) return refuse(reply, 400, 'ERR_BODY', filter.message);
      const caller = await reader(request, reply);
      return caller === null ? reply : send(reply, await service.next(caller.id, filter.value));
    });

    api.get(at(REST.puzzleDaily), async (request, reply) => {
      const caller = await reader(request, reply);
      return caller === null ? reply : send(reply, await service.dailyPuzzle(caller.id, now()));
    });

    api.get<{ Params: { id: string } }>(at(REST.puzzle), async (request, reply) => {
      if (!PUZZLE_ID.test(request.params.id)) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such puzzle');
      const caller = await reader(request, reply);
      return caller === null ? reply : send(reply, await service.byId(request.params.id, caller.id));
    });

    api.post<{ Params: { id: string } }>(at(REST.puzzleAttempt), async (request, reply) => {
      const body = parseBody(PuzzleAttemptSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      if (!PUZZLE_ID.test(request.params.id)) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such puzzle');
      const known = await deps.auth.identify(request);
      const taken = await attempts.take(known?.id ?? `address:${request.ip}`, now());
      if (!taken.ok) return refuseTooMany(reply, tooMany('too many puzzle attempts', taken.retryAfterMs));
      if (known === null) {
        const checked = await service.check(request.params.id, body.value.answer);
        if (!checked.ok) return send(reply, checked);
      }
      const solver = known ?? (await deps.auth.ensure(request, reply));
      return send(reply, await service.attempt(solver.id, request.params.id, body.value.answer, now()));
    });
  };
}
