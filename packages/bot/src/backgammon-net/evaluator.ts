import { createFastPlayGenerator, type FastPlayGenerator } from '@zar/engine';
import { accumulateSparse, activate, addColumns, addDense, finishForward } from '../nn/forward.js';
import type { Network } from '../nn/network.js';
import { equityOf, OUTPUTS } from '../probabilities.js';
import type { BearoffDatabase } from './bearoff/database.js';
import { bearoffProbabilitiesAt } from './bearoff/race.js';
import { isCrashed } from './crashed.js';
import {
  DENSE_INPUTS,
  encodeDense,
  encodePoints,
  MAX_SPARSE,
  POINT_INPUTS,
  SIDE,
  slotInput,
  UNITS,
  unitValue,
} from './inputs.js';

/** Position classes, each with its own evaluator. */
export const OVER = 0;
export const BEAROFF = 1;
export const RACE = 2;
export const CONTACT = 3;
export type PositionClass = typeof OVER | typeof BEAROFF | typeof RACE | typeof CONTACT;

/** The nets a strong evaluator needs; the bearoff database is exact and needs no training. */
export interface EvaluatorNets {
  readonly contact: Network;
  readonly race: Network;
  /** gnubg's crashed positions (`isCrashed`), when the weights split them off; else the contact net's. */
  readonly crashed?: Network;
}

/*
 * Boards are read at raw offsets (`board[me + p]`, `rot` 0 or 26), not through board.ts's readers:
 * a rotation is an offset they do not take, and this is the bot's innermost loop.
 */

/** Which evaluator a board read with rotation `rot` (0 or 26) belongs to. */
export function classify(board: Int8Array, rot = 0): PositionClass {
  const me = rot;
  const them = (SIDE + rot) % (2 * SIDE);
  if (board[me] === 15 || board[them] === 15) return OVER;
  let myBack = 0;
  for (let p = 25; p >= 1; p--) {
    if ((board[me + p] as number) > 0) {
      myBack = p;
      break;
    }
  }
  let theirBack = 0;
  for (let p = 25; p >= 1; p--) {
    if ((board[them + p] as number) > 0) {
      theirBack = p;
      break;
    }
  }
  // My point p faces their point 25 - p: no contact once my last checker is past their last.
  if (myBack + theirBack >= 25) return CONTACT;
  return myBack <= 6 && theirBack <= 6 ? BEAROFF : RACE;
}

/** The outcome of a finished game read with rotation `rot`, as the five probabilities. */
export function outcomeProbabilities(board: Int8Array, rot: number, out: Float32Array, at: number): void {
  const me = rot;
  const them = (SIDE + rot) % (2 * SIDE);
  out.fill(0, at, at + OUTPUTS);
  const iWon = board[me] === 15;
  const loser = iWon ? them : me;
  let kind = 0;
  if (board[loser] === 0) {
    kind = 1;
    // Backgammon: the loser still has a checker on the bar or in the winner's home board.
    for (let p = 19; p <= 25; p++) if ((board[loser + p] as number) > 0) kind = 2;
  }
  if (iWon) {
    out[at] = 1;
    if (kind >= 1) out[at + 1] = 1;
    if (kind === 2) out[at + 2] = 1;
  } else {
    if (kind >= 1) out[at + 3] = 1;
    if (kind === 2) out[at + 4] = 1;
  }
}

/** Keeps the outputs coherent: gammons within wins and losses, backgammons within gammons. */
function sanitize(out: Float32Array, at: number): void {
  const win = out[at] as number;
  if ((out[at + 1] as number) > win) out[at + 1] = win;
  if ((out[at + 2] as number) > (out[at + 1] as number)) out[at + 2] = out[at + 1] as number;
  if ((out[at + 3] as number) > 1 - win) out[at + 3] = 1 - win;
  if ((out[at + 4] as number) > (out[at + 3] as number)) out[at + 4] = out[at + 3] as number;
}

