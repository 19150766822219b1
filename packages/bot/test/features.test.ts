import { rulesFor } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contactFeatures,
  escapes,
  FEATURE_NAMES,
  FEATURES,
  STRUCTURE_NAMES,
  STRUCTURES,
} from '../src/backgammon-net/features.js';
import { DENSE_INPUTS, encodeDense } from '../src/backgammon-net/inputs.js';

/** An empty board with my checker on my point p and their made points on my points `blocks`. */
function blockade(p: number, blocks: number[]): Int8Array {
  const b = new Int8Array(52);
  b[p] = 1;
  for (const q of blocks) b[26 + 25 - q] = 2;
  return b;
}

function features(board: Int8Array): Record<string, number> {
  const out = new Float32Array(FEATURES);
  contactFeatures(board, 0, 26, out, 0);
  return Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, out[i] as number]));
}

describe('escapes', () => {
  // Hand-counted: rolls that carry the checker past every block within 12 pips, stops open.
  it.each([
    ['nothing in front', 20, [], 36],
    ['a full prime right in front', 20, [19, 18, 17, 16, 15, 14], 0],
    // One block 6 away: the 18 non-double rolls summing 7+, plus 4-4 and 5-5 (6-6 and 3-3 stop on it).
    ['one block 6 pips away', 20, [14], 20],
    // One block 1 away: every roll but 1-1 moves past it (a 1 alone lands on it; 1-x goes via x).
    ['one block 1 pip away', 20, [19], 35],
    // From the bar with their points 1..5 (my 24..20) made: only the 11 rolls with a 6 enter, past them all.
    ['from the bar, five points closed', 25, [24, 23, 22, 21, 20], 11],
  ])('%s', (_what, p, blocks, rolls) => {
    expect(escapes(blockade(p, blocks as number[]), 26, p)).toBe(rolls);
  });
});

describe('contact features', () => {
  it('the starting position, side on roll', () => {
    const start = rulesFor('backgammon').start().board.slice(0, 52);
    const f = features(start);
    expect(f.pips).toBeCloseTo(1, 5); // 167 pips
    expect(f.backChecker).toBeCloseTo(1, 5); // back checkers on 24
    expect(f.backAnchor).toBeCloseTo(1, 5); // and they make an anchor
    expect(f.prime).toBeCloseTo(1 / 6, 5); // no two adjacent made points
    expect(f.enterFails).toBe(0);
    // Their last checkers are on my 1 point: every pip I have is contact still to break, less 1 a checker.
    expect(f.breakContact).toBeCloseTo((167 - 15) / 167, 5);
  });

  it('a checker on the bar against a closed board fails to enter with every roll', () => {
    const b = blockade(25, [19, 20, 21, 22, 23, 24]);
    expect(features(b).enterFails).toBe(1);
    expect(features(b).backEscapes).toBe(0);
    expect(features(b).containment).toBe(1);
  });

  it('a five-point prime is counted', () => {
    const b = new Int8Array(52);
    for (const p of [4, 5, 6, 7, 8]) b[p] = 2;
    b[13] = 5;
    b[26 + 1] = 1;
    expect(features(b).prime).toBeCloseTo(5 / 6, 5);
  });

  it('dense inputs are finite and non-negative on any board', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 52, maxLength: 52 }), (cells) => {
        const out = new Float32Array(DENSE_INPUTS);
        encodeDense(Int8Array.from(cells), 0, out);
        return Array.from(out).every((v) => Number.isFinite(v) && v >= 0);
      }),
    );
  });
});

function structure(board: Int8Array): Record<string, number> {
  const out = new Float32Array(FEATURES + STRUCTURES);
  contactFeatures(board, 0, 26, out, 0, FEATURES);
  return Object.fromEntries(STRUCTURE_NAMES.map((n, i) => [n, out[FEATURES + i] as number]));
}

describe('structure features', () => {
  it('the starting position, side on roll (hand-counted)', () => {
    const f = structure(rulesFor('backgammon').start().board.slice(0, 52));
    expect(f.forwardAnchor).toBeCloseTo(1 / 7, 5); // the anchor on their ace point
    expect(f.homePoints).toBeCloseTo(1 / 6, 5); // the 6 point
    expect(f.outside).toBeCloseTo(10 / 15, 5); // 2 + 5 + 3 outside the home board
    expect(f.pipsToHome).toBeCloseTo((2 * 18 + 5 * 7 + 3 * 2) / 167, 5);
    expect(f.timing).toBeCloseTo((77 + 3 * 5) / 167, 5); // and three spares on the 6 point
    expect(f.deepAnchors).toBeCloseTo(1 / 3, 5);
    expect(f.buried).toBe(0);
    // Mean 167 / 15; above it, five on 13 and two on 24.
    const mean = 167 / 15;
    expect(f.moment2).toBeCloseTo((5 * (13 - mean) ** 2 + 2 * (24 - mean) ** 2) / 15 / 100, 5);
  });

  it('mobility counts the escaping rolls of the checkers still behind the contact line', () => {
    const b = new Int8Array(52);
    b[20] = 1;
    b[3] = 1; // already past their last checker: not counted
    b[26 + 10] = 1; // their last checker, on my 15 point
    expect(structure(b).mobility).toBeCloseTo(36 / (36 * 15), 5);
    b[26 + 11] = 2; // their point on my 14, 6 pips in front: 20 rolls (see escapes)
    expect(structure(b).mobility).toBeCloseTo(20 / (36 * 15), 5);
  });

  it('a crashed board: checkers buried on the ace and deuce points, no forward anchor', () => {
    const b = new Int8Array(52);
    b[1] = 8;
    b[2] = 4;
    b[3] = 2;
    b[9] = 1;
    const f = structure(b);
    expect(f.buried).toBeCloseTo(12 / 15, 5);
    expect(f.homePoints).toBeCloseTo(3 / 6, 5);
    expect(f.forwardAnchor).toBe(0);
    expect(f.timing).toBeCloseTo((3 + 2 * 1) / 167, 5); // the 9 point's 3 pips, the deuce point's 2 spares
  });
});
