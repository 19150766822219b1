import {
  type Clock,
  type ClockSettings,
  clockAfter,
  clockTurn,
  DAY_MS,
  flagFallAt,
  flagged,
  type MatchState,
  type Pause,
  type Player,
  remaining,
  startClock,
  stretchMs,
  type TimedTurn,
  tick,
} from '@zar/match';
import type { ClockView } from '@zar/protocol';
import type { Deadline, GameRow, Store } from '../store/types.js';

/*
 * A room's clock, on the match layer's pure clock (match/src/clock.ts): the room
 * ticks it with every action it applies, at the time it stores with the action, and sets one
 * timer at its flag fall. Rebuilt at load from the stored actions' times and the server's
 * downtime (the pauses heartbeat.ts records, and each game's own at a takeover), so a restart resumes every clock where it stood
 * when the server stopped: downtime is never charged, as no one could act while the server was
 * down (after a crash, the actor even gets back up to one heartbeat interval he had used).
 */

/**
 * A match's clock as it is created at `at`: null for an untimed match. `dayMs`: a
 * correspondence clock's day (DAY_MS but on a test server).
 */
export function newRoomClock(settings: ClockSettings, match: MatchState, at: number, dayMs = DAY_MS): Clock | null {
  if (settings.kind === 'untimed') return null;
  return startClock(settings, match.settings.length, clockTurn(match), at, dayMs);
}

/**
 * When a correspondence match's stretch runs out and whose it is, as the store keeps it
 * (deadline-sweep.ts); null when its clock does not run. Undefined for every other clock: the
 * store keeps none.
 */
export function deadlineOf(clock: Clock | null): Deadline | null | undefined {
  if (clock?.settings.kind !== 'correspondence') return undefined;
  const at = flagFallAt(clock);
  const seat = clock.turn.player;
  return at === null || seat === null ? null : { at, seat };
}

/**
 * The clock after a stored record: `states` as replay gives them (the first before any
 * action), `times[i]` the time action i was applied, `pauses` the server's downtime since the
 * match was created. Null for an untimed match.
 */
export function roomClockOfRecord(
  settings: ClockSettings,
  states: readonly MatchState[],
  createdAt: number,
  times: readonly number[],
  pauses: readonly Pause[],
  dayMs = DAY_MS,
): Clock | null {
  const first = states[0];
  if (settings.kind === 'untimed' || first === undefined) return null;
  const start: TimedTurn = { turn: clockTurn(first), at: createdAt };
  const turns: TimedTurn[] = times.map((at, i) => ({ turn: clockTurn(states[i + 1] as MatchState), at }));
  return clockAfter(settings, first.settings.length, start, turns, pauses, dayMs);
}

/** The clock after an action applied at `at` left the match at `match`. */
export const tickRoomClock = (clock: Clock | null, match: MatchState, at: number): Clock | null =>
  clock === null ? null : tick(clock, clockTurn(match), at);

/** The player whose time ran out by `at`, who loses the match by `timeout`; null while none has. */
export const fallen = (clock: Clock | null, at: number): Player | null => (clock === null ? null : flagged(clock, at));

/** The clock read at `at`, as a frame written at `at` carries it; null for an untimed match. */
export function clockView(clock: Clock | null, at: number): ClockView | null {
  if (clock === null || clock.settings.kind === 'untimed') return null;
  const reading = remaining(clock, at);
  if (reading === null) return null;
  const { settings } = clock;
  return {
    delayMs: settings.kind === 'timed' ? settings.delayMs : 0,
    perPointMs: settings.kind === 'timed' ? settings.perPointMs : stretchMs(settings, clock.dayMs),
    reserve: [reading.reserve[0], reading.reserve[1]],
    delay: reading.delay,
    actor: reading.actor,
    running: reading.actor !== null && !clock.paused,
  };
}

/** The wait from `now` until the clock's flag falls (0 once it has); null for a clock that does not run. */
export function flagWaitMs(clock: Clock | null, now: number): number | null {
  const at = clock === null ? null : flagFallAt(clock);
  return at === null ? null : Math.max(0, at - now);
}

/** setTimeout's longest wait (about 24.8 days); a later fall is waited for in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * One timer per room at its clock's flag fall: set again at every action (never a polling
 * loop, so a thousand games cost a thousand idle timers). It fires `fall` no earlier than the
 * fall on `now`; the room checks the clock again when it runs (a clock read earlier than the
 * fall, as an injected clock may be, only sets the timer again).
 */
export class FlagTimer {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly now: () => number,
    private readonly fall: () => void,
  ) {}

  /** A fall is awaited. */
  get armed(): boolean {
    return this.timer !== null;
  }

  /** Waits for the clock's flag fall, replacing any earlier wait; none for a clock that does not run. */
  set(clock: Clock | null): void {
    this.at(flagWaitMs(clock, this.now()));
  }

  /** Fires after `waitMs` (a retry after a refused write); null: never. */
  at(waitMs: number | null): void {
    this.clear();
    if (waitMs === null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.fall();
      },
      Math.min(MAX_WAIT_MS, Math.max(0, waitMs)),
    );
  }

  clear(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * A stored match's clock, for a room loaded from the store: `states` as replay gives them,
 * `times` the stored actions' times; the server's downtime since the match was created, and
 * the game's own (its owner's, when another instance took it over), is read only for a timed match.
 */
export async function loadRoomClock(
  store: Pick<Store, 'pausesSince'>,
  row: Pick<GameRow, 'id' | 'clock' | 'createdAt'>,
  states: readonly MatchState[],
  times: readonly number[],
  dayMs = DAY_MS,
): Promise<Clock | null> {
  if (row.clock.kind === 'untimed') return null;
  const pauses = await store.pausesSince(row.createdAt, row.id);
  return roomClockOfRecord(row.clock, states, row.createdAt, times, pauses, dayMs);
}
