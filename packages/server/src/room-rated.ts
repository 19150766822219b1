import type { Player } from '@zar/match';
import { unfinishedGames } from './limits/games.js';
import { type RatedSource, ratedSourceOf } from './rated-view.js';
import { offerRematch, type Rematch, type RematchStep, rematchFor, rematchRow, storedRematchOf } from './rematch.js';
import { loadStanding, NO_STANDING, standingAfter } from './room-rating.js';
import type { GameRow, RatingChangeRow, Store } from './store/types.js';

interface Deps {
  readonly store: Store;
  readonly log: { warn(obj: unknown, msg?: string): void };
  readonly now: () => number;
  /** Stores and starts a new game (Rooms.create); without it no rematch can start. */
  readonly create?: (row: GameRow) => Promise<unknown>;
  /** Unfinished games one player may have (Limits.openGames): a rematch is one more. No limit when left out. */
  readonly openGames?: number;
}

/**
 * What a room keeps beside its match for ratings and rematches (issue 28): the view's source
 * (rated-view.ts), replaced as a whole at every change so that view-json.ts sees it changed.
 * The room calls it from inside its queue only.
 */
export class RoomRated {
  source: RatedSource;

  constructor(
    row: GameRow,
    private readonly deps: Deps,
  ) {
    this.source = ratedSourceOf(row, NO_STANDING, rematchFor(row));
  }

  /**
   * Reads the seats' ratings again (at start, when someone sits down) and, at start, a
   * rematch already started (a restart forgets offers, not that). A store that is away leaves
   * what was known: the view shows less, the match goes on.
   */
  async read(row: GameRow, rematch: boolean): Promise<void> {
    try {
      const standing = await loadStanding(this.deps.store, row);
      const next = rematch ? await storedRematchOf(this.deps.store, row) : null;
      this.source = {
        ...this.source,
        standing,
        ...(next === null ? {} : { rematch: { offered: [true, true] as const, next } }),
      };
    } catch (e) {
      this.deps.log.warn({ err: e, game: row.id }, 'could not read the ratings of a game');
    }
  }

  /** The store rated the match with the action that ended it: show what it answered. */
  rated(row: GameRow, rows: readonly RatingChangeRow[] | undefined): void {
    const standing = rows === undefined ? null : standingAfter(row, rows);
    if (standing !== null) this.source = { ...this.source, standing };
  }

  /**
   * Seat `seat` offers (true), withdraws or declines (false) a rematch; once both agree (a bot
   * at once) the next match is stored and started, and `value` names it. Offers live here, in
   * memory only: a restart forgets them, as lichess's do.
   */
  async offer(row: GameRow, seat: Player | null, offer: boolean): Promise<RematchStep | NotServed | TooMany> {
    const step = offerRematch(this.source.rematch, row.status, row.seats, seat, offer);
    if (!step.ok) return step;
    let rematch = step.value;
    if (step.start) {
      if (this.deps.create === undefined) return NOT_SERVED;
      const full = await this.tooManyGames(row);
      if (full !== null) return full;
      const next = rematchRow(row, this.deps.now());
      await this.deps.create(next);
      rematch = { ...rematch, next: next.id };
    }
    // Replaced only when it changed: the room tells everyone only then.
    if (!sameRematch(rematch, this.source.rematch)) this.source = { ...this.source, rematch };
    return { ...step, value: rematch };
  }

  /**
   * A refusal when a seated person already has as many unfinished games as he may (the
   * rematch would be one more, as a new game or a pairing would), else null. The offer that
   * met it is not kept; the other player's stands.
   */
  private async tooManyGames(row: GameRow): Promise<TooMany | null> {
    const limit = this.deps.openGames;
    if (limit === undefined) return null;
    for (const seat of row.seats) {
      if (seat.userId === null) continue;
      const open = await unfinishedGames(this.deps.store, seat.userId);
      if (open >= limit) {
        const message = `${seat.name} has ${open} unfinished games (at most ${limit}): finish one before a rematch`;
        return { ok: false, error: { code: 'ERR_TOO_MANY_GAMES', message } };
      }
    }
    return null;
  }
}

const sameRematch = (a: Rematch, b: Rematch): boolean =>
  a.offered[0] === b.offered[0] && a.offered[1] === b.offered[1] && a.next === b.next;

type TooMany = { ok: false; error: { code: 'ERR_TOO_MANY_GAMES'; message: string } };

type NotServed = { ok: false; error: { code: 'ERR_NO_REMATCH'; message: string } };
const NOT_SERVED: NotServed = {
  ok: false,
  error: { code: 'ERR_NO_REMATCH', message: 'rematches are not served here' },
};
