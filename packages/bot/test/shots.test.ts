import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hittingRolls, shotStats, shotStatsScratch } from '../src/backgammon-net/shots.js';

const stats = (b: Int8Array) => ({ ...shotStats(b, 0, 26, shotStatsScratch()) });

describe('shot statistics', () => {
  it('one blot: the pips lost are its distance travelled times the rolls that hit it', () => {
    // Attacker on the bar, the blot on the attacker's 19 point, 6 pips away: 11 rolls with a 6,
    // 5-1 and 4-2 twice each, 3-3 and 2-2: 17. Hit, the blot loses 19 pips.
    const b = new Int8Array(52);
    b[25] = 1;
    b[26 + 25 - 19] = 1;
    expect(stats(b)).toEqual({ rolls: 17, pipLoss: 19 * 17, doubleRolls: 0 });
  });

  it('two blots: each roll counts its biggest loss once, and the rolls that reach both (hand-counted)', () => {
    // Attacker on its 13 point; blots on its 12 (1 away, 12 pips lost) and its 7 (6 away, 7 lost).
    // A 1 hits the first: 11 rolls. 6 away: 17 rolls (as above); with a 1 among them: 6-1, 5-1 (4).
    const b = new Int8Array(52);
    b[13] = 1;
    b[26 + 25 - 12] = 1;
    b[26 + 25 - 7] = 1;
    expect(stats(b)).toEqual({ rolls: 11 + 13, pipLoss: 11 * 12 + 13 * 7, doubleRolls: 4 });
  });

  it('a made point is no blot, and a checker past the blots cannot hit', () => {
    const b = new Int8Array(52);
    b[5] = 3;
    b[26 + 25 - 12] = 2;
    b[26 + 25 - 7] = 1;
    expect(stats(b)).toEqual({ rolls: 0, pipLoss: 0, doubleRolls: 0 });
  });

  it('agrees with hittingRolls, and double shots never outnumber shots', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 52, maxLength: 52 }), (cells) => {
        const b = Int8Array.from(cells);
        const s = stats(b);
        expect(s.rolls).toBe(hittingRolls(b, 0, 26));
        expect(s.doubleRolls).toBeLessThanOrEqual(s.rolls);
        expect(s.pipLoss).toBeLessThanOrEqual(24 * s.rolls);
        expect(s.pipLoss).toBeGreaterThanOrEqual(s.rolls);
      }),
    );
  });
});
