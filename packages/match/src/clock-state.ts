/** The clock's state and its steps; the whole design is described in clock.ts. */
import { type ClockSettings, DAY_MS, fullReserve, stretchMs } from './clock-settings.js';
import { actorOf } from './driver.js';
import type { MatchState } from './match.js';
import type { Player } from './types.js';

/** Who must act now, and in which game (a new game is a new stretch, and refills money play). */
export interface ClockTurn {
  readonly player: Player | null;
  readonly game: number;
}

/** The clock's view of a match: its actor (null between games and once it is won) and game. */
export function clockTurn(match: MatchState): ClockTurn {
  return { player: match.winner === null ? actorOf(match.game) : null, game: match.gameNumber };
}

export interface Clock {
  readonly settings: ClockSettings;
  /** The match length; 0 for money play. */
  readonly length: number;
  readonly turn: ClockTurn;
  /**
   * Reserve left: the actor's as of `since` (or the pause), the other player's now; below 0 by
   * the time used past the flag (read it through `remaining`, which shows 0). 0 untimed.
   */
  readonly reserve: readonly [number, number];
  /** The actor's delay left as of `since` (or the pause); 0 when no one acts. */
  readonly delay: number;
  /** Since when the actor's time runs; null while no one acts or the clock is paused. */
  readonly since: number | null;
  readonly paused: boolean;
  /** The length of a day on a correspondence clock (DAY_MS but in tests). */
  readonly dayMs: number;
}

/** Both players' time at one instant. */
export interface ClockReading {
  readonly reserve: readonly [number, number];
  /** The actor's delay left; 0 when no one acts. */
  readonly delay: number;
  readonly actor: Player | null;
}

const sameTurn = (a: ClockTurn, b: ClockTurn): boolean => a.player === b.player && a.game === b.game;

/**
 * The actor's stretch charged up to `at`: delay first, then reserve. The reserve may go below
 * 0 here (the time past the flag), so that a stretch split by a pause falls at the same time
 * as one that was not; readings show 0.
 */
function settle(clock: Clock, at: number): Clock {
  const actor = clock.turn.player;
  if (clock.since === null || actor === null || clock.settings.kind === 'untimed') return clock;
  // A time before the stretch began (a clock stepped back) charges nothing.
  const used = Math.max(0, at - clock.since);
  const fromReserve = Math.max(0, used - clock.delay);
  const reserve: [number, number] = [clock.reserve[0], clock.reserve[1]];
  reserve[actor] -= fromReserve;
  return { ...clock, reserve, delay: Math.max(0, clock.delay - used), since: Math.max(clock.since, at) };
}

const fullDelay = (settings: ClockSettings): number => (settings.kind === 'timed' ? settings.delayMs : 0);

/**
 * The reserve at the start: a timed clock's for the match; a correspondence clock's is one
 * stretch, given again to both at every stretch (so the player not acting shows his full days).
 */
function startReserve(settings: ClockSettings, length: number, dayMs: number): number {
  if (settings.kind === 'timed') return fullReserve(settings, length);
  return settings.kind === 'correspondence' ? stretchMs(settings, dayMs) : 0;
}

/**
 * The clock when a match is created at `at`, `turn` being its first (usually nobody's);
 * `dayMs` is a correspondence clock's day.
 */
export function startClock(
  settings: ClockSettings,
  length: number,
  turn: ClockTurn,
  at: number,
  dayMs: number = DAY_MS,
): Clock {
  const full = startReserve(settings, length, dayMs);
  return {
    settings,
    length,
    turn,
    reserve: [full, full],
    delay: turn.player === null ? 0 : fullDelay(settings),
    since: turn.player === null ? null : at,
    paused: false,
    dayMs,
  };
}

/** The reserves a new stretch starts with: refilled for a new money game, and for every correspondence stretch. */
function nextReserve(clock: Clock, settled: Clock, turn: ClockTurn): readonly [number, number] {
  const { settings } = clock;
  if (settings.kind === 'correspondence') {
    // No one to act (the match over, or between games): the time as it stood, so a loss on
    // time shows the loser's clock at 0; the next stretch with an actor gives both their days.
    if (turn.player === null) return settled.reserve;
    const full = stretchMs(settings, clock.dayMs);
    return [full, full];
  }
  if (settings.kind === 'timed' && clock.length === 0 && turn.game !== clock.turn.game) {
    const full = fullReserve(settings, 0);
    return [full, full];
  }
  return settled.reserve;
}

/**
 * The clock after an action applied at `at` made `turn` the match's turn. The same player
 * still to act in the same game (he rolled and now moves) leaves the clock running as it is;
 * otherwise the stretch ends, charged up to `at`, and the new actor's begins with a full delay.
 */
export function tick(clock: Clock, turn: ClockTurn, at: number): Clock {
  if (sameTurn(clock.turn, turn)) return clock;
  const settled = settle(clock, at);
  return {
    ...settled,
    turn,
    reserve: nextReserve(clock, settled, turn),
    delay: turn.player === null ? 0 : fullDelay(clock.settings),
    since: turn.player === null || clock.paused ? null : at,
  };
}

/** Stops the clock at `at` (the server going down); the actor keeps his delay and reserve. */
export function pause(clock: Clock, at: number): Clock {
  if (clock.paused) return clock;
  return { ...settle(clock, at), since: null, paused: true };
}

/** Starts a paused clock again at `at`, from where it stopped. */
export function resume(clock: Clock, at: number): Clock {
  if (!clock.paused) return clock;
  return { ...clock, paused: false, since: clock.turn.player === null ? null : at };
}

/** Both players' time at `at`; null for an untimed match. */
export function remaining(clock: Clock, at: number): ClockReading | null {
  if (clock.settings.kind === 'untimed') return null;
  const now = settle(clock, at);
  const reserve = [Math.max(0, now.reserve[0]), Math.max(0, now.reserve[1])] as const;
  return { reserve, delay: now.delay, actor: now.turn.player };
}

/**
 * When the actor's reserve runs out if he does not act: where the server sets its timer. Null
 * when untimed, when no one acts, and while paused.
 */
export function flagFallAt(clock: Clock): number | null {
  const actor = clock.turn.player;
  if (clock.settings.kind === 'untimed' || clock.since === null || actor === null) return null;
  return clock.since + clock.delay + clock.reserve[actor];
}

/** The actor when his time is out at `at` (he loses by `timeout`), else null. */
export function flagged(clock: Clock, at: number): Player | null {
  const fall = flagFallAt(clock);
  return fall !== null && at >= fall ? clock.turn.player : null;
}