export interface Evaluator {
  readonly nets: EvaluatorNets;
  readonly bearoff: BearoffDatabase;
  /** The five probabilities for the side on roll of `board` (its own view), at `out[at..]`. */
  evaluate(board: Int8Array, out: Float32Array, at?: number): void;
  /** As `evaluate`, for a board read with rotation `rot` (26: a board kept from the mover's view). */
  evaluateRot(board: Int8Array, rot: number, out: Float32Array, at: number): void;
  /**
   * Generates every play of `d1`-`d2` from `board` (side on roll's view) into `plays` (a
   * `fastPlaysBuffer()`) and writes, for play k, the five probabilities of the position after
   * it, seen by the opponent who is then on roll, at `probs[5k..]`. Returns the number of plays.
   * The first layer is updated from the parent's sums, not recomputed, for each child.
   */
  evaluateChildren(board: Int8Array, d1: number, d2: number, plays: Int8Array, probs: Float32Array): number;
  /**
   * The play of `d1`-`d2` with the best cubeless equity for the mover at 0-ply: its index in
   * `plays` (-1 when the roll cannot be played) and that equity (mover's view) in `result`.
   */
  bestPlay0ply(board: Int8Array, d1: number, d2: number, plays: Int8Array, probs: Float32Array): BestPlay;
}

export interface BestPlay {
  index: number;
  count: number;
  equity: number;
}

/**
 * Fills `best` with the best of `n` children for the mover (their probabilities, from the
 * opponent's view, at `probs[5k..]`): what `bestPlay0ply` returns.
 */
function bestChild(probs: Float32Array, n: number, best: BestPlay): BestPlay {
  best.index = -1;
  best.count = n;
  best.equity = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    const e = -equityOf(probs, k * OUTPUTS);
    if (e > best.equity) {
      best.equity = e;
      best.index = k;
    }
  }
  return best;
}

