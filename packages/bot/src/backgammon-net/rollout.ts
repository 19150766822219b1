import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, swapHalves } from '@zar/engine';
import { equityOf, flipProbabilities, OUTPUTS } from '../probabilities.js';
import { seededRandom } from '../random.js';
import { ROLLS, type Roll } from '../rolls.js';
import { BEAROFF, classify, type Evaluator, OVER, outcomeProbabilities } from './evaluator.js';

/**
 * Cubeless rollouts of a position (side on roll, before its roll), played at 0-ply.
 *
 * - Quasi-random dice: trial t opens with ordered roll t mod 36 and answers with roll
 *   ⌊t / 36⌋ mod 36, so every 1296 trials see every pair of first two rolls once (gnubg).
 *   Later rolls come from a generator seeded by (seed, t), so a trial plays the same wherever
 *   it runs and trials can be split among workers by index.
 * - Luck cancellation (gnubg's variance reduction): before each roll the mean over the 21
 *   rolls of the 0-ply value after the best play is taken; the difference between the roll
 *   that came and that mean is luck, and the trial's result has its luck subtracted.
 * - Truncation: after `truncate` plies (0: never) the evaluator's value ends the trial; bearoff
 *   positions end it at once, the bearoff database being exact there.
 */
export interface RolloutOptions {
  readonly trials: number;
  /** Plies to play before the evaluator's value is taken; 0 plays every game out. */
  readonly truncate: number;
  readonly varianceReduction: boolean;
  readonly seed: number;
  /** The first trial's index; workers each take a range. 0 unless given. */
  readonly firstTrial?: number;
}

/** Sums over trials, so that ranges of trials done apart can be added up. */
export interface RolloutSums {
  trials: number;
  /** Sum of each of the five probabilities (root's view). */
  readonly probs: Float64Array;
  equity: number;
  equitySquares: number;
}

export interface RolloutResult {
  readonly trials: number;
  readonly probs: Float64Array;
  /** Cubeless equity for the side on roll. */
  readonly equity: number;
  /** Standard error of the equity. */
  readonly stdError: number;
}

export function emptySums(): RolloutSums {
  return { trials: 0, probs: new Float64Array(OUTPUTS), equity: 0, equitySquares: 0 };
}

export function addSums(into: RolloutSums, from: RolloutSums): void {
  into.trials += from.trials;
  for (let i = 0; i < OUTPUTS; i++) into.probs[i] = (into.probs[i] as number) + (from.probs[i] as number);
  into.equity += from.equity;
  into.equitySquares += from.equitySquares;
}

export function summarise(s: RolloutSums): RolloutResult {
  const n = Math.max(1, s.trials);
  const probs = s.probs.map((p) => p / n);
  const mean = s.equity / n;
  const variance = s.trials > 1 ? Math.max(0, (s.equitySquares - n * mean * mean) / (n - 1)) : 0;
  return { trials: s.trials, probs, equity: mean, stdError: Math.sqrt(variance / n) };
}

/** Index of the unordered roll a-b in ROLLS. */
const ROLL_INDEX: Int8Array = (() => {
  const t = new Int8Array(49);
  ROLLS.forEach(([a, b], i) => {
    t[a * 7 + b] = i;
    t[b * 7 + a] = i;
  });
  return t;
})();

export interface Rollout {
  /** Plays the trials `firstTrial .. firstTrial + trials - 1` and returns their sums. */
  run(board: Int8Array, options: RolloutOptions): RolloutSums;
}

