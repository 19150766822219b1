import { describe, expect, it } from 'vitest';
import {
  type CubeSpot,
  cubeIsDead,
  deadTakePoint,
  doublingWindow,
  liveTakePoint,
  moneyTakePoint,
} from '../src/take-points.js';

// Table cells used below (Kazaross-XG2, pre-Crawford row = my away, entry = opponent's away):
// 2a-1a Crawford 0.32264; 4a-3a 0.4285; 3a-4a 0.5715; 2a-4a 0.6687; 4a-2a 0.3313;
// 3a-4a 0.5715; 1a-5a Crawford 0.84179; 3a-3a 0.5.

function value<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const dead = (spot: CubeSpot) => value(deadTakePoint(spot));
const live = (spot: CubeSpot, x: number) => value(liveTakePoint(spot, x));

describe('dead-cube take points (risk / (risk + gain))', () => {
  it('2-away 2-away, initial double: drop = 2a-1a Crawford', () => {
    // Take: the game decides the match (W = 1, L = 0); drop: 2a-1a Crawford = 0.32264.
    expect(dead({ awayTaker: 2, awayDoubler: 2, cube: 1 })).toBeCloseTo(0.32264, 10);
  });

  it('post-Crawford, the trailer at 2 away doubles the leader', () => {
    // Drop: 1a-1a = 0.5; take: the game decides the match. TP = 0.5 (the free drop).
    expect(dead({ awayTaker: 1, awayDoubler: 2, cube: 1, phase: { postCrawford: true } })).toBeCloseTo(0.5, 10);
  });

  it('4-away 4-away, no gammons', () => {
    // D = 4a-3a = 0.4285, W = 2a-4a = 0.6687, L = 4a-2a = 0.3313.
    // risk = 0.4285 - 0.3313 = 0.0972, gain = 0.6687 - 0.4285 = 0.2402, TP = 0.0972 / 0.3374 = 0.288085.
    expect(dead({ awayTaker: 4, awayDoubler: 4, cube: 1 })).toBeCloseTo(0.288085, 5);
  });

  it('4-away 4-away with gammons (taker 20%, doubler 25%)', () => {
    // W = 0.8 * 0.6687 + 0.2 * 1 = 0.73496; L = 0.75 * 0.3313 + 0.25 * 0 = 0.248475.
    // TP = (0.4285 - 0.248475) / (0.73496 - 0.248475) = 0.180025 / 0.486485 = 0.370053.
    const spot = { awayTaker: 4, awayDoubler: 4, cube: 1, gammons: { taker: 0.2, doubler: 0.25 } };
    expect(dead(spot)).toBeCloseTo(0.370053, 5);
  });

  it('3-away taker, 5-away doubler', () => {
    // D = 3a-4a = 0.5715; W = 1a-5a Crawford = 0.84179; L = 3a-3a = 0.5.
    // TP = 0.0715 / 0.34179 = 0.209193.
    expect(dead({ awayTaker: 3, awayDoubler: 5, cube: 1 })).toBeCloseTo(0.209193, 5);
  });

  it('rejects doubles in the Crawford game and bad arguments', () => {
    const bad: [CubeSpot, string][] = [
      [{ awayTaker: 1, awayDoubler: 3, cube: 1, phase: { crawford: true } }, 'ERR_MET_CRAWFORD'],
      [{ awayTaker: 4, awayDoubler: 4, cube: 3 }, 'ERR_MET_CUBE'],
      [{ awayTaker: 4, awayDoubler: 4, cube: 1, gammons: { taker: 1.5, doubler: 0 } }, 'ERR_MET_PARAMETER'],
      [{ awayTaker: 40, awayDoubler: 4, cube: 1 }, 'ERR_MET_AWAY'],
      [{ awayTaker: 1, awayDoubler: 4, cube: 1 }, 'ERR_MET_PHASE'],
    ];
    for (const [spot, code] of bad) {
      const r = deadTakePoint(spot);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(code);
    }
  });
});

