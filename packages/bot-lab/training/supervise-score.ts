import { type Evaluator, equityOf, OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { gnubgClass } from './label-classes.js';

/** The classes a label set holds, in gnubg's split, numbered as `classesOf` writes them. */
export const LABEL_CLASSES = ['contact', 'crashed', 'race'] as const;
export type LabelClassName = (typeof LABEL_CLASSES)[number];

/** Each board's class, an index into `LABEL_CLASSES`, computed once for a whole run. */
export function classesOf(boards: Int8Array, count: number): Uint8Array {
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const cls = gnubgClass(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH));
    const at = LABEL_CLASSES.indexOf(cls as LabelClassName);
    if (at < 0) throw new Error(`position ${i} is ${cls}: a label set has none`);
    out[i] = at;
  }
  return out;
}

/**
 * The positions held out of training: every `1 / share`-th block of `block` consecutive positions
 * (1,000, or fewer in a set too small for 20 such blocks). A label set lists each game's positions
 * (and their children) together, so whole blocks keep the held-out positions' games out of
 * training, but for the games cut at a block's edges; blocks all through the set take them from
 * early and late in its self-play alike.
 */
export function heldOutSplit(
  count: number,
  share: number,
  block = Math.max(1, Math.min(1000, Math.floor((count * share) / 20))),
): { train: Int32Array; held: Int32Array } {
  if (!(share > 0 && share < 1)) throw new Error(`the held-out share is in (0, 1), not ${share}`);
  const every = Math.round(1 / share);
  const isHeld = (i: number) => Math.floor(i / block) % every === every - 1;
  let held = 0;
  for (let i = 0; i < count; i++) if (isHeld(i)) held++;
  const out = { train: new Int32Array(count - held), held: new Int32Array(held) };
  let t = 0;
  let h = 0;
  for (let i = 0; i < count; i++) {
    if (isHeld(i)) out.held[h++] = i;
    else out.train[t++] = i;
  }
  return out;
}

/**
 * The held-out positions of several label sets trained on together, one after another (`counts`,
 * each set's size): each set's own blocks, as `heldOutSplit` holds them out of that set alone, so
 * one set's split is the same whatever sets join it.
 */
export function heldOutSplits(counts: readonly number[], share: number): { train: Int32Array; held: Int32Array } {
  const parts = counts.map((count) => heldOutSplit(count, share));
  const join = (pick: (p: (typeof parts)[number]) => Int32Array) => {
    const out = new Int32Array(parts.reduce((n, p) => n + pick(p).length, 0));
    let at = 0;
    let offset = 0;
    parts.forEach((p, k) => {
      for (const i of pick(p)) out[at++] = i + offset;
      offset += counts[k] as number;
    });
    return out;
  };
  return { train: join((p) => p.train), held: join((p) => p.held) };
}

/** A net's error on one class of held-out positions. */
export interface ClassScore {
  readonly positions: number;
  /** The squared error summed over the five outputs, the mean per position. */
  readonly squaredError: number;
  /** The mean absolute error of the cubeless equity (money, no cube), in points. */
  readonly equityError: number;
}

export type Scores = Readonly<Record<LabelClassName | 'all', ClassScore>>;

/** `ev`'s error on the positions `held` against their labels, by class and in all. */
export function scorePositions(
  ev: Evaluator,
  boards: Int8Array,
  targets: Float32Array,
  classes: Uint8Array,
  held: Int32Array,
): Scores {
  return scoreBy(
    (i, probs) => ev.evaluate(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), probs, 0),
    targets,
    classes,
    held,
  );
}

/**
 * Another label set's error on the positions `held` against these labels, by class and in all:
 * `other` holds its outputs at the same positions (index i of both is the same board). How far a
 * teacher's shallower evaluations are from its deeper ones is what a net "as good as the shallower
 * teacher" has to reach.
 */
export function scoreLabels(other: Float32Array, targets: Float32Array, classes: Uint8Array, held: Int32Array): Scores {
  return scoreBy((i, probs) => probs.set(other.subarray(i * OUTPUTS, (i + 1) * OUTPUTS)), targets, classes, held);
}

function scoreBy(
  predict: (i: number, probs: Float32Array) => void,
  targets: Float32Array,
  classes: Uint8Array,
  held: Int32Array,
): Scores {
  const n = new Float64Array(LABEL_CLASSES.length + 1);
  const se = new Float64Array(n.length);
  const ee = new Float64Array(n.length);
  const probs = new Float32Array(OUTPUTS);
  const all = LABEL_CLASSES.length;
  for (const i of held) {
    predict(i, probs);
    let s = 0;
    for (let k = 0; k < OUTPUTS; k++) s += ((probs[k] as number) - (targets[i * OUTPUTS + k] as number)) ** 2;
    const e = Math.abs(equityOf(probs, 0) - equityOf(targets, i * OUTPUTS));
    for (const c of [classes[i] as number, all]) {
      n[c] = (n[c] as number) + 1;
      se[c] = (se[c] as number) + s;
      ee[c] = (ee[c] as number) + e;
    }
  }
  const score = (c: number): ClassScore => {
    const m = Math.max(1, n[c] as number);
    return { positions: n[c] as number, squaredError: (se[c] as number) / m, equityError: (ee[c] as number) / m };
  };
  return {
    contact: score(0),
    crashed: score(1),
    race: score(2),
    all: score(all),
  };
}

/** One line of scores: squared error / equity error per class, then in all. */
export function formatScores(scores: Scores): string {
  return (['contact', 'crashed', 'race', 'all'] as const)
    .map((c) => `${c} ${scores[c].squaredError.toFixed(5)} / ${scores[c].equityError.toFixed(4)}`)
    .join(', ');
}
