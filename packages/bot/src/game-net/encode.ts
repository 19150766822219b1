import { borneOff, CHECKERS, mine, onBar, PIN_BASE, type Position, pinnedOn, type Rules, theirs } from '@zar/engine';

/*
 * One encoding for every game, from the side on roll's view and in its numbering. What differs
 * between games comes from the Rules object: where the opponent's points lie (theirPointToMine),
 * whether pins exist. Inputs, in order:
 *   mover:     4 units per point 1..24, then 4 for the bar        (gnubg's 1, 2, 3+, (n − 3)/2)
 *   opponent:  the same, on the mover's point each checker stands on
 *   off:       checkers borne off / 15, mover then opponent
 *   pins:      per mover's point, the mover's checker is pinned; then the opponent's is pinned
 *   run:       the die of a gul bara doubles run still to play, one-hot 1..6
 *   turns:     turns completed ≥ 1, ≥ 2, ≥ 3, mover then opponent (long nardy's head rule on
 *              the first turn, gul bara's doubles played normally in the first turns)
 *   pips:      pips to travel / 360, mover then opponent
 * Every input is written sparsely (index and value), so the net's first layer adds only the
 * columns of inputs that are not zero.
 */
const UNITS = 4;
const SIDE_UNITS = 25 * UNITS;
export const OPPONENT_AT = SIDE_UNITS;
export const OFF_AT = 2 * SIDE_UNITS;
export const PINNED_AT = OFF_AT + 2;
export const PINNING_AT = PINNED_AT + 24;
export const RUN_AT = PINNING_AT + 24;
export const TURNS_AT = RUN_AT + 6;
const TURN_STEPS = 3;
export const PIPS_AT = TURNS_AT + 2 * TURN_STEPS;
export const GAME_INPUTS = PIPS_AT + 2;
/** Most inputs one position can switch on: every point and bar unit of both sides and the rest. */
export const MAX_ACTIVE = GAME_INPUTS;

/** Full pip count of 15 checkers on the 24 point: the scale of the pip inputs. */
const PIP_SCALE = CHECKERS * 24;

function writeUnits(n: number, at: number, idx: Int32Array, val: Float32Array, k: number): number {
  if (n <= 0) return k;
  idx[k] = at;
  val[k++] = 1;
  if (n >= 2) {
    idx[k] = at + 1;
    val[k++] = 1;
  }
  if (n >= 3) {
    idx[k] = at + 2;
    val[k++] = 1;
  }
  if (n >= 4) {
    idx[k] = at + 3;
    val[k++] = (n - 3) / 2;
  }
  return k;
}

function write(at: number, v: number, idx: Int32Array, val: Float32Array, k: number): number {
  if (v === 0) return k;
  idx[k] = at;
  val[k] = v;
  return k + 1;
}

/**
 * Writes the non-zero inputs of `pos` (from its side on roll's view) into `idx`/`val` and
 * returns how many there are (at most MAX_ACTIVE).
 */
export function encodeGamePosition(rules: Rules, pos: Position, idx: Int32Array, val: Float32Array): number {
  const b = pos.board;
  let k = 0;
  for (let p = 1; p <= 24; p++) k = writeUnits(mine(b, p), (p - 1) * UNITS, idx, val, k);
  k = writeUnits(onBar(b, 'onRoll'), 24 * UNITS, idx, val, k);
  for (let q = 1; q <= 24; q++) {
    const at = rules.theirPointToMine(q);
    k = writeUnits(theirs(b, q), OPPONENT_AT + (at - 1) * UNITS, idx, val, k);
  }
  k = writeUnits(onBar(b, 'opponent'), OPPONENT_AT + 24 * UNITS, idx, val, k);
  k = write(OFF_AT, borneOff(b, 'onRoll') / CHECKERS, idx, val, k);
  k = write(OFF_AT + 1, borneOff(b, 'opponent') / CHECKERS, idx, val, k);
  if (rules.hasPins && b.length > PIN_BASE) {
    for (let p = 1; p <= 24; p++) {
      const pinned = pinnedOn(b, p);
      if (pinned === 'onRoll') k = write(PINNED_AT + p - 1, 1, idx, val, k);
      else if (pinned === 'opponent') k = write(PINNING_AT + p - 1, 1, idx, val, k);
    }
  }
  if (pos.run >= 1 && pos.run <= 6) k = write(RUN_AT + pos.run - 1, 1, idx, val, k);
  for (let side = 0; side < 2; side++) {
    const turns = pos.turns[side] ?? 0;
    for (let s = 0; s < TURN_STEPS; s++) if (turns > s) k = write(TURNS_AT + side * TURN_STEPS + s, 1, idx, val, k);
  }
  const [myPips, theirPips] = rules.pips(pos);
  k = write(PIPS_AT, myPips / PIP_SCALE, idx, val, k);
  return write(PIPS_AT + 1, theirPips / PIP_SCALE, idx, val, k);
}

/** The encoding as a dense vector (tests, and the reference for the sparse path). */
export function denseGameInputs(rules: Rules, pos: Position): Float32Array {
  const idx = new Int32Array(MAX_ACTIVE);
  const val = new Float32Array(MAX_ACTIVE);
  const n = encodeGamePosition(rules, pos, idx, val);
  const x = new Float32Array(GAME_INPUTS);
  for (let j = 0; j < n; j++) x[idx[j] as number] = val[j] as number;
  return x;
}
