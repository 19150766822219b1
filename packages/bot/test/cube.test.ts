import { rulesFor } from '@zar/engine';
import { liveTakePoint } from '@zar/match';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { createEvaluator } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { type CubeContext, MONEY, matchView, mayDouble } from '../src/cube/context.js';
import { type CubeSearch, createCubeSearch } from '../src/cube/decision.js';
import { cubefulValue, outcomeValue } from '../src/cube/janowski.js';
import { randomNetwork } from '../src/nn/network.js';
import { OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';
import { board } from './support/board.js';

let cube: CubeSearch;
beforeAll(() => {
  const random = seededRandom(5);
  const nets = { contact: randomNetwork(INPUTS, 8, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) };
  cube = createCubeSearch(createEvaluator(nets, buildBearoffDatabase()));
}, 60_000);

/*
 * Last-roll positions: the opponent has one checker on his ace point and is off next turn, so
 * I win exactly when I bear off both my checkers now. Counted by hand (36 ordered rolls):
 * - 4-point and ace: a non-double works when a die is 4 or more (12 pairs, 24 rolls); doubles
 *   2-2 to 6-6 work, 1-1 does not (5 rolls): 29/36. Money: double, drop (he has 7/36 < 25%).
 * - 5-point and ace: a die of 5 or 6 (9 pairs, 18 rolls); doubles 2-2 to 6-6 (5): 23/36.
 *   Double, take (13/36 ≥ 25%).
 * - 6-point and ace: a 6 (5 pairs, 10 rolls), doubles 2-2 to 6-6 (5): 15/36. No double.
 */
const DROP = board({ 4: 1, 1: 1 }, { 1: 1 });
const TAKE = board({ 5: 1, 1: 1 }, { 1: 1 });
const NO_DOUBLE = board({ 6: 1, 1: 1 }, { 1: 1 });

describe('money cube in last-roll bearoffs (1-ply is exact there)', () => {
  it.each([
    ['4-point and ace: double, drop', DROP, 29 / 36, true, false],
    ['5-point and ace: double, take', TAKE, 23 / 36, true, true],
    ['6-point and ace: no double', NO_DOUBLE, 15 / 36, false, true],
  ])('%s', (_, b, p, double, take) => {
    const d = cube.decide(b, MONEY, 1);
    expect(d.probs[0]).toBeCloseTo(p, 6);
    // No gammons: no double is worth 2p − 1, double/take twice that, double/drop 1.
    expect(d.noDouble).toBeCloseTo(2 * p - 1, 6);
    expect(d.doubleTake).toBeCloseTo(2 * (2 * p - 1), 6);
    expect(d.doubleDrop).toBe(1);
    expect(d.double).toBe(double);
    expect(d.take).toBe(take);
    expect(d.beaver).toBe(false);
  });

  it('beavers a wrong double when beavers are allowed', () => {
    const d = cube.decide(NO_DOUBLE, { ...MONEY, beaver: true }, 1);
    expect(d.take).toBe(true);
    // The taker's equity after taking is −(2 · (30/36 − 1)) > 0.
    expect(d.beaver).toBe(true);
    expect(cube.decide(TAKE, { ...MONEY, beaver: true }, 1).beaver).toBe(false);
  });

  it('cannot double a cube the opponent owns', () => {
    const d = cube.decide(DROP, { ...MONEY, value: 2, owner: 'them' }, 1);
    expect(d.mayDouble).toBe(false);
    expect(d.double).toBe(false);
    // Normalised per cube: the same 2p − 1.
    expect(d.noDouble).toBeCloseTo(2 * (29 / 36) - 1, 6);
  });
});

describe('match play', () => {
  const ctx = (awayMe: number, awayThem: number, crawford: boolean, extra: Partial<CubeContext> = {}): CubeContext => ({
    ...MONEY,
    match: matchView(awayMe, awayThem, crawford),
    limit: 64,
    ...extra,
  });

  it('never doubles in the Crawford game, however strong', () => {
    const c = ctx(3, 1, true);
    expect(mayDouble(c)).toBe(false);
    const d = cube.decide(DROP, c, 1);
    expect(d.double).toBe(false);
    expect(cube.decide(DROP, ctx(1, 3, true), 1).double).toBe(false);
  });

  it('post-Crawford: the trailer doubles, the leader takes, and the leader may not double', () => {
    // 2-away trailer against the 1-away leader, 15/36 to win: without the cube a win leaves
    // 1-away 1-away (0.5), so no double is worth 15/36 · 0.5; doubled, a win takes the match
    // (15/36), and a drop leaves 0.5. Double, and the leader takes.
    const c = ctx(2, 1, false);
    expect(c.match?.postCrawford).toBe(true);
    const d = cube.decide(NO_DOUBLE, c, 1);
    expect(d.double).toBe(true);
    expect(d.take).toBe(true);
    expect(mayDouble(ctx(1, 2, false))).toBe(false);
    expect(cube.decide(DROP, ctx(1, 2, false), 1).double).toBe(false);
  });

  it('a dead cube: the owner who needs no more than the cube cannot redouble', () => {
    const c = ctx(2, 5, false, { value: 2, owner: 'me' });
    expect(mayDouble(c)).toBe(false);
    expect(cube.decide(DROP, c, 1).double).toBe(false);
    expect(mayDouble(ctx(4, 5, false, { value: 2, owner: 'me' }))).toBe(true);
  });

  it('match values come from the MET: a double-match-point game is worth p', () => {
    const c = ctx(1, 1, false);
    const p = new Float64Array([0.3, 0.1, 0, 0.2, 0]);
    // At 1-away 1-away gammons do not count and nobody can use the cube.
    expect(cubefulValue(p, c, 0.68)).toBeCloseTo(0.3, 9);
    expect(outcomeValue(c, 1)).toBe(1);
  });
});

describe("Janowski's model", () => {
  it('money, no gammons: the live take point is where taking equals dropping', () => {
    // With x = 1 the taker's value at his take point (20% without gammons) is −1 per cube.
    const take = moneyTaker(0.2, 1);
    expect(take).toBeCloseTo(-1, 9);
    // A dead cube: the take point is 25%.
    expect(moneyTaker(0.25, 0)).toBeCloseTo(-1, 9);
  });

  it.each([
    // gnubg 1.07, 0-ply: gnubg.evaluate probabilities (printed to 3 decimals) and
    // gnubg.cfevaluate's no-double and double/take equities, centred money cube, positions
    // from a gnubg self-play game (contact, cube life 0.68).
    [[0.656, 0.202, 0.009, 0.106, 0.003], 0.578, 0.593],
    [[0.727, 0.031, 0.0, 0.014, 0.0], 0.68, 0.756],
    [[0.599, 0.245, 0.024, 0.092, 0.004], 0.501, 0.471],
    [[0.671, 0.304, 0.04, 0.057, 0.002], 0.846, 1.03],
    [[0.676, 0.017, 0.001, 0.015, 0.0], 0.515, 0.49],
  ])('matches gnubg’s cubeful money equities for %j', (p, noDouble, doubleTake) => {
    const probs = new Float64Array(p);
    expect(cubefulValue(probs, MONEY, 0.68)).toBeCloseTo(noDouble, 2);
    expect(cubefulValue(probs, { ...MONEY, value: 2, owner: 'them' }, 0.68)).toBeCloseTo(doubleTake, 2);
  });

  it('agrees with @zar/match live take points in a match', () => {
    // The doubler's take point for me at 5-away 5-away, live cube, no gammons.
    const tp = liveTakePoint({ awayTaker: 5, awayDoubler: 5, cube: 1 }, 1);
    expect(tp.ok).toBe(true);
    if (!tp.ok) return;
    const c: CubeContext = { ...MONEY, match: matchView(5, 5, false), limit: 64 };
    const p = new Float64Array([tp.value, 0, 0, 0, 0]);
    // Centred cube, fully live: at the take point my value is losing one point.
    expect(cubefulValue(p, c, 1)).toBeCloseTo(outcomeValue(c, -1), 9);
  });

  it('start position: evaluating it at 0-ply gives finite values', () => {
    const start = rulesFor('backgammon').start().board.slice(0, 52);
    const d = cube.decide(start, MONEY, 0);
    for (const v of [d.noDouble, d.doubleTake, d.doubleDrop]) expect(Number.isFinite(v)).toBe(true);
  });
});

/** Value of a money position for the taker (he owns a 2-cube), normalised to the 1-cube. */
function moneyTaker(p: number, x: number): number {
  return cubefulValue(new Float64Array([p, 0, 0, 0, 0]), { ...MONEY, value: 2, owner: 'me' }, x);
}
