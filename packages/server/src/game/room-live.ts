import { actorOf, type Clock, type MatchState, type Player } from '@zar/match';
import type { GameRow } from '../store/types.js';
import { type ClaimResult, type ClaimSituation, claimCheck, DEFAULT_CLAIM_AFTER_MS } from './claim.js';
import { FlagTimer, fallen, newRoomClock, tickRoomClock } from './clock.js';
import { type LiveMeta, liveJson, liveMeta } from './live-view.js';
import { type Presence, presenceOf, samePresence } from './presence.js';

/** What a room's live part needs from the room's dependencies (RoomDeps). */
export interface LiveDeps {
  readonly now: () => number;
  /** An untimed match's absent actor may be claimed after this long (claim.ts). */
  readonly claimAfterMs?: number;
  /** When this server started: a claim's wait counts from it at the earliest. */
  readonly upSince?: number;
}

/** The room's values a live part reads; the room replaces them, never mutates them. */
export interface LiveRoom {
  readonly row: GameRow;
  readonly match: MatchState;
}

/** The player whose time ran out, and whether he lost by abandonment (his page was closed). */
export interface Flagged {
  readonly player: Player;
  readonly abandonedBy?: Player;
}

/**
 * What a room knows of its match beyond the record: the clock and its flag timer,
 * who is connected, and the claim rule. The room calls it at its hooks (an action applied, a
 * watcher come or gone, a frame written); the decisions stay in the room's queue.
 */
export class RoomLive {
  private clock: Clock | null;
  private present: Presence;
  /** Set at the clock's flag fall; armed, the room is not dropped from memory. */
  readonly flag: FlagTimer;
  /** Flag-fall timeouts the store refused in a row (the next retry waits longer). */
  refusals = 0;

  constructor(
    room: LiveRoom,
    /** A clock rebuilt from the record (Rooms.load); a new match's starts at its creation. */
    clock: Clock | null | undefined,
    private readonly deps: LiveDeps,
    fall: () => void,
  ) {
    this.clock = clock === undefined ? newRoomClock(room.row.clock, room.match, room.row.createdAt) : clock;
    this.present = presenceOf(room.row.seats, []);
    this.flag = new FlagTimer(deps.now, fall);
  }

  /** The clock after an action applied at `at` left the match at `match`; the timer follows it. */
  ticked(match: MatchState, at: number): void {
    this.clock = tickRoomClock(this.clock, match, at);
    this.flag.set(this.clock);
  }

  /** Each seat's presence as last sensed (a rated match nobody played is rated only for a winner there). */
  get presence(): Presence {
    return this.present;
  }

  /** Sets the timer at the flag fall (at start, or again after it fired early). */
  arm(): void {
    this.flag.set(this.clock);
  }

  /** Reads the seats' presence again from the room's watchers' users; true when it changed. */
  sense(seats: GameRow['seats'], watchers: Iterable<string | null>): boolean {
    const now = presenceOf(seats, watchers);
    if (samePresence(now, this.present)) return false;
    this.present = now;
    return true;
  }

  /**
   * The actor whose flag has fallen by `at`, if any. One who had the game closed when his time
   * ran out abandoned it (his profile's share counts it); one who was there simply lost on time.
   */
  fallen(room: LiveRoom, at: number): Flagged | null {
    if (room.row.status !== 'playing') return null;
    const player = fallen(this.clock, at);
    if (player === null) return null;
    return this.present[player] ? { player } : { player, abandonedBy: player };
  }

  /** A claim by the player in seat `you` now: the absent actor, or why not (claim.ts). */
  claim(room: LiveRoom, you: Player): ClaimResult {
    return claimCheck(this.situation(room), you, this.deps.now());
  }

  /** The clock, presence and claim of a frame for `you` written at `at`. */
  meta(room: LiveRoom, you: Player | null, at: number): LiveMeta {
    return liveMeta({ clock: this.clock, presence: this.present, claim: this.situation(room) }, you, at);
  }

  /** The same as JSON, for view-json.ts viewFor. */
  json(room: LiveRoom, you: Player | null, at: number): string {
    return liveJson(this.meta(room, you, at));
  }

  private situation({ row, match }: LiveRoom): ClaimSituation {
    return {
      status: row.status,
      seats: row.seats,
      timed: this.clock !== null,
      actor: match.winner === null ? actorOf(match.game) : null,
      since: Math.max(row.updatedAt, this.deps.upSince ?? row.updatedAt),
      afterMs: this.deps.claimAfterMs ?? DEFAULT_CLAIM_AFTER_MS,
    };
  }
}
