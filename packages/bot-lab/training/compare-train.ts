import {
  CONTACT,
  classify,
  DENSE_INPUTS,
  type Evaluator,
  type EvaluatorNets,
  encodeDense,
  encodePoints,
  MAX_SPARSE,
  OUTPUTS,
  POINT_INPUTS,
  type Random,
} from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { adamTrainer } from './adam.js';
import { serializeNets } from './checkpoint.js';
import { compareTargets, groupRanges, shuffle } from './compare.js';
import { type FreshScore, freshScore } from './fresh.js';

export interface ComparedRun {
  readonly nets: EvaluatorNets;
  /** An evaluator over `nets` itself, so it sees each step. */
  readonly ev: Evaluator;
  readonly boards: Int8Array;
  readonly targets: Float32Array;
  readonly count: number;
  /** Where each decision's candidates start in `boards` (as `generatePositions` writes them). */
  readonly groupStarts: readonly number[];
  readonly epochs: number;
  readonly alpha: number;
  readonly batch: number;
  /** The compare term's weight λ (training/compare.ts). */
  readonly lambda: number;
  readonly random: Random;
  readonly log: (line: string) => void;
}

/**
 * Adam epochs on the squared error plus the compare term, decision by decision. Whole decisions
 * are held out (5%), so no held-out position has a sibling in training, and the epoch kept is the
 * one whose choices lose the least label equity on them: what the compare term is for.
 */
export function trainCompared(run: ComparedRun): { nets: ReturnType<typeof serializeNets>; epoch: number } {
  const { nets, ev, boards, targets, count, random, log } = run;
  const decisions = groupRanges(run.groupStarts, count);
  shuffle(decisions, random);
  const held = decisions.splice(0, Math.floor(decisions.length / 20));
  const heldCount = held.reduce((n, [a, b]) => n + b - a, 0);
  const heldBoards = new Int8Array(heldCount * BOARD_LENGTH);
  const heldTargets = new Float32Array(heldCount * OUTPUTS);
  const heldStarts: number[] = [];
  let at = 0;
  for (const [a, b] of held) {
    heldStarts.push(at);
    heldBoards.set(boards.subarray(a * BOARD_LENGTH, b * BOARD_LENGTH), at * BOARD_LENGTH);
    heldTargets.set(targets.subarray(a * OUTPUTS, b * OUTPUTS), at * OUTPUTS);
    at += b - a;
  }
  const score = (): FreshScore => freshScore(ev, heldBoards, heldTargets, heldCount, heldStarts);
  const describe = (s: FreshScore) =>
    `squared error ${s.squaredError.toFixed(5)}, same choice as the labels ${(100 * s.agreement).toFixed(1)}%, equity lost ${s.equityLost.toFixed(5)} per decision (${s.decisions})`;
  const before = score();
  log(`held out ${held.length} decisions (${heldCount} positions) before refinement: ${describe(before)}`);
  let best = before.equityLost;
  let kept = { nets: serializeNets(nets), epoch: 0 };

  const idx = new Int32Array(MAX_SPARSE);
  const val = new Float32Array(MAX_SPARSE);
  const dense = new Float32Array(DENSE_INPUTS);
  const adam = { contact: adamTrainer(nets.contact), race: adamTrainer(nets.race) };
  let largest = 0;
  for (const [a, b] of decisions) largest = Math.max(largest, b - a);
  const probs = new Float32Array(largest * OUTPUTS);
  const adjusted = new Float32Array(largest * OUTPUTS);
  const positions = count - heldCount;
  for (let epoch = 1; epoch <= run.epochs; epoch++) {
    shuffle(decisions, random);
    const rate = run.alpha * (1 - (epoch - 1) / run.epochs);
    let squared = 0;
    let penalty = 0;
    for (const [a, b] of decisions) {
      const m = b - a;
      for (let i = 0; i < m; i++)
        ev.evaluate(boards.subarray((a + i) * BOARD_LENGTH, (a + i + 1) * BOARD_LENGTH), probs, i * OUTPUTS);
      const labels = targets.subarray(a * OUTPUTS, b * OUTPUTS);
      for (let k = 0; k < m * OUTPUTS; k++) squared += ((probs[k] as number) - (labels[k] as number)) ** 2;
      penalty += compareTargets(probs, labels, m, run.lambda, adjusted);
      for (let i = 0; i < m; i++) {
        const board = boards.subarray((a + i) * BOARD_LENGTH, (a + i + 1) * BOARD_LENGTH);
        const n = encodePoints(board, 0, idx, val);
        encodeDense(board, 0, dense);
        const trainer = classify(board) === CONTACT ? adam.contact : adam.race;
        trainer.add(idx, val, n, POINT_INPUTS, dense, adjusted.subarray(i * OUTPUTS, (i + 1) * OUTPUTS));
        if (trainer.pending === run.batch) trainer.step(rate);
      }
    }
    adam.contact.step(rate);
    adam.race.step(rate);
    const s = score();
    // The training figures are taken as the epoch goes, each decision's before its own step.
    log(
      `epoch ${epoch}: alpha ${rate.toFixed(5)}, training squared error ${(squared / positions).toFixed(5)}, compare term ${(penalty / positions).toFixed(5)}; held out: ${describe(s)}`,
    );
    if (s.equityLost < best) {
      best = s.equityLost;
      kept = { nets: serializeNets(nets), epoch };
    }
  }
  return kept;
}
