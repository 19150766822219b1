/**
 * Network inputs from a 52-byte board, gnubg-style: for each side, 4 units on each of its
 * points 1..24 and the bar (1 checker, 2 checkers, 3 or more, (n - 3) / 2 past 3), then a few
 * dense features. The board is read through a rotation: `rot` 0 reads it as stored (side on
 * roll at bytes 0..25); `rot` 26 reads the halves swapped, so a board kept from the mover's
 * view (as the fast generator writes children) is encoded from the opponent's view.
 *
 * The point units are sparse (most are 0) and local: a move changes only the slots it
 * touches, which is what lets the first layer be updated incrementally.
 *
 * Raw offsets (`board[base + k]`), not board.ts's readers: the rotation is an offset the readers
 * do not take, and this is the evaluator's hot loop.
 */

import { contactFeatures, FEATURE_NAMES, FEATURES, STRUCTURE_NAMES, STRUCTURES } from './features.js';
import { shotStats, shotStatsScratch } from './shots.js';

export const SIDE = 26;
export const SLOTS = 25;
export const UNITS = 4;
/** Point units for both sides. */
export const POINT_INPUTS = 2 * SLOTS * UNITS;
/**
 * off/15 for each side, the share of 36 rolls that hit a blot for each side, then the contact
 * features of the side on roll and of its opponent; then (added later, so after them) the pips
 * lost to hits and the double shots for each side, and the structure features of each side.
 */
export const DENSE_INPUTS = 4 + 2 * FEATURES + 4 + 2 * STRUCTURES;
export const INPUTS = POINT_INPUTS + DENSE_INPUTS;
/** Names of the dense inputs, in order after the point units. */
export const DENSE_NAMES: readonly string[] = [
  'offOnRoll',
  'offOpponent',
  'shotsOnRoll',
  'shotsOpponent',
  ...FEATURE_NAMES.map((n) => `${n}OnRoll`),
  ...FEATURE_NAMES.map((n) => `${n}Opponent`),
  'pipLossOnRoll',
  'pipLossOpponent',
  'doubleShotsOnRoll',
  'doubleShotsOpponent',
  ...STRUCTURE_NAMES.map((n) => `${n}OnRoll`),
  ...STRUCTURE_NAMES.map((n) => `${n}Opponent`),
];

/** The most non-zero point units a legal board can have: 15 checkers per side, each on its own slot. */
export const MAX_SPARSE = 2 * 15 * 2;

/** First input of the units of slot `k` (1..25) of side `s` (0 = on roll in the encoded view). */
export function slotInput(s: number, k: number): number {
  return (s * SLOTS + (k - 1)) * UNITS;
}

/** Unit `u` (0..3) of a slot holding `count` checkers: 1, 2, 3 or more, and (count − 3) / 2 past 3. */
export function unitValue(count: number, u: number): number {
  if (count <= 0) return 0;
  if (u === 0) return count === 1 ? 1 : 0;
  if (u === 1) return count === 2 ? 1 : 0;
  if (u === 2) return count >= 3 ? 1 : 0;
  return count > 3 ? (count - 3) / 2 : 0;
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

const shots = shotStatsScratch();

/** The dense inputs of `board` read with rotation `rot`, written to `out[0..DENSE_INPUTS)`. */
export function encodeDense(board: Int8Array, rot: number, out: Float32Array): void {
  const me = rot;
  const them = (SIDE + rot) % (2 * SIDE);
  out[0] = (board[me] as number) / 15;
  out[1] = (board[them] as number) / 15;
  const second = 4 + 2 * FEATURES;
  // "OnRoll" shots are the side on roll's at the opponent's blots: what it can hit now.
  shotStats(board, me, them, shots);
  out[2] = shots.rolls / 36;
  out[second] = shots.pipLoss / (36 * 12);
  out[second + 2] = shots.doubleRolls / 36;
  shotStats(board, them, me, shots);
  out[3] = shots.rolls / 36;
  out[second + 1] = shots.pipLoss / (36 * 12);
  out[second + 3] = shots.doubleRolls / 36;
  contactFeatures(board, me, them, out, 4, second + 4);
  contactFeatures(board, them, me, out, 4 + FEATURES, second + 4 + STRUCTURES);
}
