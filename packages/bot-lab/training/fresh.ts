import { parseArgs } from 'node:util';
import { buildBearoffDatabase, createEvaluator, type Evaluator, equityOf, OUTPUTS, seededRandom } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { readCheckpoint, startingNets } from './checkpoint.js';
import { weightsOf } from './nets.js';
import { generatePositions, labelPlies, labelPositions, labelsTag, netsId, type SetOptions } from './refine-sets.js';

/** How well a net matches labels on positions it was not trained on. */
export interface FreshScore {
  /** Summed squared error of the five probabilities, per position. */
  readonly squaredError: number;
  /** Groups with two or more candidates: the decisions the labels can judge. */
  readonly decisions: number;
  /** Share of those where the net's best candidate is the labels' best. */
  readonly agreement: number;
  /** Mean label equity lost by the net's choice against the labels' best, per decision. */
  readonly equityLost: number;
}

/**
 * Scores `ev` against `targets` on `count` boards in candidate groups (`groupStarts`, as
 * `generatePositions` writes them). The boards are left by the mover's candidate plays, so
 * they and their labels are from the opponent's view: the mover's best has the lowest equity.
 */
export function freshScore(
  ev: Evaluator,
  boards: Int8Array,
  targets: Float32Array,
  count: number,
  groupStarts: readonly number[],
): FreshScore {
  const probs = new Float32Array(OUTPUTS);
  const net = new Float64Array(count);
  let squared = 0;
  for (let i = 0; i < count; i++) {
    ev.evaluate(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), probs, 0);
    for (let k = 0; k < OUTPUTS; k++) squared += ((probs[k] as number) - (targets[i * OUTPUTS + k] as number)) ** 2;
    net[i] = equityOf(probs, 0);
  }
  let decisions = 0;
  let agree = 0;
  let lost = 0;
  for (let g = 0; g < groupStarts.length; g++) {
    const a = groupStarts[g] as number;
    const b = g + 1 < groupStarts.length ? (groupStarts[g + 1] as number) : count;
    if (b - a < 2) continue;
    let byNet = a;
    let byLabel = a;
    for (let i = a + 1; i < b; i++) {
      if ((net[i] as number) < (net[byNet] as number)) byNet = i;
      if (equityOf(targets, i * OUTPUTS) < equityOf(targets, byLabel * OUTPUTS)) byLabel = i;
    }
    decisions++;
    if (byNet === byLabel) agree++;
    lost += equityOf(targets, byNet * OUTPUTS) - equityOf(targets, byLabel * OUTPUTS);
  }
  return {
    squaredError: squared / Math.max(1, count),
    decisions,
    agreement: agree / Math.max(1, decisions),
    equityLost: lost / Math.max(1, decisions),
  };
}

/**
 * `fresh --from LABELLER --seed S [--explore P] [--positions N] [--plies 2] --nets A,B,…`: a
 * refinement set of positions (as `refine` draws them: candidates 4, sample 0.125) from the
 * labeller's self-play on a seed none of the nets trained on, labelled at 1-ply by the labeller
 * (or at 2-ply: a judge one roll deeper than the labels the nets were trained on; cached
 * like refine's labels), and each net scored on it. `refine`'s own held-out positions are
 * siblings of its training positions, from the same games, so they flatter the nets.
 */
export async function runFresh(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      seed: { type: 'string' },
      explore: { type: 'string' },
      positions: { type: 'string' },
      nets: { type: 'string' },
      dir: { type: 'string' },
      workers: { type: 'string' },
      plies: { type: 'string' },
    },
  });
  const plies = labelPlies(values.plies);
  const from = values.from ?? 'training/checkpoints/latest.json';
  const cp = readCheckpoint(from);
  if (!cp) throw new Error(`no checkpoint at ${from}`);
  const nets = (values.nets ?? from).split(',');
  const set = { seed: Number(values.seed ?? 99), explore: Number(values.explore ?? 0) };
  const options: SetOptions = {
    nets: netsId(cp.nets),
    wanted: Number(values.positions ?? 400_000),
    candidates: 4,
    plies,
    sample: 0.125,
  };
  const db = buildBearoffDatabase();
  const labeller = startingNets(from);
  const groupStarts: number[] = [];
  const t0 = performance.now();
  const { boards, count, games } = generatePositions(
    createEvaluator(labeller, db),
    options,
    set.explore,
    seededRandom(set.seed),
    groupStarts,
  );
  const targets = await labelPositions(boards, count, plies, weightsOf(labeller), {
    dir: values.dir ?? 'training/checkpoints',
    tag: labelsTag(options, set),
    workers: Number(values.workers ?? 2),
  });
  console.log(
    `${count} positions from ${games} games (seed ${set.seed}), labelled at ${plies}-ply by ${from}, in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  for (const file of nets) {
    const s = freshScore(createEvaluator(startingNets(file), db), boards, targets, count, groupStarts);
    console.log(
      JSON.stringify({
        nets: file,
        squaredError: Number(s.squaredError.toFixed(6)),
        decisions: s.decisions,
        agreement: Number(s.agreement.toFixed(4)),
        equityLost: Number(s.equityLost.toFixed(5)),
      }),
    );
  }
}
