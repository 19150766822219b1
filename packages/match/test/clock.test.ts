import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_PRESET_IDS,
  CLOCK_PRESETS,
  type Clock,
  type ClockSettings,
  CUSTOM_CLOCK_BOUNDS,
  clockOfActions,
  clockTurn,
  flagFallAt,
  flagged,
  fullReserve,
  MATCH_DEFAULTS,
  MONEY_GAME_POINTS,
  matchReducer,
  newMatch,
  parseClockSettings,
  pause,
  remaining,
  resume,
  startClock,
  tick,
  UNTIMED,
} from '../src/index.js';

const NORMAL = CLOCK_PRESETS.normal;
const T = 1_700_000_000_000;
const P0 = { player: 0, game: 1 } as const;
const P1 = { player: 1, game: 1 } as const;
const NOBODY = { player: null, game: 1 } as const;

/** A 5-point match on the Normal clock: 10 s delay, 5 min reserve each, player 0 to act at T. */
const normal5 = (): Clock => startClock(NORMAL, 5, P0, T);

describe('clock settings', () => {
  it('has the speed, normal, casual, tournament and untimed presets', () => {
    expect(CLOCK_PRESETS).toEqual({
      speed: { kind: 'timed', delayMs: 8_000, perPointMs: 20_000 },
      normal: { kind: 'timed', delayMs: 10_000, perPointMs: 60_000 },
      casual: { kind: 'timed', delayMs: 15_000, perPointMs: 180_000 },
      tournament: { kind: 'timed', delayMs: 12_000, perPointMs: 120_000 },
      untimed: { kind: 'untimed' },
      'days-1': { kind: 'correspondence', daysPerMove: 1 },
      'days-2': { kind: 'correspondence', daysPerMove: 2 },
      'days-3': { kind: 'correspondence', daysPerMove: 3 },
      'days-5': { kind: 'correspondence', daysPerMove: 5 },
      'days-7': { kind: 'correspondence', daysPerMove: 7 },
    });
  });

  it('gives a reserve of perPoint × length, and perPoint × MONEY_GAME_POINTS a game in money play', () => {
    if (NORMAL.kind !== 'timed') throw new Error('Normal is timed');
    expect(fullReserve(NORMAL, 7)).toBe(7 * 60_000);
    expect(fullReserve(NORMAL, 0)).toBe(MONEY_GAME_POINTS * 60_000);
  });

  it('parses every preset by id, and what it returns parses to itself', () => {
    for (const id of CLOCK_PRESET_IDS) {
      const parsed = parseClockSettings({ preset: id });
      expect(parsed).toEqual({ ok: true, value: CLOCK_PRESETS[id] });
      if (parsed.ok) expect(parseClockSettings(parsed.value)).toEqual(parsed);
    }
  });

  it('accepts a custom clock at its bounds', () => {
    const { delayMs, perPointMs } = CUSTOM_CLOCK_BOUNDS;
    for (const custom of [
      { kind: 'timed', delayMs: delayMs.min, perPointMs: perPointMs.min },
      { kind: 'timed', delayMs: delayMs.max, perPointMs: perPointMs.max },
    ] as const) {
      expect(parseClockSettings(custom)).toEqual({ ok: true, value: custom });
    }
  });

  it.each([
    ['null', null],
    ['a bare preset id', 'normal'],
    ['an array', [NORMAL]],
    ['an empty object', {}],
    ['an unknown preset', { preset: 'blitz' }],
    ['a preset that is not a string', { preset: 1 }],
    ['a preset with another field', { preset: 'normal', delayMs: 1000 }],
    ['an unknown kind', { kind: 'fast', delayMs: 1000, perPointMs: 60_000 }],
    ['an untimed clock with a delay', { kind: 'untimed', delayMs: 0 }],
    ['a timed clock without times', { kind: 'timed' }],
    ['a timed clock without a reserve', { kind: 'timed', delayMs: 10_000 }],
    ['a misspelled field', { kind: 'timed', delayMs: 10_000, perPointMS: 60_000 }],
    ['a negative delay', { kind: 'timed', delayMs: -1, perPointMs: 60_000 }],
    ['a delay over a minute', { kind: 'timed', delayMs: 60_001, perPointMs: 60_000 }],
    ['a reserve under 5 s a point', { kind: 'timed', delayMs: 10_000, perPointMs: 4_999 }],
    ['a reserve over 10 min a point', { kind: 'timed', delayMs: 10_000, perPointMs: 600_001 }],
    ['a fraction of a millisecond', { kind: 'timed', delayMs: 1.5, perPointMs: 60_000 }],
    ['NaN', { kind: 'timed', delayMs: Number.NaN, perPointMs: 60_000 }],
    ['Infinity', { kind: 'timed', delayMs: 10_000, perPointMs: Number.POSITIVE_INFINITY }],
    ['a number as text', { kind: 'timed', delayMs: '10000', perPointMs: 60_000 }],
  ])('refuses %s with ERR_SETTINGS', (_, input) => {
    const r = parseClockSettings(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_SETTINGS');
  });

  it('accepts exactly the whole milliseconds within the bounds (property)', () => {
    const { delayMs, perPointMs } = CUSTOM_CLOCK_BOUNDS;
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 700_000 }), fc.integer({ min: -10_000, max: 700_000 }), (d, p) => {
        const inBounds = d >= delayMs.min && d <= delayMs.max && p >= perPointMs.min && p <= perPointMs.max;
        const r = parseClockSettings({ kind: 'timed', delayMs: d, perPointMs: p });
        expect(r.ok).toBe(inBounds);
        if (r.ok) expect(r.value).toEqual({ kind: 'timed', delayMs: d, perPointMs: p });
      }),
    );
  });
});

