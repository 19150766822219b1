import { whyNoHint } from '@zar/bot';
import { type Hint, REST } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import type { BotRunner, HintAnswer } from '../bots/index.js';
import { at, ID } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import type { HintGuard } from '../limits/hints.js';
import type { Auth } from '../people/auth.js';
import { seatOf } from '../store/game-seats.js';
import type { RoomHandles } from './handle.js';
import { playsTheBot } from './hint-now.js';

export interface HintDeps {
  /** Each game's room, here or at the instance that owns it (handle.ts). */
  readonly handles: RoomHandles;
  readonly auth: Auth;
  readonly bots: BotRunner;
  readonly now: () => number;
  /** Hints per account and address (limits/hints.ts), on the limiters app.ts chose. */
  readonly guard: HintGuard;
}

/** Seconds a 503 asks the player to wait: a worker restarts in about that. */
const RETRY_AFTER_S = 2;
/**
 * Hints kept, by game, version and seat: the hint button and the page's "that lost 0.084"
 * feedback ask for the same decision, and a decision does not change until its game moves on.
 */
const KEPT_HINTS = 256;

/**
 * GET /api/games/:id/hint: the bot's view of the caller's decision now (every legal play of his
 * roll ranked, or his cube decision), searched in the bots' threads. Only for a player seated
 * in a game against the bot, never between people (403 ERR_HINT_FORBIDDEN: a hint there would
 * be help from outside the game); only at his own decision (409 ERR_PHASE); only for rules the
 * bot values exactly (422 ERR_HINT_RULES, saying why). 401 without a session, 403
 * ERR_NOT_A_PLAYER for a spectator, 429 past the limits, 503 ERR_HINT_UNAVAILABLE when the
 * bots fail or take too long. Asking makes no guest.
 */
export function hintRoutes(deps: HintDeps) {
  const guard = deps.guard;
  const kept = new Map<string, Promise<HintAnswer>>();
  /** The hint of the decision at `key`, asked of the bots once; an unavailable answer is not kept. */
  const hintAt = (key: string, ask: () => Promise<HintAnswer>): Promise<HintAnswer> => {
    let answer = kept.get(key);
    if (answer === undefined) {
      answer = ask();
      kept.set(key, answer);
      if (kept.size > KEPT_HINTS) kept.delete(kept.keys().next().value as string);
      const asked = answer;
      void asked.then((a) => {
        if (!a.ok && a.error.code === 'ERR_HINT_UNAVAILABLE' && kept.get(key) === asked) kept.delete(key);
      });
    }
    return answer;
  };
  return async (api: FastifyInstance): Promise<void> => {
    api.get<{ Params: { id: string } }>(at(REST.hint), async (request, reply) => {
      const user = await deps.auth.identify(request);
      if (user === null) return refuse(reply, 401, 'ERR_NO_SESSION', 'only a player in a game against the bot may ask');
      const tooMany = await guard.take(user.id, request.ip, deps.now());
      if (tooMany !== null) return refuseTooMany(reply, tooMany);
      const handle = ID.test(request.params.id) ? await deps.handles.get(request.params.id) : null;
      if (handle === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such game');
      const look = await handle.look(user.id, true);
      if (!look.ok) {
        const unreachable = look.error.code === 'ERR_OWNER_UNREACHABLE';
        return refuse(
          reply,
          unreachable ? 503 : 404,
          unreachable ? look.error.code : 'ERR_NOT_FOUND',
          look.error.message,
        );
      }
      const room = look.value;
      const seat = seatOf(room.seats, user.id);
      if (seat === null) return refuse(reply, 403, 'ERR_NOT_A_PLAYER', 'only a player of this game may ask for a hint');
      if (!playsTheBot(room.seats, seat)) {
        return refuse(reply, 403, 'ERR_HINT_FORBIDDEN', 'hints are only for games against the bot');
      }
      const match = room.match;
      if (match === undefined) throw new Error('a look asked with its match came without');
      // The cheap refusals here, before a worker is asked.
      const refused = whyNoHint(match, seat);
      if (refused !== null)
        return refuse(reply, refused.code === 'ERR_PHASE' ? 409 : 422, refused.code, refused.message);
      const answer = await hintAt(`${room.id}:${room.version}:${seat}`, () =>
        // A person's own bot time, counted by the address he asks from (bots/owners.ts).
        deps.bots.hint(room.id, match, seat, { person: user.id, address: request.ip }),
      );
      if (!answer.ok) {
        const { code, message } = answer.error;
        if (code === 'ERR_HINT_UNAVAILABLE')
          return refuse(reply.header('retry-after', String(RETRY_AFTER_S)), 503, code, message);
        return refuse(reply, code === 'ERR_PHASE' ? 409 : 422, code, message);
      }
      // The bot's hint must fit the contract's: a compile error here otherwise.
      const sent: Hint = answer.value;
      return sent;
    });
  };
}
