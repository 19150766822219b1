import { isAbsolute, join } from 'node:path';
import { OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { LABELS_DIR, type LabelManifest, readLabelSet } from './label-store.js';

/** The label set's folder: a name under data/labels/, or a path. */
export const labelsDir = (labels: string): string =>
  isAbsolute(labels) || labels.includes('/') ? labels : join(LABELS_DIR, labels);

/** A set's name as a run names it: its folder's last part. */
export const setName = (labels: string): string => labels.replace(/\/+$/, '').split('/').pop() ?? labels;

/** Several label sets read as one, each set's positions after the one before's. */
export interface LabelSets {
  readonly names: readonly string[];
  readonly manifests: readonly LabelManifest[];
  /** Each set's positions in `boards`, in order. */
  readonly counts: readonly number[];
  readonly count: number;
  readonly boards: Int8Array;
  readonly targets: Float32Array;
}

/**
 * The sets `labels` names (comma-separated names or paths), each cut to its first `positions`
 * labelled positions (0: all of them). A set asked for more than it has labelled is refused.
 */
export function readLabelSets(labels: string, positions = 0): LabelSets {
  const names = labels.split(',').filter((n) => n !== '');
  if (names.length === 0) throw new Error('no label set named');
  const read = names.map((name) => {
    const set = readLabelSet(labelsDir(name));
    if (!set.ok) throw new Error(set.error.message);
    if (set.value.count < positions)
      throw new Error(`${name} has ${set.value.count} positions labelled, not ${positions}`);
    return { ...set.value, count: positions === 0 ? set.value.count : positions };
  });
  if (read.length === 1) {
    const [only] = read as [(typeof read)[number]];
    return {
      names,
      manifests: [only.manifest],
      counts: [only.count],
      count: only.count,
      boards: only.boards.subarray(0, only.count * BOARD_LENGTH),
      targets: only.targets.subarray(0, only.count * OUTPUTS),
    };
  }
  const count = read.reduce((n, s) => n + s.count, 0);
  const boards = new Int8Array(count * BOARD_LENGTH);
  const targets = new Float32Array(count * OUTPUTS);
  let at = 0;
  for (const s of read) {
    boards.set(s.boards.subarray(0, s.count * BOARD_LENGTH), at * BOARD_LENGTH);
    targets.set(s.targets.subarray(0, s.count * OUTPUTS), at * OUTPUTS);
    at += s.count;
  }
  return { names, manifests: read.map((s) => s.manifest), counts: read.map((s) => s.count), count, boards, targets };
}

/**
 * Another set's labels of the same positions as the first of `sets` (a set drawn with the same
 * seed by the same nets, labelled otherwise): `held` cut to the positions whose board the other
 * set holds at the same place, and the other set's outputs placed as `sets`' own.
 */
export function alignedLabels(
  sets: LabelSets,
  other: { boards: Int8Array; targets: Float32Array; count: number },
  held: Int32Array,
): { held: Int32Array; targets: Float32Array } {
  const first = Math.min(sets.counts[0] as number, other.count);
  const same = (i: number) => {
    for (let k = i * BOARD_LENGTH; k < (i + 1) * BOARD_LENGTH; k++)
      if (sets.boards[k] !== other.boards[k]) return false;
    return true;
  };
  return { held: held.filter((i) => i < first && same(i)), targets: other.targets };
}
