import type { ClockView } from '@zar/protocol';

/*
 * The clock as the page shows it between two frames. The server alone decides a timeout: the
 * page only counts down from the frame's reading, from when the frame arrived, so that the
 * player sees his time go. A new frame replaces whatever the page had counted.
 */

/** Under this much time before his flag falls a player's clock turns to the warning colour. */
export const WARNING_MS = 10_000;

/** One seat's clock at a moment. */
export interface SeatTime {
  /** Reserve left, in ms. */
  readonly reserve: number;
  /** Delay left in this stretch, in ms (0 for the player not acting). */
  readonly delay: number;
  /** This seat's time is going down now. */
  readonly running: boolean;
  /** The seat is the actor (his delay bar is shown even while the server has paused the clock). */
  readonly acting: boolean;
}

/**
 * Both seats' clocks `elapsed` ms after the frame with `reading` arrived: the actor's delay
 * goes first, then his reserve; nothing goes below zero; the other seat's reserve stands.
 * A paused clock (running false) shows the reading as it is.
 */
export function clockAt(reading: ClockView, elapsed: number): readonly [SeatTime, SeatTime] {
  const used = reading.running && reading.actor !== null ? Math.max(0, elapsed) : 0;
  const seat = (p: 0 | 1): SeatTime => {
    const acting = reading.actor === p;
    if (!acting) return { reserve: reading.reserve[p], delay: 0, running: false, acting: false };
    const delay = Math.max(0, reading.delay - used);
    const fromReserve = Math.max(0, used - reading.delay);
    return { reserve: Math.max(0, reading.reserve[p] - fromReserve), delay, running: reading.running, acting };
  };
  return [seat(0), seat(1)];
}

/** The time before the seat's flag falls if he does not act: what is left of his delay, then his reserve. */
export const toFlag = (s: SeatTime): number => s.delay + s.reserve;

/** The seat is short of time: the warning colour. */
export const isLow = (s: SeatTime): boolean => toFlag(s) < WARNING_MS;

/**
 * The warning tone and the one spoken warning are due: the time to the flag went from at least
 * WARNING_MS to under it between two readings of the same stretch (a fresh frame that already
 * starts under it does not sound again: it sounded before, or the player just came in).
 */
export const crossedWarning = (before: number, after: number): boolean => before >= WARNING_MS && after < WARNING_MS;

/** Whole seconds, rounded up, as m:ss (h:mm:ss from an hour): a countdown that shows 0:00 only at its end. */
export function countdownText(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const ss = String(seconds % 60).padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${ss}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${ss}`;
}

/**
 * A clock's time as the page writes it: countdownText from ten seconds (so a clock shows 0:10
 * until fewer than ten seconds are left), and m:ss.t below, with tenths rounded down (so
 * 0:00.0 is shown only at the flag).
 */
export function clockText(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= WARNING_MS) return countdownText(left);
  const tenths = Math.floor(left / 100);
  return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** The delay left as the badge beside the reserve shows it: "+8", whole seconds rounded up. */
export const delayText = (ms: number): string => `+${Math.ceil(Math.max(0, ms) / 1000)}`;

/** How much of the stretch's delay is left, 0..1, for the delay bar. */
export const delayShare = (s: SeatTime, delayMs: number): number =>
  delayMs > 0 ? Math.min(1, Math.max(0, s.delay / delayMs)) : 0;

/**
 * How far back above WARNING_MS the time must go (a new stretch's delay, a fresh frame read a
 * little later than the page counted) before the warning may sound again: a frame's jitter
 * around ten seconds never sounds it twice.
 */
export const REARM_MS = 2_000;

/** What the warning remembers across readings of the viewer's running clock. */
export interface WarningState {
  /** The time to the flag at the last reading; null when his clock was not running. */
  readonly before: number | null;
  /** The warning has sounded and not been re-armed. */
  readonly warned: boolean;
  /**
   * The page saw his clock stopped (the opponent acting) since it opened: a stretch that then
   * starts under WARNING_MS is one he has just been given, and is warned of at its start.
   */
  readonly sawStopped?: boolean;
}

/** The page has just opened: a stretch already under way is not warned of as it is first read. */
export const QUIET: WarningState = { before: null, warned: false };

const STOPPED: WarningState = { before: null, warned: false, sawStopped: true };

/**
 * One reading of the viewer's clock (`left`: time to his flag; null when it is not running):
 * the next state, and whether the warning sounds now. It sounds when the time crosses
 * WARNING_MS, or at the start of a stretch that begins under it (a reserve nearly spent, a
 * clock with little delay: the player most in need of it), once, until it has gone REARM_MS
 * above it again or the clock stopped. A stretch the page first reads half-way (it has just
 * opened) sounds only if it crosses.
 */
export function warningStep(s: WarningState, left: number | null): { state: WarningState; sound: boolean } {
  if (left === null) return { state: STOPPED, sound: false };
  const due = s.before === null ? s.sawStopped === true && left < WARNING_MS : crossedWarning(s.before, left);
  const sound = !s.warned && due;
  const rearmed = left >= WARNING_MS + REARM_MS;
  return { state: { before: left, warned: (s.warned || sound) && !rearmed }, sound };
}