describe('delay, then reserve', () => {
  it('uses the delay before the reserve', () => {
    const c = normal5();
    expect(remaining(c, T)).toEqual({ reserve: [300_000, 300_000], delay: 10_000, actor: 0 });
    expect(remaining(c, T + 4_000)).toEqual({ reserve: [300_000, 300_000], delay: 6_000, actor: 0 });
    expect(remaining(c, T + 10_000)).toEqual({ reserve: [300_000, 300_000], delay: 0, actor: 0 });
    expect(remaining(c, T + 25_000)).toEqual({ reserve: [285_000, 300_000], delay: 0, actor: 0 });
  });

  it('leaves the reserve untouched by a move made within the delay, and never saves the delay left', () => {
    const moved = tick(normal5(), P1, T + 9_999);
    expect(remaining(moved, T + 9_999)).toEqual({ reserve: [300_000, 300_000], delay: 10_000, actor: 1 });
    const back = tick(moved, P0, T + 12_999);
    expect(remaining(back, T + 12_999)).toEqual({ reserve: [300_000, 300_000], delay: 10_000, actor: 0 });
    expect(remaining(back, T + 30_000)).toEqual({ reserve: [292_999, 300_000], delay: 0, actor: 0 });
  });

  it('charges the reserve only for the time past the delay, stretch by stretch', () => {
    let c = tick(normal5(), P1, T + 25_000); // player 0: 15 s past the delay
    c = tick(c, P0, T + 25_000 + 40_000); // player 1: 30 s past
    c = tick(c, P1, T + 65_000 + 10_000); // player 0: exactly the delay
    expect(remaining(c, T + 75_000)).toEqual({ reserve: [285_000, 270_000], delay: 10_000, actor: 1 });
  });

  it('runs one stretch through a roll and the move after it', () => {
    const rolled = tick(normal5(), P0, T + 6_000);
    expect(rolled).toEqual(normal5());
    expect(remaining(rolled, T + 12_000)).toEqual({ reserve: [298_000, 300_000], delay: 0, actor: 0 });
  });

  it('starts a new stretch with a new game, even for the same player', () => {
    const c = tick(normal5(), { player: 0, game: 2 }, T + 15_000);
    expect(remaining(c, T + 15_000)).toEqual({ reserve: [295_000, 300_000], delay: 10_000, actor: 0 });
  });

  it('runs for no one while no one is to act', () => {
    const c = tick(normal5(), NOBODY, T + 12_000);
    expect(flagFallAt(c)).toBeNull();
    expect(remaining(c, T + 12_000)).toEqual(remaining(c, T + 3_600_000));
    expect(remaining(c, T + 3_600_000)).toEqual({ reserve: [298_000, 300_000], delay: 0, actor: null });
  });

  it('refills both reserves at every game of a money session, and only there', () => {
    const money = startClock(NORMAL, 0, P0, T);
    const full = MONEY_GAME_POINTS * 60_000;
    const used = tick(money, P1, T + 40_000);
    expect(remaining(used, T + 40_000)?.reserve).toEqual([full - 30_000, full]);
    const next = tick(used, { player: null, game: 2 }, T + 70_000);
    expect(remaining(next, T + 70_000)?.reserve).toEqual([full, full]);
    const match = tick(startClock(NORMAL, 5, P0, T), { player: null, game: 2 }, T + 40_000);
    expect(remaining(match, T + 40_000)?.reserve).toEqual([270_000, 300_000]);
  });
});

