import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBearoffDatabase, createEvaluator, INPUTS, OUTPUTS, randomNetwork, seededRandom } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { countClasses } from '../training/label-classes.js';
import { drawPositions } from '../training/label-draw.js';
import { createLabelSet, saveChunk, withDone } from '../training/label-store.js';
import { compareLabels } from '../training/supervise-compare.js';
import { classesOf, heldOutSplit, heldOutSplits, scoreLabels, scorePositions } from '../training/supervise-score.js';
import { alignedLabels, readLabelSets } from '../training/supervise-sets.js';

const db = createBearoffDatabase();
const netOf = (seed: number) => {
  const random = seededRandom(seed);
  return createEvaluator(
    { contact: randomNetwork(INPUTS, 6, OUTPUTS, random), race: randomNetwork(INPUTS, 4, OUTPUTS, random) },
    db,
  );
};
const drawn = (seed: number, positions: number) => {
  const d = drawPositions(netOf(5), { positions, seed, childrenShare: 0.2, explore: 0 });
  return d.boards.slice(0, positions * BOARD_LENGTH);
};
const labelsOf = (ev: ReturnType<typeof netOf>, boards: Int8Array) => {
  const n = boards.length / BOARD_LENGTH;
  const out = new Float32Array(n * OUTPUTS);
  for (let i = 0; i < n; i++) ev.evaluate(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH), out, i * OUTPUTS);
  return out;
};

const dir = mkdtempSync(join(tmpdir(), 'zar-supervise-sets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A label set on disk of `boards` labelled by `targets`, seed `seed` as its key says. */
function writeSet(name: string, boards: Int8Array, targets: Float32Array, seed: number, plies = 1): string {
  const path = join(dir, name);
  const count = boards.length / BOARD_LENGTH;
  const chunkSize = 50;
  let m = createLabelSet(
    path,
    {
      teacher: 'fake',
      plies,
      draw: { positions: count, seed, childrenShare: 0.2, explore: 0 },
      nets: 'test',
      count,
      classes: countClasses(boards, count),
      chunkSize,
    },
    boards,
  );
  for (let i = 0; i < m.chunks; i++)
    saveChunk(path, m, boards, i, targets.subarray(i * chunkSize * OUTPUTS, (i + 1) * chunkSize * OUTPUTS));
  m = withDone(
    path,
    m,
    Array.from({ length: m.chunks }, (_, i) => i),
  );
  return path;
}

const a = drawn(3, 200);
const b = drawn(4, 150);
const deep = netOf(9);
const shallow = netOf(11);
const setA = writeSet('a', a, labelsOf(deep, a), 3);
const setB = writeSet('b', b, labelsOf(deep, b), 4);
// The same positions as A, labelled by a shallower teacher.
const setA0 = writeSet('a0', a, labelsOf(shallow, a), 3, 0);

describe('training on several label sets, and comparing two labellings of the same positions', () => {
  it("holds out each set's own blocks, so that one set's split stays the same beside others", () => {
    const one = heldOutSplit(200, 0.1);
    expect(heldOutSplits([200], 0.1)).toEqual(one);
    const two = heldOutSplits([200, 150], 0.1);
    const second = heldOutSplit(150, 0.1);
    expect(Array.from(two.held)).toEqual([...one.held, ...Array.from(second.held, (i) => i + 200)]);
    expect(Array.from(two.train)).toEqual([...one.train, ...Array.from(second.train, (i) => i + 200)]);
  });

  it('reads sets one after another, each cut to its first positions when asked', () => {
    const both = readLabelSets(`${setA},${setB}`);
    expect(both.counts).toEqual([200, 150]);
    expect(both.boards.subarray(200 * BOARD_LENGTH)).toEqual(b);
    expect(both.targets.subarray(0, 200 * OUTPUTS)).toEqual(labelsOf(deep, a));
    const firsts = readLabelSets(`${setA},${setB}`, 100);
    expect(firsts.counts).toEqual([100, 100]);
    expect(firsts.boards.subarray(100 * BOARD_LENGTH, 200 * BOARD_LENGTH)).toEqual(b.subarray(0, 100 * BOARD_LENGTH));
    expect(() => readLabelSets(setA, 300)).toThrow(/200 positions labelled/);
  });

  it('scores another labelling of the same boards as nets are scored, and only where the boards are the same', () => {
    const sets = readLabelSets(`${setA},${setB}`);
    const classes = classesOf(sets.boards, sets.count);
    const { held } = heldOutSplits(sets.counts, 0.1);
    const { scores, compared } = compareLabels(sets, classes, held, setA0);
    // Only the first set's positions are A0's.
    expect(Array.from(compared)).toEqual(Array.from(held).filter((i) => i < 200));
    expect(scores).toEqual(scorePositions(shallow, sets.boards, sets.targets, classes, compared));
    expect(scores.all.squaredError).toBeGreaterThan(0);
    // A set's own labels score zero against themselves; other boards are left out.
    expect(scoreLabels(sets.targets, sets.targets, classes, held).all.squaredError).toBe(0);
    const other = { boards: b, targets: labelsOf(shallow, b), count: 150 };
    expect(alignedLabels(sets, other, held).held.length).toBeLessThan(held.filter((i) => i < 150).length);
  });
});