describe('doubling window', () => {
  it('4-away 4-away: from 50% to 1 - TP', () => {
    // Doubler: not doubled, win 3a-4a 0.5715 / lose 4a-3a 0.4285; doubled, win 2a-4a 0.6687 / lose 0.3313.
    // risk = 0.4285 - 0.3313 = 0.0972, gain = 0.6687 - 0.5715 = 0.0972: from = 0.5; to = 1 - 0.288085.
    const w = value(doublingWindow({ awayTaker: 4, awayDoubler: 4, cube: 1 }));
    expect(w.from).toBeCloseTo(0.5, 10);
    expect(w.to).toBeCloseTo(0.711915, 5);
  });

  it('is closed for the post-Crawford leader (his cube is dead)', () => {
    // Leader 1 away doubling the trailer 4 away: winning at cube 1 already wins the match.
    const w = value(doublingWindow({ awayTaker: 4, awayDoubler: 1, cube: 1, phase: { postCrawford: true } }));
    expect(w.from).toBeGreaterThanOrEqual(w.to);
  });
});

describe('cube life', () => {
  it('is dead for a side whose single win at this cube takes the match (§7.6)', () => {
    expect(cubeIsDead(1, 1)).toBe(true); // post-Crawford leader
    expect(cubeIsDead(3, 2)).toBe(false);
    expect(cubeIsDead(3, 4)).toBe(true);
  });

  it('live take point at 4-away 4-away (hand-computed)', () => {
    // Taker owns the 2-cube at 4 away (alive). The opponent facing 2 -> 4 would own a dead cube:
    // his TP = (4a-2a 0.3313 - 0) / (1 - 0) = 0.3313, so the taker cashes at c = 0.6687 for 2a-4a 0.6687.
    // Live slope = (0.6687 - 0.3313) / 0.6687 = 0.504561; dead slope = 0.3374.
    // x = 1:    TP = 0.0972 / 0.504561 = 0.192643
    // x = 0.68: TP = 0.0972 / (0.68 * 0.504561 + 0.32 * 0.3374) = 0.0972 / 0.451069 = 0.215488
    const spot = { awayTaker: 4, awayDoubler: 4, cube: 1 };
    expect(live(spot, 1)).toBeCloseTo(0.192643, 5);
    expect(live(spot, 0.68)).toBeCloseTo(0.215488, 5);
    expect(live(spot, 0)).toBeCloseTo(dead(spot), 12);
  });

  it('equals the dead take point when the taker could not use the cube', () => {
    // Taker 2 away would own a 2-cube: any win takes the match.
    const spot = { awayTaker: 2, awayDoubler: 5, cube: 1 };
    expect(live(spot, 1)).toBeCloseTo(dead(spot), 12);
  });

  it('never asks for more than the dead cube does, and falls as the cube gets more efficient', () => {
    for (let a = 2; a <= 25; a++) {
      for (let b = 2; b <= 25; b++) {
        for (const cube of [1, 2, 4]) {
          const spot = { awayTaker: a, awayDoubler: b, cube };
          const points = [0, 0.25, 0.5, 0.75, 1].map((x) => live(spot, x));
          for (let i = 1; i < points.length; i++) expect(points[i]).toBeLessThanOrEqual(points[i - 1]! + 1e-12);
          expect(points[4]).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('rejects a cube efficiency outside 0..1', () => {
    expect(liveTakePoint({ awayTaker: 4, awayDoubler: 4, cube: 1 }, 1.2).ok).toBe(false);
  });
});

describe('money play (Janowski)', () => {
  it('25% dead, 20% fully live, without gammons', () => {
    // (1 - 0.5) / (1 + 1 + 0) = 0.25; (1 - 0.5) / (1 + 1 + 0.5) = 0.2.
    expect(value(moneyTakePoint(0))).toBeCloseTo(0.25, 12);
    expect(value(moneyTakePoint(1))).toBeCloseTo(0.2, 12);
  });

  it('with gammons', () => {
    // W = 1.2, L = 1.3, x = 0.68: (1.3 - 0.5) / (1.2 + 1.3 + 0.34) = 0.8 / 2.84 = 0.281690.
    expect(value(moneyTakePoint(0.68, { win: 1.2, loss: 1.3 }))).toBeCloseTo(0.28169, 5);
  });

  it('rejects bad values', () => {
    expect(moneyTakePoint(-0.1).ok).toBe(false);
    expect(moneyTakePoint(0.5, { win: 0.5, loss: 1 }).ok).toBe(false);
  });
});
