import { DICE_ROLLS, type DiceTally, summarizeDice } from '@zar/match';
import type { DiceStats, MatchLuck } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luckChartDesc, luckText, pValueText } from '../src/dice/numbers.js';
import { faceBars, largest, luckSeries, niceTop, reading, rollBars, rollCount } from '../src/dice/stats-model.js';
import { LANGS, makeI18n } from '../src/i18n/index.js';
import { loadCatalogue } from '../src/i18n/load.js';
import { matchRoute, pathOf } from '../src/router.js';

/** The statistics the server sends for a tally (store totals through @zar/match's summary). */
function statsOf(tally: DiceTally, matches = 1): DiceStats {
  const s = summarizeDice(tally);
  return {
    matches,
    faces: [...tally.faces],
    rolls: [...tally.rolls],
    openingDice: tally.openingDice,
    doubles: s.doubles,
    faceTest: s.faceTest,
    rollTest: s.rollTest,
  };
}

/** Any consistent tally: some rolls of the 21 and some opening dice, faces counted from them. */
const tallies = fc
  .tuple(fc.array(fc.nat(400), { minLength: 21, maxLength: 21 }), fc.array(fc.nat(50), { minLength: 6, maxLength: 6 }))
  .map(([rolls, opening]): DiceTally => {
    const faces = opening.slice();
    rolls.forEach((n, i) => {
      const [a, b] = DICE_ROLLS[i] as readonly [number, number];
      faces[a - 1] = (faces[a - 1] ?? 0) + n;
      faces[b - 1] = (faces[b - 1] ?? 0) + n;
    });
    return { faces, rolls, openingDice: opening.reduce((x, y) => x + y, 0) };
  });

