import type { Agent, Clock, DiceSource, GameAction, MatchState, Player } from '@zar/match';
import type { BotRunner } from '../bots/index.js';
import type { GameRow, GameStatusRow } from '../store/types.js';
import { type ClaimDeps, type ClaimSituation, claimSituation } from './claim.js';
import { newRoomClock, tickRoomClock } from './clock.js';
import { clockPresenceOf } from './clock-presence.js';
import { RoomCompany } from './company/company.js';
import type { FairDeps } from './company/fair.js';
import { admits } from './company/view.js';
import type { WatchDeps } from './company/watchers.js';
import type { RowChange } from './decision.js';
import { type Flagged, flagFallen } from './flag.js';
import type { FrameSource } from './frames.js';
import { type Presence, presenceChange, presenceOf } from './presence.js';
import { rowAfterAction } from './progress.js';
import { NO_STANDING, type Standing } from './rating/ratings.js';
import { type Rematch, rematchFor } from './rating/rematch.js';
import { type RatedSource, ratedAfterRead, ratedAtEnd, ratedSourceOf, type StoredRating } from './rating/view.js';
import type { Subscriber } from './room-result.js';
import { botsOf } from './seats.js';

/** What a room's values need from its dependencies (RoomDeps). */
export interface ProxyDeps extends ClaimDeps, FairDeps, WatchDeps {
  /** A correspondence clock's day (DAY_MS when left out; shorter on a test server). */
  readonly correspondenceDayMs?: number;
}

/**
 * What a room knows of its match, and the reads made from it (lila's GameProxy): the row, the
 * match and its actions, the clock and who is connected, the company (the dice and a fair
 * match's seeds, the spectators, the tournament) and the rated source. It does no I/O and
 * queues nothing: the room stores first, then tells it what was stored (changed, applied), so
 * that a command's decider reads the values as the store has them.
 */
export class GameProxy {
  readonly id: string;
  /** The game as stored; replaced, never mutated. */
  row: GameRow;
  match: MatchState;
  readonly actions: GameAction[];
  readonly company: RoomCompany;
  /** The decider of each bot seat (seats.ts botsOf); null for a person's. */
  readonly bots: readonly [Agent | null, Agent | null];
  /** Rated or casual, the seats' ratings, the rematch, the series (rating/view.ts); replaced, never mutated. */
  rating: RatedSource;
  /** Null for an untimed match (clock.ts). */
  clock: Clock | null;
  /** Each seat's presence as last sensed (presence.ts). */
  present: Presence;

  constructor(
    row: GameRow,
    match: MatchState,
    actions: GameAction[],
    dice: DiceSource | null,
    runner: BotRunner,
    private readonly deps: ProxyDeps,
    clock: Clock | null | undefined,
  ) {
    this.id = row.id;
    this.row = row;
    this.match = match;
    this.actions = actions;
    this.company = new RoomCompany(row, dice, deps);
    this.bots = botsOf(row, runner);
    this.rating = ratedSourceOf(row, NO_STANDING, rematchFor(row));
    this.clock = clock === undefined ? newRoomClock(row.clock, match, row.createdAt, deps.correspondenceDayMs) : clock;
    this.present = presenceOf(row.seats, []);
  }

  /** The number of actions stored: what a command's version is checked against, and what each frame carries. */
  get version(): number {
    return this.actions.length;
  }

  get status(): GameStatusRow {
    return this.row.status;
  }

  /** `userId` may watch: he plays here, the game waits for an opponent, or spectators are admitted (company/view.ts admits). */
  admits(userId: string | null): boolean {
    return admits(this.row, userId);
  }

  /** Whether the absent actor of an untimed match may be claimed, and from when (claim.ts). */
  claimSituation(): ClaimSituation {
    return claimSituation(this.row, this.match, this.clock !== null, this.deps);
  }

  /** The actor's flag has fallen at `at` (flag.ts): who loses on time, abandoned if he was away; null if not. */
  flagged(at: number): Flagged | null {
    return flagFallen(this.row.status, this.clock, this.present, at);
  }

  /** The values a frame is written from (frames.ts), read at `now`. */
  frameSource(now: number): FrameSource {
    return {
      id: this.id,
      version: this.version,
      row: this.row,
      match: this.match,
      actions: this.actions,
      rated: this.rating,
      company: this.company,
      now,
      clockPresence: (you, at) =>
        clockPresenceOf({ clock: this.clock, presence: this.present, claim: this.claimSituation() }, you, at),
    };
  }

  /**
   * Who is connected and how many spectators watch, read again from `subscribers`: true when
   * either changed (everyone is told, at the presence's pace).
   */
  sensed(subscribers: Set<Subscriber>): boolean {
    const present = presenceChange(
      this.row.seats,
      Array.from(subscribers, (sub) => sub.userId),
      this.present,
    );
    if (present !== null) this.present = present;
    return this.company.watching.recount(this.row.seats, subscribers) || present !== null;
  }

  /**
   * The store kept `change` at `at`: the row has it (and its updatedAt moves when `touched`), and
   * a fair match's dice are drawn from the seeds stored once complete.
   */
  changed(change: RowChange, at: number, touched: boolean): void {
    this.row = touched ? { ...this.row, ...change, updatedAt: at } : { ...this.row, ...change };
    if (change.fair) this.company.fair.stored(change.fair);
    // A match stored as not rated (its players past their limit together) is shown so.
    if (change.rated === false) this.rating = { ...this.rating, rated: false, unrated: change.unrated ?? null };
  }

  /** The rematch's offers after a player's word (rating/rematch.ts decideRematch), kept in memory only. */
  offers(rematch: Rematch): void {
    this.rating = { ...this.rating, rematch };
  }

  /** The seats' ratings and a rematch already started, as the room read them from the store (rating/loaders.ts readStanding). */
  ratingsRead(read: { readonly standing: Standing; readonly next: string | null }): void {
    this.rating = ratedAfterRead(this.rating, read.standing, read.next);
  }

  /**
   * The store kept `action` at `at`, which made `next` (progress.ts statusAfter: `status`, when
   * it changes it): the match, the clock, the actions and the dice, the row and, at a rated
   * match's end, its rating as the store answered it (`stored`).
   */
  applied(
    action: GameAction,
    next: MatchState,
    status: GameStatusRow | undefined,
    at: number,
    abandonedBy: Player | undefined,
    stored: StoredRating,
  ): void {
    this.match = next;
    this.clock = tickRoomClock(this.clock, next, at);
    this.actions.push(action);
    this.company.fair.dice.kept(action);
    this.row = rowAfterAction(this.row, next, status, at, abandonedBy);
    const rated = ratedAtEnd(this.rating, this.row, stored);
    if (rated !== null) ({ row: this.row, source: this.rating } = rated);
  }
}
