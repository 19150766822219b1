import { GAME_IDS, type GameId } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_PRESETS,
  type Clock,
  type ClockSettings,
  type ClockTurn,
  clockOfActions,
  clockTurn,
  flagFallAt,
  flagged,
  fullReserve,
  type MatchState,
  type Pause,
  pause,
  remaining,
  resume,
  startClock,
  type TimedAction,
  tick,
} from '../src/index.js';
import { type RandomMatch, randomMatch, randomSettings, randomSource } from './support/random-match.js';

const T = 1_700_000_000_000;

const MAX_ACTIONS = 120;

/**
 * A match to play (random game, length, rules and actions, from a seed, so that a failing case
 * prints short) and what happened before each action.
 */
interface Scenario {
  readonly clock: ClockSettings;
  readonly game: GameId;
  readonly seed: number;
  readonly actions: number;
  /** Time taken before each action; some are long enough to run a reserve out. */
  readonly thinking: readonly number[];
  /** Downtime in the gap before each action: where it began in the gap (0..1) and how long it lasted. */
  readonly downtime: readonly ({ readonly at: number; readonly lasted: number } | null)[];
}

const TIMED = [CLOCK_PRESETS.speed, CLOCK_PRESETS.normal, CLOCK_PRESETS.casual, CLOCK_PRESETS.tournament];

const scenario = (clocks: readonly ClockSettings[]): fc.Arbitrary<Scenario> => {
  const think = fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 400_000 }));
  const down = fc.option(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), lasted: fc.nat(86_400_000) }), {
    freq: 4,
  });
  return fc.record({
    clock: fc.constantFrom(...clocks),
    game: fc.constantFrom(...GAME_IDS),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    actions: fc.integer({ min: 1, max: MAX_ACTIONS }),
    thinking: fc.array(think, { minLength: MAX_ACTIONS, maxLength: MAX_ACTIONS }),
    downtime: fc.array(down, { minLength: MAX_ACTIONS, maxLength: MAX_ACTIONS }),
  });
};

/** The scenario's match: random legal actions from its seed. */
const played = (s: Scenario): RandomMatch =>
  randomMatch(randomSettings(s.game, randomSource(s.seed)), s.seed, s.actions);

/** The record as the server keeps it, with the downtime (or without: the uninterrupted run). */
function recorded(
  s: Scenario,
  m: RandomMatch,
  withDowntime: boolean,
): { actions: TimedAction[]; pauses: Pause[]; gaps: (Pause | null)[] } {
  const actions: TimedAction[] = [];
  const pauses: Pause[] = [];
  /** The pause before each action, if any. */
  const gaps: (Pause | null)[] = [];
  let now = T;
  m.actions.forEach((action, i) => {
    const think = s.thinking[i] as number;
    const down = s.downtime[i];
    if (withDowntime && down) {
      const from = now + Math.floor(down.at * think);
      pauses.push({ from, to: from + down.lasted });
      gaps.push(pauses.at(-1) as Pause);
      now += down.lasted;
    } else gaps.push(null);
    now += think;
    actions.push({ action, at: now });
  });
  return { actions, pauses, gaps };
}

function rebuilt(
  s: Scenario,
  m: RandomMatch,
  record: { readonly actions: readonly TimedAction[]; readonly pauses: readonly Pause[] },
): Clock {
  const r = clockOfActions(s.clock, m.settings, T, record.actions, record.pauses);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.clock;
}

/** Instants worth reading a clock at, from `from` on: at once, within a delay, past it, long after. */
const readings = (from: number): number[] => [0, 1, 7_999, 8_000, 15_000, 125_000, 3_600_000].map((d) => from + d);

