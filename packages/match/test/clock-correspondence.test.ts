import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_PRESETS,
  type ClockSettings,
  clockAfter,
  DAY_MS,
  DAYS_PER_MOVE,
  flagFallAt,
  flagged,
  parseClockSettings,
  pause,
  ratingPool,
  remaining,
  resume,
  startClock,
  tick,
} from '../src/index.js';

const T = 1_700_000_000_000;
const P0 = { player: 0, game: 1 } as const;
const P1 = { player: 1, game: 1 } as const;
const THREE: ClockSettings = { kind: 'correspondence', daysPerMove: 3 };

describe('correspondence clock settings', () => {
  it('has a preset for each of 1, 2, 3, 5 and 7 days per move', () => {
    for (const days of DAYS_PER_MOVE) {
      expect(parseClockSettings({ preset: `days-${days}` })).toEqual({
        ok: true,
        value: { kind: 'correspondence', daysPerMove: days },
      });
    }
  });

  it.each([
    ['4 days', { kind: 'correspondence', daysPerMove: 4 }],
    ['0 days', { kind: 'correspondence', daysPerMove: 0 }],
    ['days as text', { kind: 'correspondence', daysPerMove: '3' }],
    ['no days', { kind: 'correspondence' }],
    ['a delay beside the days', { kind: 'correspondence', daysPerMove: 3, delayMs: 0 }],
    ['an unknown days preset', { preset: 'days-4' }],
  ])('refuses %s with ERR_SETTINGS', (_, input) => {
    const r = parseClockSettings(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_SETTINGS');
  });

  it('parses a stored setting to itself (property)', () => {
    const setting = fc.oneof(
      fc.constantFrom(...Object.values(CLOCK_PRESETS)),
      fc.constantFrom(...DAYS_PER_MOVE).map((daysPerMove) => ({ kind: 'correspondence', daysPerMove }) as const),
    );
    fc.assert(
      fc.property(setting, (stored) => {
        expect(parseClockSettings(JSON.parse(JSON.stringify(stored)))).toEqual({ ok: true, value: stored });
      }),
    );
  });
});

describe('correspondence ratings', () => {
  it('rates a correspondence kind in its game’s or cycle’s own pool', () => {
    const kind = { play: { preset: 'backgammon' }, length: 5, clock: 'days-3', rated: true } as const;
    expect(ratingPool(kind)).toBe('corr-backgammon');
    expect(ratingPool({ ...kind, play: { cycle: 'tavli' } })).toBe('corr-tavli');
    expect(ratingPool({ ...kind, clock: 'normal' })).toBe('backgammon');
  });
});

describe('days per move', () => {
  it('gives each stretch its days, the player waiting showing all of his', () => {
    const c = startClock(THREE, 5, P0, T);
    expect(remaining(c, T + DAY_MS)).toEqual({ reserve: [2 * DAY_MS, 3 * DAY_MS], delay: 0, actor: 0 });
    expect(flagFallAt(c)).toBe(T + 3 * DAY_MS);
  });

  it('carries nothing over: a quick move leaves the next stretch no longer', () => {
    let c = tick(startClock(THREE, 5, P0, T), P1, T + 1_000);
    c = tick(c, P0, T + 2 * DAY_MS);
    expect(remaining(c, T + 2 * DAY_MS)).toEqual({ reserve: [3 * DAY_MS, 3 * DAY_MS], delay: 0, actor: 0 });
    expect(flagFallAt(c)).toBe(T + 5 * DAY_MS);
  });

  it('keeps the time as it stood once no one acts: a loss on time leaves the loser at 0', () => {
    const c = startClock(THREE, 5, P0, T);
    const over = tick(c, { player: null, game: 1 }, T + 3 * DAY_MS);
    expect(remaining(over, T + 4 * DAY_MS)?.reserve).toEqual([0, 3 * DAY_MS]);
    // The next game's first stretch gives both their days again.
    const next = tick(over, { player: 1, game: 2 }, T + 4 * DAY_MS);
    expect(remaining(next, T + 4 * DAY_MS)?.reserve).toEqual([3 * DAY_MS, 3 * DAY_MS]);
  });

  it('runs one stretch through a roll and the move after it', () => {
    const c = startClock(THREE, 5, P0, T);
    expect(tick(c, P0, T + DAY_MS)).toBe(c);
  });

  it('counts the day it was started with', () => {
    const c = startClock(THREE, 0, P0, T, 1_000);
    expect(flagFallAt(c)).toBe(T + 3_000);
    expect(flagged(tick(c, P1, T + 500), T + 3_400)).toBeNull();
    expect(flagged(tick(c, P1, T + 500), T + 3_500)).toBe(1);
  });

  it('flags a stretch exactly at its start + days + the pauses within it (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DAYS_PER_MOVE),
        fc.integer({ min: 1_000, max: DAY_MS }),
        fc.integer({ min: 0, max: 10 * DAY_MS }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: DAY_MS }), fc.integer({ min: 1, max: DAY_MS })), { maxLength: 4 }),
        (daysPerMove, dayMs, startedAt, gaps) => {
          const settings: ClockSettings = { kind: 'correspondence', daysPerMove };
          const start = T + startedAt;
          // Pauses one after another, each within the stretch (a gap of running time before it).
          let at = start;
          let paused = 0;
          const pauses = gaps.map(([run, down]) => {
            const from = at + Math.min(run, Math.floor((daysPerMove * dayMs) / (gaps.length + 1)));
            at = from + down;
            paused += down;
            return { from, to: at };
          });
          const turn = { turn: P1, at: start };
          const clock = clockAfter(settings, 5, { turn: P0, at: T }, [turn], pauses, dayMs);
          const fall = start + daysPerMove * dayMs + paused;
          expect(flagFallAt(clock)).toBe(fall);
          let live = tick(startClock(settings, 5, P0, T, dayMs), P1, start);
          for (const p of pauses) live = resume(pause(live, p.from), p.to);
          expect(flagged(live, fall - 1)).toBeNull();
          expect(flagged(live, fall)).toBe(1);
        },
      ),
    );
  });
});
