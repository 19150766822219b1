/**
 * Network inputs from a 52-byte board, gnubg-style: for each side, 4 units on each of its
 * points 1..24 and the bar (1 checker, 2 checkers, 3 or more, (n - 3) / 2 past 3), then a few
 * dense features. The board is read through a rotation: `rot` 0 reads it as stored (side on
 * roll at bytes 0..25); `rot` 26 reads the halves swapped, so a board kept from the mover's
 * view (as the fast generator writes children) is encoded from the opponent's view.
 *
 * The point units are sparse (most are 0) and local: a move changes only the slots it
 * touches, which is what lets the first layer be updated incrementally.
 */

import { contactFeatures, FEATURE_NAMES, FEATURES } from './features.js';

export const SIDE = 26;
export const SLOTS = 25;
export const UNITS = 4;
/** Point units for both sides. */
export const POINT_INPUTS = 2 * SLOTS * UNITS;
/**
 * off/15 for each side, the share of 36 rolls that hit a blot for each side, then the contact
 * features of the side on roll and of its opponent.
 */
export const DENSE_INPUTS = 4 + 2 * FEATURES;
export const INPUTS = POINT_INPUTS + DENSE_INPUTS;
/** Names of the dense inputs, in order after the point units. */
export const DENSE_NAMES: readonly string[] = [
  'offOnRoll',
  'offOpponent',
  'shotsOnRoll',
  'shotsOpponent',
  ...FEATURE_NAMES.map((n) => `${n}OnRoll`),
  ...FEATURE_NAMES.map((n) => `${n}Opponent`),
];

/** The most non-zero point units a legal board can have: 15 checkers per side, each on its own slot. */
export const MAX_SPARSE = 2 * 15 * 2;

/** First input of the units of slot `k` (1..25) of side `s` (0 = on roll in the encoded view). */
export function slotInput(s: number, k: number): number {
  return (s * SLOTS + (k - 1)) * UNITS;
}

/**
 * Writes the non-zero point units of `board` read with rotation `rot` as (index, value) pairs
 * and returns how many there are.
 */
export function encodePoints(board: Int8Array, rot: number, idx: Int32Array, val: Float32Array): number {
  let n = 0;
  for (let s = 0; s < 2; s++) {
    const base = (s * SIDE + rot) % (2 * SIDE);
    for (let k = 1; k <= SLOTS; k++) {
      const c = board[base + k] as number;
      if (c <= 0) continue;
      const i = slotInput(s, k);
      if (c === 1) {
        idx[n] = i;
        val[n++] = 1;
      } else if (c === 2) {
        idx[n] = i + 1;
        val[n++] = 1;
      } else {
        idx[n] = i + 2;
        val[n++] = 1;
        if (c > 3) {
          idx[n] = i + 3;
          val[n++] = (c - 3) / 2;
        }
      }
    }
  }
  return n;
}

/** The dense inputs of `board` read with rotation `rot`, written to `out[0..DENSE_INPUTS)`. */
export function encodeDense(board: Int8Array, rot: number, out: Float32Array): void {
  const me = rot;
  const them = (SIDE + rot) % (2 * SIDE);
  out[0] = (board[me] as number) / 15;
  out[1] = (board[them] as number) / 15;
  out[2] = hittingRolls(board, me, them) / 36;
  out[3] = hittingRolls(board, them, me) / 36;
  contactFeatures(board, me, them, out, 4);
  contactFeatures(board, them, me, out, 4 + FEATURES);
}

/** Bit r (r = 6 * (d1 - 1) + d2 - 1) is set for each of the 36 rolls; two words of 18 bits. */
const ROLL_WORD = 18;

/** For each distance 1..24, the ordered rolls (6 * (d1 - 1) + d2 - 1) that can cover it at all. */
const CANDIDATES: readonly Int8Array[] = Array.from({ length: 25 }, (_, d) => {
  const rolls: number[] = [];
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = 1; d2 <= 6; d2++) {
      const reach = d1 === d2 ? d1 * 4 : d1 + d2;
      if (d > 0 && (d1 === d || d2 === d || d === d1 + d2 || (d1 === d2 && d % d1 === 0 && d <= reach))) {
        rolls.push(6 * (d1 - 1) + d2 - 1);
      }
    }
  }
  return Int8Array.from(rolls);
});

/**
 * How many of the 36 rolls let the attacker (its half at `att`) hit at least one blot of the
 * defender (`def`) on the next roll, directly or with a combination whose stops are open. The
 * attacker is treated as able to move its checkers freely (a checker on the bar must enter
 * first, so only entering hits count then); a cheap stand-in for gnubg's shot features.
 */
export function hittingRolls(board: Int8Array, att: number, def: number): number {
  // The defender's count on the physical point that is the attacker's point q is at def + 25 - q.
  let lo = 0;
  let hi = 0;
  const onBar = (board[att + 25] as number) > 0;
  for (let q = 1; q <= 24; q++) {
    if (board[def + 25 - q] !== 1) continue;
    const from = onBar ? 25 : q + 1;
    const top = Math.min(25, q + 24);
    for (let p = from; p <= top; p++) {
      if ((board[att + p] as number) <= 0) continue;
      const d = p - q;
      const rolls = CANDIDATES[d] as Int8Array;
      for (let j = 0; j < rolls.length; j++) {
        const r = rolls[j] as number;
        const known = r < ROLL_WORD ? lo & (1 << r) : hi & (1 << (r - ROLL_WORD));
        if (known !== 0 || !hits(board, def, p, d, ((r / 6) | 0) + 1, (r % 6) + 1)) continue;
        if (r < ROLL_WORD) lo |= 1 << r;
        else hi |= 1 << (r - ROLL_WORD);
      }
    }
  }
  return popcount(lo) + popcount(hi);
}

/** Does roll d1-d2 carry a checker from `p` exactly `d` pips with every stop open? */
function hits(board: Int8Array, def: number, p: number, d: number, d1: number, d2: number): boolean {
  if (d1 === d || d2 === d) return true;
  if (d1 === d2) {
    for (let k = 2; k <= 4; k++) {
      if (d1 * k !== d) continue;
      for (let j = 1; j < k; j++) if ((board[def + 25 - (p - d1 * j)] as number) >= 2) return false;
      return true;
    }
    return false;
  }
  if (d1 + d2 !== d) return false;
  return (board[def + 25 - (p - d1)] as number) < 2 || (board[def + 25 - (p - d2)] as number) < 2;
}

function popcount(x: number): number {
  let n = 0;
  while (x !== 0) {
    x &= x - 1;
    n++;
  }
  return n;
}