const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('the dice statistics pages', () => {
  it('draws each face and each roll against fair dice for as many throws', () => {
    fc.assert(
      fc.property(tallies, (tally) => {
        const stats = statsOf(tally);
        const faces = faceBars(stats);
        const rolls = rollBars(stats);
        expect(faces.map((b) => b.label)).toEqual(['1', '2', '3', '4', '5', '6']);
        expect(rolls).toHaveLength(21);
        expect(rolls.filter((b) => b.label[0] === b.label[2]).map((b) => b.label)).toEqual([
          '1-1',
          '2-2',
          '3-3',
          '4-4',
          '5-5',
          '6-6',
        ]);
        // Fair dice expect as many throws as there were, shared by their chances.
        expect(total(faces.map((b) => b.expected))).toBeCloseTo(total(tally.faces), 6);
        expect(total(rolls.map((b) => b.expected))).toBeCloseTo(rollCount(stats), 6);
        for (const [i, b] of rolls.entries()) {
          expect(b.observed).toBe(tally.rolls[i]);
          const double = b.label[0] === b.label[2];
          expect(b.expected).toBeCloseTo((rollCount(stats) * (double ? 1 : 2)) / 36, 6);
        }
      }),
    );
  });

  it('reads a test as fair, unusual below p = 0.01, or too small to rely on', () => {
    const test = (pValue: number, reliable = true) => ({
      statistic: 1,
      degreesOfFreedom: 5,
      pValue,
      observations: 60,
      reliable,
    });
    expect(reading(null)).toBe('none');
    expect(reading(test(0.5))).toBe('consistent');
    expect(reading(test(0.01))).toBe('consistent');
    expect(reading(test(0.0099))).toBe('unusual');
    expect(reading(test(0.0001, false))).toBe('small');
    // A heavily loaded die on many throws is unusual; the same few throws are too few to say.
    const loaded: DiceTally = {
      faces: [400, 100, 100, 100, 100, 100],
      rolls: DICE_ROLLS.map(() => 0),
      openingDice: 900,
    };
    expect(reading(statsOf(loaded).faceTest)).toBe('unusual');
    const few: DiceTally = { faces: [4, 1, 1, 1, 1, 1], rolls: DICE_ROLLS.map(() => 0), openingDice: 9 };
    expect(reading(statsOf(few).faceTest)).toBe('small');
  });

  it('gives a chart axis a round top at or above the largest value', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), (max) => {
        const top = niceTop(max);
        expect(top).toBeGreaterThanOrEqual(max);
        expect(top).toBeLessThanOrEqual(max * 5 + 1e-9);
        const mantissa = top / 10 ** Math.floor(Math.log10(top) + 1e-9);
        expect([1, 2, 5, 10].some((m) => Math.abs(mantissa - m) < 1e-6)).toBe(true);
      }),
    );
    expect(niceTop(0)).toBe(1);
    // Below a millionth, the least top; the smallest double is still under it (its power of ten is 0).
    for (const tiny of [1e-7, 1e-300, 5e-324]) expect(niceTop(tiny)).toBe(1e-6);
    expect(largest([])).toBeNull();
  });

  it('charts the luck oldest first, within a symmetric range that holds every value', () => {
    const luck = fc.record({
      game: fc.stringMatching(/^[a-z0-9]{6}$/),
      at: fc.nat(),
      opponent: fc.string(),
      luck: fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })),
      pr: fc.double({ min: 0, max: 50, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(luck, { maxLength: 50 }), (matches: MatchLuck[]) => {
        const { matches: ordered, bound } = luckSeries(matches);
        expect(ordered.map((m) => m.at)).toEqual(matches.map((m) => m.at).sort((a, b) => a - b));
        for (const m of ordered) for (const l of m.luck) expect(Math.abs(l)).toBeLessThanOrEqual(bound);
      }),
    );
  });

  it("writes the numbers in the page's language", () => {
    expect(pValueText('en', 0.4821)).toBe('0.482');
    expect(pValueText('ru', 0.4821)).toBe('0,482');
    expect(pValueText('en', 0.00001)).toBe('< 0.001');
    expect(luckText('en', 0.4123)).toBe('+0.412');
    expect(luckText('en', 0)).toBe('0.000');
    expect(luckText('en', -0.05)).toBe('-0.050');
  });

  it('describes the luck chart with the number of matches in each language’s plural', async () => {
    const en = makeI18n('en', await loadCatalogue('en'));
    expect(luckChartDesc(en, 'ana', [0.25])).toBe('1 match. Luck of ana from +0.250 to +0.250.');
    expect(luckChartDesc(en, 'ana', [0.25, -0.5])).toBe('2 matches. Luck of ana from -0.500 to +0.250.');
    const ru = makeI18n('ru', await loadCatalogue('ru'));
    expect(luckChartDesc(ru, 'ana', [0.1])).toMatch(/^1 матч\. /);
    expect(luckChartDesc(ru, 'ana', Array(5).fill(0.1))).toMatch(/^5 матчей\. /);
    for (const lang of LANGS) {
      const i18n = makeI18n(lang, await loadCatalogue(lang));
      for (const count of [1, 2, 3, 5, 11, 21, 100]) {
        const text = luckChartDesc(i18n, 'ana', Array(count).fill(0));
        expect(text).not.toMatch(/\{|\}/);
        expect(text).toContain('ana');
      }
    }
  });

  it('routes /dice and /players/NAME/dice, and back', () => {
    expect(matchRoute('/dice')).toEqual({ page: 'dice' });
    expect(matchRoute('/players/ana/dice')).toEqual({ page: 'player-dice', name: 'ana' });
    expect(matchRoute('/players/ana/dice/')).toEqual({ page: 'player-dice', name: 'ana' });
    expect(matchRoute('/players/ana/other')).toMatchObject({ page: 'not-found' });
    expect(matchRoute('/players/a%20b/dice')).toMatchObject({ page: 'not-found' });
    expect(pathOf({ page: 'dice' })).toBe('/dice');
    expect(pathOf({ page: 'player-dice', name: 'ana' })).toBe('/players/ana/dice');
  });
});