describe('the clock rebuilt from the record', () => {
  it('equals the clock ticked, paused and resumed as things happened (property)', () => {
    fc.assert(
      fc.property(scenario([...TIMED, CLOCK_PRESETS.untimed]), (s) => {
        const m = played(s);
        const record = recorded(s, m, true);
        let live = startClock(s.clock, m.settings.length, clockTurn(m.states[0] as MatchState), T);
        record.actions.forEach(({ at }, i) => {
          const down = record.gaps[i];
          // A pause that lasted no time is no pause: the clock did not stop.
          if (down && down.to > down.from) live = resume(pause(live, down.from), down.to);
          live = tick(live, clockTurn(m.states[i + 1] as MatchState), at);
        });
        const fold = rebuilt(s, m, record);
        expect(fold).toEqual(live);
        const last = record.actions.at(-1)?.at ?? T;
        for (const at of readings(last)) expect(remaining(fold, at)).toEqual(remaining(live, at));
        expect(flagFallAt(fold)).toBe(flagFallAt(live));
      }),
      { numRuns: 60 },
    );
  });

  it('after a restart, reads as if never interrupted: the downtime is not charged (property)', () => {
    fc.assert(
      fc.property(scenario(TIMED), (s) => {
        const m = played(s);
        const uninterrupted = rebuilt(s, m, recorded(s, m, false));
        const withDowntime = recorded(s, m, true);
        const restarted = rebuilt(s, m, withDowntime);
        const downtime = withDowntime.pauses.reduce((sum, p) => sum + (p.to - p.from), 0);
        const last = recorded(s, m, false).actions.at(-1)?.at ?? T;
        for (const at of readings(last))
          expect(remaining(restarted, at + downtime)).toEqual(remaining(uninterrupted, at));
        const fall = flagFallAt(uninterrupted);
        expect(flagFallAt(restarted)).toBe(fall === null ? null : fall + downtime);
      }),
      { numRuns: 60 },
    );
  });

  it('a server down since the last action resumes the clocks where they were (property)', () => {
    fc.assert(
      fc.property(scenario(TIMED), fc.nat(120_000), fc.nat(86_400_000), (s, alive, down) => {
        const m = played(s);
        const record = recorded(s, m, false);
        const last = record.actions.at(-1)?.at ?? T;
        const crash = { from: last + alive, to: last + alive + down };
        const restarted = rebuilt(s, m, { actions: record.actions, pauses: [crash] });
        const uninterrupted = rebuilt(s, m, record);
        for (const at of readings(crash.from))
          expect(remaining(restarted, at + down)).toEqual(remaining(uninterrupted, at));
      }),
      { numRuns: 40 },
    );
  });

  it('charges each stretch what it took past the delay, and never goes below 0 (property)', () => {
    fc.assert(
      fc.property(scenario(TIMED), (s) => {
        const m = played(s);
        const settings = s.clock;
        const length = m.settings.length;
        fc.pre(settings.kind === 'timed' && length > 0);
        if (settings.kind !== 'timed') return;
        const record = recorded(s, m, false);
        // An independent count: a stretch runs from a change of turn to the next one.
        const used = [0, 0];
        let turn: ClockTurn = clockTurn(m.states[0] as MatchState);
        let since = T;
        record.actions.forEach(({ at }, i) => {
          const next = clockTurn(m.states[i + 1] as MatchState);
          if (next.player === turn.player && next.game === turn.game) return;
          if (turn.player !== null)
            used[turn.player] = (used[turn.player] as number) + Math.max(0, at - since - settings.delayMs);
          turn = next;
          since = at;
        });
        const last = record.actions.at(-1)?.at ?? T;
        // The stretch still running when the record ends, read at its last action.
        if (turn.player !== null)
          used[turn.player] = (used[turn.player] as number) + Math.max(0, last - since - settings.delayMs);
        const full = fullReserve(settings, length);
        const clock = rebuilt(s, m, record);
        expect(remaining(clock, last)?.reserve).toEqual(used.map((u) => Math.max(0, full - u)));
      }),
      { numRuns: 60 },
    );
  });

  it('never flags an untimed match (property)', () => {
    fc.assert(
      fc.property(scenario([CLOCK_PRESETS.untimed]), (s) => {
        const m = played(s);
        const record = recorded(s, m, true);
        const clock = rebuilt(s, m, record);
        expect(flagFallAt(clock)).toBeNull();
        expect(flagged(clock, Number.MAX_SAFE_INTEGER)).toBeNull();
        expect(remaining(clock, Number.MAX_SAFE_INTEGER)).toBeNull();
      }),
      { numRuns: 30 },
    );
  });
});
