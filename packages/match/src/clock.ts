/**
 * The clock of a match, as pure values: no timer, no Date.now. Every time is given in, in
 * milliseconds since the epoch, and always the server's (the store keeps `{ action, at }` for
 * each action, so the clock is rebuilt exactly from the record: clockOfActions below). The
 * settings and presets are in clock-settings.ts, the clock's value and its steps in
 * clock-state.ts; a Clock is plain data (numbers, null), so it can be sent as it is.
 *
 * How it counts (the tournament clock of backgammon, "simple delay"):
 * - A stretch is the time one player must act without a break: from the moment he becomes the
 *   actor (actorOf: roll, move, cube, take, answer to a resignation) until someone else is, or
 *   a new game starts. Rolling and then moving is one stretch, as on a board clock, which a
 *   player presses once he has moved; a double hands the clock to the taker, the take hands it
 *   back, and each of those is a new stretch.
 * - Each stretch begins with `delayMs` of free time; only once it is used does the actor's
 *   reserve count down. What is left of a delay is lost, never saved up.
 * - Nobody's clock runs while no one is to act: the opening roll (and its ties), the pass of a
 *   roll that cannot be played (the reducer plays it at once), a finished match.
 * - When the actor's reserve reaches 0 he has lost on time: flagFallAt says when, and the
 *   server applies the match's `timeout` action for him (see the reducer in game.ts: the game
 *   is lost as if resigned at the most the position allows without play, a gammon while the
 *   loser has borne nothing off, else a single, times the cube), and the match with it
 *   (bookTimeout in match.ts: the opponent's score becomes the match length; a money session
 *   ends). Nobody plays on after a timeout, so a clock never runs on a spent reserve.
 * - Money play (length 0): the reserve is per game, refilled at every game (clock-settings.ts,
 *   MONEY_GAME_POINTS).
 * - Correspondence (days per move): no delay, and a reserve of daysPerMove days given to both
 *   players again at every stretch, so what is left of one is never carried over; running out
 *   loses on time as above. A day is DAY_MS, or the `dayMs` the clock was started with.
 *
 * Downtime is never charged. While the server is down no one can act, so charging the actor
 * would lose him the match for the server's fault. The server keeps the spans it was down as
 * pauses `{ from, to }` beside the record: on start it takes `from` as the last moment it
 * knows it was alive (a heartbeat it writes every second or so, or the time of a clean
 * shutdown) and `to` as now. After a crash the actor gets back at most one heartbeat interval
 * he had used (the span from the last heartbeat to the crash counts as downtime); none is charged.
 * Live, pause(clock, at) and resume(clock, at) do the same: the actor keeps the delay and
 * reserve he had when the clock stopped.
 *
 * The server, per timed match:
 *   clock = startClock(settings, length, clockTurn(match), createdAt)  // or clockOfActions(...)
 *   on each applied action at `at`: if flagged(clock, at) !== null apply `timeout` instead;
 *     otherwise clock = tick(clock, clockTurn(next), at)
 *   schedule a timer at flagFallAt(clock) (null: none); when it fires, apply `timeout` for
 *     the actor if flagged(clock, now) still names him.
 * The web shows remaining(clock, now) for both players from a clock it is sent with the state
 * (and warns under 10 s); it never decides a timeout.
 */

export * from './clock-settings.js';
export * from './clock-state.js';

import { ok, type Result } from '@zar/engine';
import { type ClockSettings, DAY_MS } from './clock-settings.js';
import { type Clock, type ClockTurn, clockTurn, pause, resume, startClock, tick } from './clock-state.js';
import { type MatchErrorCode, type MatchSettings, type MatchState, matchReducer, newMatch } from './match.js';
import type { GameAction } from './types.js';

/** A turn of the match and the server time the action that made it was applied. */
export interface TimedTurn {
  readonly turn: ClockTurn;
  readonly at: number;
}

/** An action as the store keeps it: what was done, and the server's time when it was applied. */
export interface TimedAction {
  readonly action: GameAction;
  readonly at: number;
}

/** A span the server was down, from the last moment it knew it was alive to its restart. */
export interface Pause {
  readonly from: number;
  readonly to: number;
}

/** The pauses from `start` on, in order, empty ones dropped and overlapping ones merged. */
function normalPauses(pauses: readonly Pause[], start: number): Pause[] {
  const sorted = pauses
    .map((p) => ({ from: Math.max(p.from, start), to: p.to }))
    .filter((p) => p.to > p.from)
    .sort((a, b) => a.from - b.from);
  const merged: Pause[] = [];
  for (const p of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && p.from <= last.to)
      merged[merged.length - 1] = { from: last.from, to: Math.max(last.to, p.to) };
    else merged.push(p);
  }
  return merged;
}

/**
 * The clock after a match's turns, each with its time, and the spans the server was down: the
 * same clock as tick, pause and resume called as things happened. Turns keep their record
 * order; a pause begins after a turn made at the same instant and ends before one.
 */
export function clockAfter(
  settings: ClockSettings,
  length: number,
  start: TimedTurn,
  turns: readonly TimedTurn[],
  pauses: readonly Pause[] = [],
  dayMs: number = DAY_MS,
): Clock {
  const events: { at: number; stop: boolean }[] = normalPauses(pauses, start.at).flatMap((p) => [
    { at: p.from, stop: true },
    { at: p.to, stop: false },
  ]);
  let clock = startClock(settings, length, start.turn, start.at, dayMs);
  let next = 0;
  const stopOrGo = (e: { at: number; stop: boolean }): Clock => (e.stop ? pause(clock, e.at) : resume(clock, e.at));
  for (const { turn, at } of turns) {
    for (let e = events[next]; e !== undefined && (e.at < at || (e.at === at && !e.stop)); e = events[++next]) {
      clock = stopOrGo(e);
    }
    clock = tick(clock, turn, at);
  }
  for (const e of events.slice(next)) clock = stopOrGo(e);
  return clock;
}

/**
 * Rebuilds a match and its clock from the record as the store keeps it: the match's creation
 * time, each action with its time, and the server's downtime. The first action the rules
 * refuse is reported as the reducer reports it.
 */
export function clockOfActions(
  settings: ClockSettings,
  match: MatchSettings,
  createdAt: number,
  actions: readonly TimedAction[],
  pauses: readonly Pause[] = [],
  dayMs: number = DAY_MS,
): Result<{ readonly clock: Clock; readonly match: MatchState }, MatchErrorCode> {
  let state = newMatch(match);
  const start: TimedTurn = { turn: clockTurn(state), at: createdAt };
  const turns: TimedTurn[] = [];
  for (const { action, at } of actions) {
    const r = matchReducer(state, action);
    if (!r.ok) return r;
    state = r.value;
    turns.push({ turn: clockTurn(state), at });
  }
  return ok({ clock: clockAfter(settings, match.length, start, turns, pauses, dayMs), match: state });
}