export function createRollout(ev: Evaluator): Rollout {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  /** Best play's board (mover's view) and probabilities (mover's view) per roll. */
  const bestBoards = new Int8Array(ROLLS.length * BOARD_LENGTH);
  const bestProbs = new Float64Array(ROLLS.length * OUTPUTS);
  const mean = new Float64Array(OUTPUTS);
  const luck = new Float64Array(OUTPUTS);
  const leaf = new Float32Array(OUTPUTS);
  const result = new Float64Array(OUTPUTS);
  const board = new Int8Array(BOARD_LENGTH);

  /** Best 0-ply play of roll r into slot r; a roll that cannot be played leaves the board. */
  const bestOf = (r: number): void => {
    const [a, b] = ROLLS[r] as Roll;
    const n = ev.evaluateChildren(board, a, b, plays, probs);
    const slot = bestBoards.subarray(r * BOARD_LENGTH, (r + 1) * BOARD_LENGTH);
    if (n === 0) {
      slot.set(board);
      swapHalves(slot);
      ev.evaluate(slot, leaf, 0);
      swapHalves(slot);
      for (let i = 0; i < OUTPUTS; i++) bestProbs[r * OUTPUTS + i] = leaf[i] as number;
    } else {
      let best = 0;
      let top = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < n; k++) {
        const e = -equityOf(probs, k * OUTPUTS);
        if (e > top) {
          top = e;
          best = k;
        }
      }
      slot.set(plays.subarray(best * BOARD_LENGTH, (best + 1) * BOARD_LENGTH));
      for (let i = 0; i < OUTPUTS; i++) bestProbs[r * OUTPUTS + i] = probs[best * OUTPUTS + i] as number;
    }
    // Stored from the mover's view.
    flipProbabilities(bestProbs, r * OUTPUTS);
  };

  /** Adds `sign`·(mover's vector), turned to the root's view when the mover is not the root. */
  const addRootView = (v: Float64Array, moverIsRoot: boolean, sign: number, into: Float64Array): void => {
    if (moverIsRoot) for (let i = 0; i < OUTPUTS; i++) into[i] = (into[i] as number) + sign * (v[i] as number);
    else {
      into[0] = (into[0] as number) - sign * (v[0] as number);
      into[1] = (into[1] as number) + sign * (v[3] as number);
      into[2] = (into[2] as number) + sign * (v[4] as number);
      into[3] = (into[3] as number) + sign * (v[1] as number);
      into[4] = (into[4] as number) + sign * (v[2] as number);
    }
  };

  const diff = new Float64Array(OUTPUTS);
  const trial = (root: Int8Array, t: number, o: RolloutOptions): void => {
    board.set(root.subarray(0, BOARD_LENGTH));
    luck.fill(0);
    const random = seededRandom((Math.imul(o.seed, 0x9e3779b1) ^ Math.imul(t + 1, 0x85ebca6b)) >>> 0);
    let moverIsRoot = true;
    for (let ply = 0; ; ply++) {
      const cls = classify(board);
      if (cls === OVER || cls <= BEAROFF || (o.truncate > 0 && ply >= o.truncate)) {
        if (cls === OVER) outcomeProbabilities(board, 0, leaf, 0);
        else ev.evaluate(board, leaf, 0);
        for (let i = 0; i < OUTPUTS; i++) result[i] = leaf[i] as number;
        if (!moverIsRoot) flipProbabilities(result);
        return;
      }
      const ordered = ply === 0 ? t % 36 : ply === 1 ? Math.floor(t / 36) % 36 : Math.floor(random() * 36);
      const r = ROLL_INDEX[(Math.floor(ordered / 6) + 1) * 7 + (ordered % 6) + 1] as number;
      if (o.varianceReduction) {
        mean.fill(0);
        for (let q = 0; q < ROLLS.length; q++) {
          bestOf(q);
          const w = (ROLLS[q] as Roll)[2];
          for (let i = 0; i < OUTPUTS; i++)
            mean[i] = (mean[i] as number) + (w * (bestProbs[q * OUTPUTS + i] as number)) / 36;
        }
        for (let i = 0; i < OUTPUTS; i++) diff[i] = (bestProbs[r * OUTPUTS + i] as number) - (mean[i] as number);
        addRootView(diff, moverIsRoot, 1, luck);
      } else bestOf(r);
      board.set(bestBoards.subarray(r * BOARD_LENGTH, (r + 1) * BOARD_LENGTH));
      swapHalves(board);
      moverIsRoot = !moverIsRoot;
    }
  };

  return {
    run(root, o) {
      const sums = emptySums();
      const first = o.firstTrial ?? 0;
      for (let t = first; t < first + o.trials; t++) {
        trial(root, t, o);
        for (let i = 0; i < OUTPUTS; i++) result[i] = (result[i] as number) - (luck[i] as number);
        const e = equityOf(result);
        for (let i = 0; i < OUTPUTS; i++) sums.probs[i] = (sums.probs[i] as number) + (result[i] as number);
        sums.equity += e;
        sums.equitySquares += e * e;
        sums.trials++;
      }
      return sums;
    },
  };
}
