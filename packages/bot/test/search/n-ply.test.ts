import { describe, expect, it } from 'vitest';
import { equityOf, OUTPUTS } from '../../src/probabilities.js';
import { ROLLS, type Roll } from '../../src/rolls.js';
import { createNplySearch } from '../../src/search/n-ply.js';
import type { Expansion, PlyEvaluator } from '../../src/search/ply-evaluator.js';

/**
 * A toy race for the search alone: each side has pips to go; the side on roll's chance is
 * its share of the other's count, exact once a side is home. A roll moves the mover by both
 * dice, or by the higher die only (a worse play); a double keeps the mover on roll, as a gul
 * bara run does; with 11 pips or fewer the mover cannot use a 6-6 and passes.
 */
interface Race {
  readonly me: number;
  readonly them: number;
}

const win = (r: Race): number => (r.me <= 0 ? 1 : r.them <= 0 ? 0 : r.them / (r.me + r.them));

function write(r: Race, out: Float32Array, at: number): void {
  out.fill(0, at, at + OUTPUTS);
  out[at] = win(r);
}

interface RaceExpansion extends Expansion<Race> {
  nexts: Race[];
  same: boolean[];
  parent: Race;
}

const toy: PlyEvaluator<Race> = {
  equity: equityOf,
  evaluate: write,
  isExact: (r) => r.me <= 0 || r.them <= 0,
  rollsOf: () => ROLLS,
  expansion(): RaceExpansion {
    const e: RaceExpansion = {
      nexts: [],
      same: [],
      parent: { me: 0, them: 0 },
      probs: new Float32Array(2 * OUTPUTS),
      sameSide: (k) => e.same[k] as boolean,
      next: (k) => e.nexts[k] as Race,
      passed: () => ({ me: e.parent.them, them: e.parent.me }),
    };
    return e;
  },
  expand(pos, d1, d2, into) {
    const e = into as RaceExpansion;
    e.parent = pos;
    if (d1 === 6 && d2 === 6 && pos.me <= 11) return 0;
    const again = d1 === d2;
    e.nexts = [d1 + d2, Math.max(d1, d2)].map((d) =>
      again ? { me: pos.me - d, them: pos.them } : { me: pos.them, them: pos.me - d },
    );
    e.same = e.nexts.map((n) => again && n.me > 0);
    for (const [k, n] of e.nexts.entries()) write(n, e.probs, k * OUTPUTS);
    return 2;
  },
};

/** The same values by their definition (in doubles; the search keeps 0-ply values in floats): P(win) at `plies`. */
function reference(r: Race, plies: number): number {
  if (plies === 0 || r.me <= 0 || r.them <= 0) return win(r);
  let sum = 0;
  for (const [d1, d2, w] of ROLLS as readonly Roll[]) {
    let v: number;
    if (d1 === 6 && d2 === 6 && r.me <= 11) v = 1 - reference({ me: r.them, them: r.me }, plies - 1);
    else {
      // The better play by 0-ply, then valued `plies - 1` deeper.
      const again = d1 === d2;
      const after = (d: number): Race => (again ? { me: r.me - d, them: r.them } : { me: r.them, them: r.me - d });
      const mine = (n: Race, p: number) => (again && n.me > 0 ? reference(n, p) : 1 - reference(n, p));
      const a = after(d1 + d2);
      const b = after(Math.max(d1, d2));
      v = mine(mine(a, 0) >= mine(b, 0) ? a : b, plies - 1);
    }
    sum += w * v;
  }
  return sum / 36;
}

describe('the n-ply search', () => {
  const search = createNplySearch(toy);
  const out = new Float64Array(OUTPUTS);

  it('averages over the rolls the best 0-ply play valued one ply shallower, passes and runs included', () => {
    for (const pos of [
      { me: 30, them: 40 },
      { me: 9, them: 50 },
      { me: 14, them: 6 },
    ]) {
      for (const plies of [0, 1, 2]) {
        search.evaluatePosition(pos, plies, out);
        expect(out[0], `${pos.me}/${pos.them} at ${plies}`).toBeCloseTo(reference(pos, plies), 6);
      }
    }
  });

  it('stops at exact positions', () => {
    search.evaluatePosition({ me: 0, them: 20 }, 2, out);
    expect(out[0]).toBe(1);
  });

  it('ranks plays best first for their mover and deepens only those that pass the filter', () => {
    const e = toy.expansion();
    const n = toy.expand({ me: 20, them: 20 }, 5, 3, e);
    const ranked = search.rank(e, n);
    expect(ranked.map((r) => r.index)).toEqual([0, 1]);
    const eq = new Float64Array(n);
    search.equities(e, n, eq);
    expect(Array.from(eq)).toEqual(ranked.map((r) => r.equity));
    expect(ranked[0]?.equity).toBeCloseTo(equityOf(ranked[0]?.probs ?? []), 12);
    const deep = search.deepen(ranked, 1, { count: 1, width: 1 });
    expect(deep.map((r) => r.plies)).toEqual([1, 0]);
    expect(deep[0]?.probs[0]).toBeCloseTo(1 - reference({ me: 20, them: 12 }, 1), 6);
    const none = search.deepen(ranked, 1, { count: 2, width: 0 });
    expect(none.map((r) => r.plies)).toEqual([1, 0]);
  });
});
