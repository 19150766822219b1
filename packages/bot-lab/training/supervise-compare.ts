import { parseArgs } from 'node:util';
import { sharedBearoff } from '@zar/bot';
import { loadBenchEvaluator } from '../bench/weights-file.js';
import { readLabelSet } from './label-store.js';
import { BACKGAMMON_WEIGHTS } from './paths.js';
import { classesOf, formatScores, heldOutSplits, type Scores, scoreLabels, scorePositions } from './supervise-score.js';
import { alignedLabels, type LabelSets, labelsDir, readLabelSets } from './supervise-sets.js';

/**
 * Another label set's error against `sets`' labels on their held-out positions, where it labels
 * the same boards (`alignedLabels`): with gnubg's 0-ply set beside its 1-ply one, the error a net
 * must reach to judge as well as gnubg's 0-ply. `compared`: the positions of `held` it labels.
 */
export function compareLabels(
  sets: LabelSets,
  classes: Uint8Array,
  held: Int32Array,
  other: string,
): { scores: Scores; compared: Int32Array } {
  const read = readLabelSet(labelsDir(other));
  if (!read.ok) throw new Error(read.error.message);
  const aligned = alignedLabels(sets, read.value, held);
  if (aligned.held.length === 0) throw new Error(`${other} labels none of the held-out positions of ${sets.names[0]}`);
  return {
    scores: scoreLabels(aligned.targets, sets.targets, classes, aligned.held),
    compared: aligned.held,
  };
}

/**
 * `compare-labels --labels A[,B…] [--with OTHER] [--weights FILE,…] [--held 0.05]`: on the held-out
 * positions of the sets (as `supervise` holds them out), the error of another set's labels of the
 * same boards (where it labels them) and of each weights file or checkpoint (the committed weights by default), by
 * gnubg's classes: squared error summed over the five outputs / mean absolute error of the equity.
 */
export function runCompareLabels(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      labels: { type: 'string' },
      with: { type: 'string' },
      weights: { type: 'string' },
      held: { type: 'string', default: '0.05' },
    },
  });
  if (!values.labels) throw new Error('give --labels SETS (label sets of npm run label)');
  const share = Number(values.held);
  const sets = readLabelSets(values.labels);
  const classes = classesOf(sets.boards, sets.count);
  let { held } = heldOutSplits(sets.counts, share);
  if (values.with) {
    const { scores, compared } = compareLabels(sets, classes, held, values.with);
    console.log(`${values.labels}: ${held.length} held out; ${values.with} labels ${compared.length} of them`);
    console.log(`${values.with}: ${formatScores(scores)}`);
    // The nets are scored on the positions the other set labels, so that the lines compare.
    held = compared;
  } else console.log(`${values.labels}: ${held.length} held out`);
  const files = values.weights ? values.weights.split(',') : [BACKGAMMON_WEIGHTS];
  for (const file of files) {
    const { ev } = loadBenchEvaluator(file, sharedBearoff());
    console.log(`${file}: ${formatScores(scorePositions(ev, sets.boards, sets.targets, classes, held))}`);
  }
}
