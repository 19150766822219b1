import {
  CONTACT,
  classify,
  DENSE_INPUTS,
  type Evaluator,
  encodeDense,
  encodePoints,
  flipProbabilities,
  MAX_SPARSE,
  OUTPUTS,
  POINT_INPUTS,
  RACE,
} from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { type TrainScratch, trainScratch, trainStep } from './backprop.js';

/**
 * Offline TD(λ) on one finished self-play game: the λ-return of every position is computed
 * backwards from the result, bootstrapping on the current nets' values of the positions that
 * followed (exact ones in the bearoff and at the end), then each contact or race position
 * takes one gradient step toward its λ-return.
 */
export interface TdTrainer {
  /** Trains on `count` boards at `boards` (the last is the finished game); returns summed squared error and steps. */
  trainGame(
    boards: Int8Array,
    from: number,
    count: number,
    alpha: number,
    lambda: number,
  ): { loss: number; steps: number };
}

export function createTdTrainer(ev: Evaluator): TdTrainer {
  const contactScratch: TrainScratch = trainScratch(ev.nets.contact);
  const raceScratch: TrainScratch = trainScratch(ev.nets.race);
  const idx = new Int32Array(MAX_SPARSE);
  const val = new Float32Array(MAX_SPARSE);
  const dense = new Float32Array(DENSE_INPUTS);
  let values = new Float32Array(256 * OUTPUTS);
  let returns = new Float32Array(256 * OUTPUTS);
  return {
    trainGame(boards, from, count, alpha, lambda) {
      if (values.length < count * OUTPUTS) {
        values = new Float32Array(count * 2 * OUTPUTS);
        returns = new Float32Array(count * 2 * OUTPUTS);
      }
      const at = (t: number) => boards.subarray(from + t * BOARD_LENGTH, from + (t + 1) * BOARD_LENGTH);
      for (let t = 1; t < count; t++) ev.evaluate(at(t), values, t * OUTPUTS);
      lambdaReturns(values, count, lambda, returns);
      let loss = 0;
      let steps = 0;
      for (let t = 0; t < count - 1; t++) {
        const b = at(t);
        const cls = classify(b);
        if (cls !== CONTACT && cls !== RACE) continue;
        const net = cls === CONTACT ? ev.nets.contact : ev.nets.race;
        const n = encodePoints(b, 0, idx, val);
        encodeDense(b, 0, dense);
        loss += trainStep(
          net,
          idx,
          val,
          n,
          POINT_INPUTS,
          dense,
          returns.subarray(t * OUTPUTS),
          alpha,
          cls === CONTACT ? contactScratch : raceScratch,
        );
        steps++;
      }
      return { loss, steps };
    },
  };
}

/**
 * The λ-returns of a game of `count` positions: `values[t]` (t >= 1) is the value of position
 * t from its own side on roll's view, the last being final (or cut off), so it is the whole
 * return there. Writes `returns[t]` for t < count, each from position t's view.
 */
export function lambdaReturns(values: Float32Array, count: number, lambda: number, returns: Float32Array): void {
  returns.set(values.subarray((count - 1) * OUTPUTS, count * OUTPUTS), (count - 1) * OUTPUTS);
  for (let t = count - 2; t >= 0; t--) {
    const next = (t + 1) * OUTPUTS;
    const here = t * OUTPUTS;
    const mix = t === count - 2 ? 0 : lambda;
    for (let k = 0; k < OUTPUTS; k++)
      returns[here + k] = (1 - mix) * (values[next + k] as number) + mix * (returns[next + k] as number);
    flipProbabilities(returns, here);
  }
}