export function createEvaluator(nets: EvaluatorNets, bearoff: BearoffDatabase): Evaluator {
  const gen: FastPlayGenerator = createFastPlayGenerator();
  const crashedNet = nets.crashed ?? null;
  const maxHidden = Math.max(nets.contact.hidden, nets.race.hidden, crashedNet?.hidden ?? 0);
  const idx = new Int32Array(MAX_SPARSE);
  const val = new Float32Array(MAX_SPARSE);
  const dense = new Float32Array(DENSE_INPUTS);
  const pre = new Float32Array(maxHidden);
  const hid = new Float32Array(maxHidden);
  const baseContact = new Float32Array(nets.contact.hidden);
  const baseRace = new Float32Array(nets.race.hidden);
  const baseCrashed = new Float32Array(crashedNet?.hidden ?? 0);
  // The dense inputs of each net's first child: its base sums hold their columns already.
  const refContact = new Float32Array(DENSE_INPUTS);
  const refRace = new Float32Array(DENSE_INPUTS);
  const refCrashed = new Float32Array(DENSE_INPUTS);
  // A child's changed columns: at most 4 units on each of 52 slots, and every dense input.
  const colIdx = new Int32Array(4 * 52 + DENSE_INPUTS);
  const colVal = new Float64Array(4 * 52 + DENSE_INPUTS);
  let cols = 0;
  const best: BestPlay = { index: -1, count: 0, equity: 0 };

  const netEval = (net: Network, board: Int8Array, rot: number, out: Float32Array, at: number): void => {
    const n = encodePoints(board, rot, idx, val);
    accumulateSparse(net, idx, val, n, pre);
    encodeDense(board, rot, dense);
    finishForward(net, pre, POINT_INPUTS, dense, hid, out, at);
    sanitize(out, at);
  };

  const evaluateRot = (board: Int8Array, rot: number, out: Float32Array, at: number): void => {
    const cls = classify(board, rot);
    if (cls === OVER) outcomeProbabilities(board, rot, out, at);
    else if (cls === BEAROFF) bearoffProbabilitiesAt(bearoff, board, rot, (SIDE + rot) % (2 * SIDE), out, at);
    else if (cls === RACE) netEval(nets.race, board, rot, out, at);
    else netEval(crashedNet && isCrashed(board, rot) ? crashedNet : nets.contact, board, rot, out, at);
  };

  /** Appends to the column list the change of slot k of side s from `was` to `now` checkers. */
  const slotChange = (s: number, k: number, was: number, now: number) => {
    const i = slotInput(s, k);
    for (let u = 0; u < UNITS; u++) {
      const d = unitValue(now, u) - unitValue(was, u);
      if (d === 0) continue;
      colIdx[cols] = i + u;
      colVal[cols++] = d;
    }
  };

  /**
   * Child k from the opponent's view, starting from `base`: the parent's point sums (same view)
   * with the columns of the dense inputs `ref`. The changed point units and dense inputs are
   * listed first and added four columns a pass (`addColumns`).
   */
  const childEval = (
    net: Network,
    base: Float32Array,
    ref: Float32Array,
    board: Int8Array,
    plays: Int8Array,
    k: number,
    probs: Float32Array,
  ) => {
    const H = net.hidden;
    const c = k * 52;
    cols = 0;
    for (let j = 1; j < 52; j++) {
      const was = board[j] as number;
      const now = plays[c + j] as number;
      if (was === now || j === SIDE) continue;
      // Read with rotation 26, the mover's half (bytes 0..25) is side 1.
      slotChange(j < SIDE ? 1 : 0, j % SIDE, was, now);
    }
    const child = plays.subarray(c, c + 52);
    encodeDense(child, SIDE, dense);
    for (let j = 0; j < DENSE_INPUTS; j++) {
      const d = (dense[j] as number) - (ref[j] as number);
      if (d === 0) continue;
      colIdx[cols] = POINT_INPUTS + j;
      colVal[cols++] = d;
    }
    for (let h = 0; h < H; h++) hid[h] = base[h] as number;
    addColumns(net, colIdx, colVal, cols, hid);
    activate(net, hid, probs, k * OUTPUTS);
    sanitize(probs, k * OUTPUTS);
  };

  const evaluateChildren = (
    board: Int8Array,
    d1: number,
    d2: number,
    plays: Int8Array,
    probs: Float32Array,
  ): number => {
    const count = gen.generate(board, d1, d2, plays);
    // Which nets' base sums this position has filled: bit 1 contact, 2 race, 4 crashed.
    let have = 0;
    for (let k = 0; k < count; k++) {
      const child = plays.subarray(k * 52, k * 52 + 52);
      const cls = classify(child, SIDE);
      if (cls === CONTACT || cls === RACE) {
        const crashed = cls === CONTACT && crashedNet !== null && isCrashed(child, SIDE);
        const bit = crashed ? 4 : cls === CONTACT ? 1 : 2;
        const net = crashed ? (crashedNet as Network) : cls === CONTACT ? nets.contact : nets.race;
        const base = crashed ? baseCrashed : cls === CONTACT ? baseContact : baseRace;
        const ref = crashed ? refCrashed : cls === CONTACT ? refContact : refRace;
        if ((have & bit) === 0) {
          const n = encodePoints(board, SIDE, idx, val);
          accumulateSparse(net, idx, val, n, base);
          encodeDense(child, SIDE, ref);
          addDense(net, POINT_INPUTS, ref, base);
          have |= bit;
        }
        childEval(net, base, ref, board, plays, k, probs);
      } else evaluateRot(child, SIDE, probs, k * OUTPUTS);
    }
    return count;
  };

  return {
    nets,
    bearoff,
    evaluate: (board, out, at = 0) => evaluateRot(board, 0, out, at),
    evaluateRot,
    evaluateChildren,
    bestPlay0ply: (board, d1, d2, plays, probs) =>
      bestChild(probs, evaluateChildren(board, d1, d2, plays, probs), best),
  };
}
