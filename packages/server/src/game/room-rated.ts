import type { Player } from '@zar/match';
import type { Admission, Starter, StartGuard } from '../limits/games.js';
import type { GameRow, GamesStore, PeopleStore, RateRequest, RatingChangeRow, Unrated } from '../store/types.js';
import { type RatedSource, ratedSourceOf } from './rated-view.js';
import { offerRematch, type Rematch, type RematchStep, rematchFor, rematchRow, storedRematchOf } from './rematch.js';
import { loadStanding, NO_STANDING, pastPairLimit, standingAfter, withPairLimit } from './room-rating.js';

/** What a room's ratings and rematches need (RoomDeps has them). */
export interface RatedDeps {
  readonly store: GamesStore & PeopleStore;
  readonly log: { warn(obj: unknown, msg?: string): void };
  readonly now: () => number;
  /** Stores and starts a new game (Rooms.create): the match a rematch starts; without it none can. */
  readonly create?: (row: GameRow) => Promise<unknown>;
  /** The game limits a rematch counts toward, as every start does (limits/games.ts). No limit when left out. */
  readonly games?: StartGuard;
}

/**
 * What a room keeps beside its match for ratings and rematches: the view's source
 * (rated-view.ts), replaced as a whole at every change so that view-json.ts sees it changed.
 * The room calls it from inside its queue only.
 */
export class RoomRated {
  source: RatedSource;

  constructor(
    row: GameRow,
    private readonly deps: RatedDeps,
  ) {
    this.source = ratedSourceOf(row, NO_STANDING, rematchFor(row));
  }

  /**
   * Reads the seats' ratings again (at start, when someone sits down) and, at start, a
   * rematch already started (a restart forgets offers, not that). A rated match about to
   * begin whose players are past their limit together is stored as not rated, with the
   * reason, before anyone is shown it (room-rating.ts pastPairLimit): answers the row as it
   * is now. A store that is away leaves what was known: the view shows less, the match goes
   * on (and one not found past the limit is checked again by the store as it ends).
   */
  async read(row: GameRow, played: number, rematch: boolean): Promise<GameRow> {
    let now = row;
    try {
      if (await pastPairLimit(this.deps.store, row, played, this.deps.now())) {
        const change = { rated: false, unrated: 'pair-limit' } as const;
        const at = this.deps.now();
        await this.deps.store.updateGame(row.id, change, at);
        now = { ...row, ...change, updatedAt: at };
      }
      const standing = await loadStanding(this.deps.store, now);
      const next = rematch ? await storedRematchOf(this.deps.store, now) : null;
      this.source = {
        ...this.source,
        standing,
        ...(next === null ? {} : { rematch: { offered: [true, true] as const, next } }),
      };
    } catch (e) {
      this.deps.log.warn({ err: e, game: row.id }, 'could not read the ratings of a game');
    }
    if (now !== row) this.source = { ...this.source, rated: now.rated, unrated: now.unrated };
    return now;
  }

  /** What the store is asked to rate with the action that ends the match (room-rating.ts withPairLimit). */
  request(request: RateRequest | undefined, at: number): RateRequest | undefined {
    return withPairLimit(request, at);
  }

  /**
   * The store rated the match with the action that ended it, or found its players at their
   * limit and stored it as not rated: show what it answered. Answers the row as it is now.
   */
  rated(row: GameRow, stored: { readonly rated?: readonly RatingChangeRow[]; readonly unrated?: Unrated }): GameRow {
    if (stored.unrated !== undefined) {
      this.source = { ...this.source, rated: false, unrated: stored.unrated };
      return { ...row, rated: false, unrated: stored.unrated };
    }
    const standing = stored.rated === undefined ? null : standingAfter(row, stored.rated);
    if (standing !== null) this.source = { ...this.source, standing };
    return row;
  }

  /**
   * Seat `seat` offers (true), withdraws or declines (false) a rematch; once both agree (a bot
   * at once) the next match is stored and started, and `value` names it. Offers live here, in
   * memory only: a restart forgets them, as lichess's do. The offer that starts it is the
   * action that creates the match: the guard charges it to its sender (his account, and his
   * `address`), and counts the unfinished games of both players, whom it seats at once.
   */
  async offer(
    row: GameRow,
    seat: Player | null,
    offer: boolean,
    address: string,
  ): Promise<RematchStep | NotServed | Refused> {
    const step = offerRematch(this.source.rematch, row.status, row.seats, seat, offer);
    if (!step.ok) return step;
    let rematch = step.value;
    if (step.start) {
      if (this.deps.create === undefined) return NOT_SERVED;
      const sender = seat === null ? null : row.seats[seat].userId;
      if (sender === null) throw new Error('a rematch was agreed by nobody seated');
      const place = await this.admit(row, { id: sender, address });
      if (!place.ok) return place;
      try {
        const next = rematchRow(row, this.deps.now());
        await this.deps.create(next);
        rematch = { ...rematch, next: next.id };
      } finally {
        place.release();
      }
    }
    // Replaced only when it changed: the room tells everyone only then.
    if (!sameRematch(rematch, this.source.rematch)) this.source = { ...this.source, rematch };
    return { ...step, value: rematch };
  }

  /** The guard's word on the rematch (the offer that met a refusal is not kept; the other player's stands). */
  private admit(row: GameRow, by: Starter): Promise<Admission> {
    const { games } = this.deps;
    if (games === undefined) return Promise.resolve({ ok: true, release: () => {} });
    const people = row.seats.flatMap((seat) => (seat.userId === null ? [] : [seat.userId]));
    return games.admit(by, async () => people);
  }
}

const sameRematch = (a: Rematch, b: Rematch): boolean =>
  a.offered[0] === b.offered[0] && a.offered[1] === b.offered[1] && a.next === b.next;

type Refused = Exclude<Admission, { ok: true }>;

type NotServed = { ok: false; error: { code: 'ERR_NO_REMATCH'; message: string } };
const NOT_SERVED: NotServed = {
  ok: false,
  error: { code: 'ERR_NO_REMATCH', message: 'rematches are not served here' },
};
