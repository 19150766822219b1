import { type CorrespondenceEntry, type CorrespondenceList, REST } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import { at } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiters } from '../limits/limiter.js';
import type { Auth } from '../people/auth.js';
import { seatOf } from '../store/game-seats.js';
import type { CorrespondenceRow, GamesStore } from '../store/types.js';

export interface CorrespondenceRoutesDeps {
  readonly store: Pick<GamesStore, 'correspondenceOfUser'>;
  readonly auth: Auth;
  readonly limits: Limits;
  readonly limiters: RateLimiters;
  readonly now: () => number;
}

/**
 * GET /api/correspondence: the caller's unfinished correspondence matches, read from the store
 * (a match without a room, or one another instance holds, is listed the same), "your turn"
 * first. Pages ask every 30 s, so it is counted as the other pages' reads are, per address.
 */
export function correspondenceRoutes(deps: CorrespondenceRoutesDeps) {
  const { limits } = deps;
  const reads = deps.limiters.limiter('correspondence-lists', limits.recordsPerMinute, limits.recordsPerMinute);
  return async (api: FastifyInstance): Promise<void> => {
    api.get(at(REST.correspondence), async (request, reply) => {
      const taken = await reads.take(request.ip, deps.now());
      if (!taken.ok) return refuseTooMany(reply, tooMany('too many lists of matches asked for', taken.retryAfterMs));
      const user = await deps.auth.identify(request);
      if (user === null) return refuse(reply, 401, 'ERR_NO_SESSION', 'sign in to see your correspondence matches');
      // Limited as they are (correspondenceGames), with room for those above a lowered limit.
      const rows = await deps.store.correspondenceOfUser(user.id, 2 * limits.correspondenceGames);
      const games = rows.flatMap((row) => entryOf(row, user.id) ?? []);
      return { games: games.sort(byUrgency) } satisfies CorrespondenceList;
    });
  };
}

/** A match as the list shows it to the player `userId`; null when he holds no seat. */
function entryOf({ game: row, deadline }: CorrespondenceRow, userId: string): CorrespondenceEntry | null {
  const you = seatOf(row.seats, userId);
  if (you === null || row.clock.kind !== 'correspondence') return null;
  const other = row.seats[you === 0 ? 1 : 0];
  const score = row.score;
  return {
    id: row.id,
    game: poolGame(row.pool) ?? row.record.settings.cycle[0]?.game ?? 'backgammon',
    opponent: other.userId === null ? null : other.name,
    yourTurn: deadline?.seat === you,
    deadline: deadline?.at ?? null,
    daysPerMove: row.clock.daysPerMove,
    score: you === 0 ? [score[0], score[1]] : [score[1], score[0]],
    length: row.record.settings.length,
  };
}

/** The game or cycle of a correspondence pool ('corr-tavli': 'tavli'). */
const poolGame = (pool: string | null): string | null => (pool?.startsWith('corr-') ? pool.slice(5) : null);

/** "Your turn" first; each part by deadline, the soonest first, those without one last. */
function byUrgency(a: CorrespondenceEntry, b: CorrespondenceEntry): number {
  if (a.yourTurn !== b.yourTurn) return a.yourTurn ? -1 : 1;
  return (
    (a.deadline ?? Number.POSITIVE_INFINITY) - (b.deadline ?? Number.POSITIVE_INFINITY) || a.id.localeCompare(b.id)
  );
}
