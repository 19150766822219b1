import type { GameAction, MatchState, Player } from '@zar/match';
import type { Log } from '../common/log.js';
import type { GameStatusRow, GamesStore } from '../store/types.js';
import { deadlineOf, tickRoomClock } from './clock.js';
import type { RowChange } from './decision.js';
import { outcomeChange } from './outcome-change.js';
import type { GameProxy } from './proxy.js';
import { rateAtEnd } from './rating/ratings.js';
import { fail, type RoomRefusal, unavailable } from './room-result.js';

/** What a room's writes need from the room's dependencies (RoomDeps). */
export interface WritesDeps {
  readonly store: GamesStore;
  readonly log: Log;
  readonly now: () => number;
}

/** What the room does when the store refuses a write it should have accepted (Room). */
export interface WriteRefused {
  /** The store refused the epoch: another instance owns the game now. */
  readonly moved: () => void;
  /** The stored version is not the room's: its copy of the game is not to be trusted. */
  readonly broke: () => void;
}

/** An action the store kept, with the ratings it changed when it ended a rated match. */
export type Appended = Extract<Awaited<ReturnType<GamesStore['appendAction']>>, { ok: true }>;

/**
 * A room's writes to the store, each kept by its GameProxy only once stored. Beside other
 * instances each carries the epoch of the ownership this instance holds the game at
 * (ownership.ts): once another instance took the game over, the store refuses it (ERR_NOT_OWNER)
 * and stores nothing, even when the game's version has not moved since; the room is told
 * (`moved`: it steps down), and whoever asked is answered that the game moved.
 */
export class RoomWrites {
  constructor(
    private readonly game: GameProxy,
    /** Undefined alone (no other instance): the writes are not fenced. */
    readonly epoch: number | undefined,
    private readonly deps: WritesDeps,
    private readonly refused: WriteRefused,
  ) {}

  /**
   * Stores `action`, which takes the match to `next` at `at` (and the row's status to
   * `changed`), as the game's next action, with the outcome and the rating it brings. Answers
   * what the store kept, for the room to apply (proxy.ts applied) in the same turn as it tells
   * everyone, or a refusal: the store away (nothing was applied, the action may be tried again),
   * the game moved, or the room's copy broken.
   */
  async append(
    action: GameAction,
    next: MatchState,
    changed: GameStatusRow | undefined,
    at: number,
    abandonedBy: Player | undefined,
  ): Promise<Appended | RoomRefusal> {
    const { row, match, actions, present, version } = this.game;
    // A rated match is rated by the store with the action that ends it, in one transaction.
    const rate = rateAtEnd(row, match, next, actions, action, present, at);
    const outcome = outcomeChange(match, next, abandonedBy);
    // A correspondence match's deadline goes with its action, for the sweep once it has no room.
    const deadline =
      row.clock.kind === 'correspondence' ? deadlineOf(tickRoomClock(this.game.clock, next, at)) : undefined;
    let stored: Awaited<ReturnType<GamesStore['appendAction']>>;
    try {
      const { epoch } = this;
      stored = await this.deps.store.appendAction(row.id, version, action, at, changed, outcome, rate, epoch, deadline);
    } catch (e) {
      // Should the store have kept it all the same (a connection cut after COMMIT), the retry
      // meets a version conflict and the game is reloaded from the store.
      this.deps.log.warn({ err: e, game: row.id, version }, 'the store refused an action');
      return unavailable();
    }
    if (stored.ok) return stored;
    return stored.code === 'ERR_NOT_OWNER' ? this.notOwner() : this.broke();
  }

  /**
   * Stores fields of the row beside the match, now, then the proxy keeps them; `touched`: its
   * updatedAt moves too. Answers the time stored. Refused as owner, the room steps down and this
   * throws, as a store away does: the command stops there.
   */
  async update(change: RowChange, touched = false): Promise<number> {
    const at = this.deps.now();
    const stored = await this.deps.store.updateGame(this.game.id, change, at, this.epoch);
    if (!stored.ok) {
      this.notOwner();
      throw new Error(`game ${this.game.id} is owned by another instance now`);
    }
    this.game.changed(change, at, touched);
    return at;
  }

  /** The store refused this room's epoch: another instance took the game over; nothing was written. */
  private notOwner(): RoomRefusal {
    this.deps.log.warn({ game: this.game.id, epoch: this.epoch }, 'another instance owns this game now: stepping down');
    this.refused.moved();
    return fail('ERR_CLOSED', 'the game moved to another server; it goes on there');
  }

  private broke(): RoomRefusal {
    this.deps.log.error(
      { game: this.game.id, version: this.game.version },
      'stored version differs from the room: reload',
    );
    this.refused.broke();
    return fail('ERR_INTERNAL', 'the game changed elsewhere; reload it');
  }
}
