import { fastPlaysBuffer, rulesFor, swapHalves } from '@zar/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { createEvaluator, type Evaluator } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { createPlySearch, type PlySearch } from '../src/backgammon-net/search.js';
import { randomNetwork } from '../src/nn/network.js';
import { equityOf, OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';
import { board } from './support/board.js';
import { oneplyEquity } from './support/one-ply.js';

let ev: Evaluator;
let search: PlySearch;
beforeAll(() => {
  const random = seededRandom(11);
  const nets = { contact: randomNetwork(INPUTS, 12, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) };
  ev = createEvaluator(nets, buildBearoffDatabase());
  search = createPlySearch(ev);
}, 60_000);

const START = rulesFor('backgammon').start().board.slice(0, 52);

describe('ply search', () => {
  it('0-ply ranks as the evaluator’s best play', () => {
    const plays = fastPlaysBuffer();
    const probs = new Float32Array(4096 * OUTPUTS);
    for (const [a, b] of [
      [3, 1],
      [6, 5],
      [2, 2],
    ] as const) {
      const best = ev.bestPlay0ply(START, a, b, plays, probs);
      const ranked = search.rankPlays(START, a, b, 0);
      expect(ranked).toHaveLength(best.count);
      expect(ranked[0]?.equity).toBeCloseTo(best.equity, 5);
      expect(ranked[0]?.board).toEqual(plays.slice(best.index * 52, best.index * 52 + 52));
    }
  });

  it('1-ply chooses, among the 0-ply best 8 within 0.16, the play best by the 1-ply definition', () => {
    for (const [a, b] of [
      [4, 2],
      [6, 1],
    ] as const) {
      const zero = search.rankPlays(START, a, b, 0);
      const top = zero[0]?.equity ?? 0;
      let best: Int8Array | null = null;
      let high = Number.NEGATIVE_INFINITY;
      for (const r of zero.slice(0, 8).filter((x) => x.equity >= top - 0.16)) {
        const view = r.board.slice();
        swapHalves(view);
        const e = -oneplyEquity(ev, view);
        if (e > high) {
          high = e;
          best = r.board;
        }
      }
      const ranked = search.rankPlays(START, a, b, 1);
      expect(ranked[0]?.plies).toBe(1);
      expect(ranked[0]?.equity).toBeCloseTo(high, 4);
      expect(ranked[0]?.board).toEqual(best);
    }
  });

  it('1-ply position value is the roll-weighted mean of the best replies', () => {
    const out = new Float64Array(OUTPUTS);
    search.evaluatePosition(START, 1, out);
    expect(equityOf(out)).toBeCloseTo(oneplyEquity(ev, START), 4);
  });

  it('a single legal play: 2-ply returns that play, as 1-ply does', () => {
    // hand-checked: my only checker is on the bar against a five-point board with the 6-point
    // open; 6-6 enters and plays on (bar/19/13/7/1 is the only way to use all four sixes).
    const b = board({ 25: 1, 1: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 24: 5 });
    const r1 = search.rankPlays(b, 6, 6, 1);
    const r2 = search.rankPlays(b, 6, 6, 2);
    expect(r1).toHaveLength(1);
    expect(r2).toHaveLength(1);
    expect(r2[0]?.board).toEqual(r1[0]?.board);
  });

  it('2-ply values the filtered candidates at 2 plies and keeps every play', () => {
    const ranked = search.rankPlays(START, 3, 1, 2);
    expect(ranked).toHaveLength(16); // 3-1 from the start: 16 plays (engine golden table)
    const deep = ranked.filter((r) => r.plies === 2);
    expect(deep.length).toBeGreaterThanOrEqual(1);
    expect(deep.length).toBeLessThanOrEqual(2);
    expect(ranked[0]?.plies).toBe(2);
  });

  it('exact in last-roll bearoffs at any depth', () => {
    // 5-point and ace against an ace: 23/36 to win (see cube.test.ts).
    const b = board({ 5: 1, 1: 1 }, { 1: 1 });
    const out = new Float64Array(OUTPUTS);
    for (const plies of [1, 2]) {
      search.evaluatePosition(b, plies, out);
      expect(out[0]).toBeCloseTo(23 / 36, 6);
    }
  });
});