describe('flag fall', () => {
  it('falls when the delay and the reserve are both used', () => {
    const c = normal5();
    const fall = T + 10_000 + 300_000;
    expect(flagFallAt(c)).toBe(fall);
    expect(flagged(c, fall - 1)).toBeNull();
    expect(remaining(c, fall - 1)?.reserve).toEqual([1, 300_000]);
    expect(flagged(c, fall)).toBe(0);
    expect(remaining(c, fall)?.reserve).toEqual([0, 300_000]);
    expect(remaining(c, fall + 60_000)?.reserve).toEqual([0, 300_000]);
  });

  it('falls at a later stretch after what earlier ones used', () => {
    let c = tick(normal5(), P1, T + 25_000);
    c = tick(c, P0, T + 30_000);
    expect(flagFallAt(c)).toBe(T + 30_000 + 10_000 + 285_000);
  });

  it('moves by the time the clock was paused, keeping the delay left', () => {
    const stopped = pause(normal5(), T + 4_000);
    expect(flagFallAt(stopped)).toBeNull();
    expect(flagged(stopped, T + 10_000_000)).toBeNull();
    expect(remaining(stopped, T + 900_000)).toEqual({ reserve: [300_000, 300_000], delay: 6_000, actor: 0 });
    const going = resume(stopped, T + 904_000);
    expect(remaining(going, T + 904_000)).toEqual({ reserve: [300_000, 300_000], delay: 6_000, actor: 0 });
    expect(flagFallAt(going)).toBe(T + 10_000 + 300_000 + 900_000);
  });

  it('loses the match by the match’s timeout action, the game scored as the position allows', () => {
    const settings = { ...MATCH_DEFAULTS, length: 7 };
    const built = clockOfActions(NORMAL, settings, T, [{ action: { type: 'opening', dice: [5, 2] }, at: T + 500 }]);
    if (!built.ok) throw new Error(built.error.message);
    const { clock, match } = built.value;
    expect(clockTurn(match)).toEqual(P0);
    const fall = T + 500 + 10_000 + 420_000;
    expect(flagFallAt(clock)).toBe(fall);
    const loser = flagged(clock, fall);
    expect(loser).toBe(0);
    const after = matchReducer(match, { type: 'timeout', player: 0 });
    if (!after.ok) throw new Error(after.error.message);
    // Nothing borne off: the game is a gammon at the cube of 1, as if resigned at the most the
    // position allows; the match is lost with it (match.ts, bookTimeout).
    expect(after.value.results).toEqual([{ winner: 1, kind: 'timeout', points: 2 }]);
    expect(after.value.score).toEqual([0, 7]);
    expect(after.value.winner).toBe(1);
    expect(clockTurn(after.value)).toEqual({ player: null, game: 1 });
  });
});

describe('the clock’s turn', () => {
  it('is no one’s at the opening roll and once the match is won, the actor’s otherwise', () => {
    const m = newMatch({ ...MATCH_DEFAULTS, length: 1 });
    expect(clockTurn(m)).toEqual(NOBODY);
    const opened = matchReducer(m, { type: 'opening', dice: [2, 6] });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(clockTurn(opened.value)).toEqual(P1);
    const resigned = matchReducer(opened.value, { type: 'resign', player: 1, level: 1 });
    if (!resigned.ok) throw new Error(resigned.error.message);
    expect(clockTurn(resigned.value)).toEqual(P0);
    const won = matchReducer(resigned.value, { type: 'accept', player: 0 });
    if (!won.ok) throw new Error(won.error.message);
    expect(won.value.winner).toBe(0);
    expect(clockTurn(won.value)).toEqual(NOBODY);
  });
});

describe('untimed', () => {
  it('reads nothing and never falls', () => {
    const untimed: ClockSettings = UNTIMED;
    const c = tick(startClock(untimed, 5, P0, T), P1, T + 1_000_000);
    expect(remaining(c, T + 10_000_000_000)).toBeNull();
    expect(flagFallAt(c)).toBeNull();
    expect(flagged(c, Number.MAX_SAFE_INTEGER)).toBeNull();
  });
});
