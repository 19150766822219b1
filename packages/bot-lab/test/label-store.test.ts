import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { runLabelling } from '../training/label-run.js';
import {
  chunkBoards,
  chunkPath,
  chunkProgress,
  createLabelSet,
  type LabelManifest,
  otherSet,
  readLabelSet,
  readManifest,
  readPositions,
  saveChunk,
  withDone,
} from '../training/label-store.js';
import type { StartTeacher } from '../training/label-teacher.js';

const COUNT = 23;
const CHUNK = 5;
/** Distinct boards: board i has i + 1 on one byte. */
const boards = new Int8Array(COUNT * BOARD_LENGTH);
for (let i = 0; i < COUNT; i++) {
  boards[i * BOARD_LENGTH + 1] = 1 + (i % 100);
  boards[i * BOARD_LENGTH + 27] = 2;
}
/** A fake teacher's label of a board: its marked byte, scaled. */
const labelOf = (b: Int8Array) => (b[1] as number) / 100;

/** An in-process teacher that counts the boards it labels (and may wait before answering). */
function fakeTeacher(labelled: number[], wait = 0): StartTeacher {
  return () => ({
    async label(bs, _plies, onLabel) {
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const n = bs.length / BOARD_LENGTH;
      const out = new Float32Array(n * OUTPUTS);
      for (let i = 0; i < n; i++) {
        const b = bs.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH);
        labelled.push(b[1] as number);
        out[i * OUTPUTS] = labelOf(b);
        onLabel();
      }
      return { ok: true, value: out };
    },
    close() {},
  });
}

const key = { teacher: 'fake', plies: 1, draw: { positions: COUNT, seed: 1, childrenShare: 0.1, explore: 0 } };
const newSet = (dir: string) =>
  createLabelSet(
    dir,
    { ...key, nets: 'abc', count: COUNT, classes: { race: 0, crashed: 0, contact: COUNT }, chunkSize: CHUNK },
    boards,
  );

/** Labels `pending` of the set at `dir` as label.ts does: each chunk saved, then the manifest. */
async function label(dir: string, m: LabelManifest, pending: number[], start: StartTeacher, stopAfter = Infinity) {
  const all = readPositions(dir, m);
  const done = [...m.done];
  const run = runLabelling({
    pending,
    boardsOf: (i) => chunkBoards(m, all, i).slice(),
    plies: m.plies,
    processes: 2,
    start,
    onChunk: (i, targets) => {
      saveChunk(dir, m, all, i, targets);
      done.push(i);
      m = withDone(dir, m, done);
      if (done.length >= stopAfter) run.stop();
    },
  });
  return run.finished;
}

describe('a label set on disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'zar-labels-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('resumes a set with some chunks done, and labels only the others', async () => {
    const dir = join(root, 'resume');
    const m = newSet(dir);
    expect(m.chunks).toBe(5);
    expect(readPositions(dir, m)).toEqual(boards);
    // Chunks 0 and 3 labelled by an earlier run; chunk 1's file holds other boards' labels.
    for (const i of [0, 3]) saveChunk(dir, m, boards, i, new Float32Array(CHUNK * OUTPUTS).fill(0.5));
    const other = boards.slice();
    other[CHUNK * BOARD_LENGTH + 1] = -1;
    saveChunk(dir, m, other, 1, new Float32Array(CHUNK * OUTPUTS));
    writeFileSync(`${chunkPath(dir, 2)}.tmp`, 'a write cut short');
    const { done, pending } = chunkProgress(dir, m, boards);
    expect(done).toEqual([0, 3]);
    expect(pending).toEqual([1, 2, 4]);

    const labelled: number[] = [];
    const result = await label(dir, withDone(dir, m, done), pending, fakeTeacher(labelled));
    expect(result).toEqual({ restarts: 0, stopped: false });
    // Chunks 1, 2 and 4: boards 5..14 and 20..22, each once.
    const expected = [...Array.from({ length: 10 }, (_, i) => 6 + i), 21, 22, 23];
    expect(labelled.sort((a, b) => a - b)).toEqual(expected);
    expect(readManifest(dir)?.done).toEqual([0, 1, 2, 3, 4]);

    const set = readLabelSet(dir);
    expect(set.ok).toBe(true);
    if (!set.ok) return;
    expect(set.value.count).toBe(COUNT);
    for (let i = 0; i < COUNT; i++) {
      const early = i < CHUNK || (i >= 3 * CHUNK && i < 4 * CHUNK);
      expect(set.value.targets[i * OUTPUTS]).toBeCloseTo(early ? 0.5 : (i + 1) / 100, 6);
    }
    // Run again: nothing is left to label.
    expect(chunkProgress(dir, m, boards).pending).toEqual([]);
  });

  it('stops when asked, keeps what was saved, and the next run goes on from there', async () => {
    const dir = join(root, 'stopped');
    const m = newSet(dir);
    const first: number[] = [];
    const stopped = await label(dir, m, chunkProgress(dir, m, boards).pending, fakeTeacher(first, 20), 2);
    expect(stopped.stopped).toBe(true);
    const after = readManifest(dir) as LabelManifest;
    expect(after.done.length).toBeGreaterThanOrEqual(2);
    expect(after.done.length).toBeLessThan(5);
    for (const i of after.done) expect(existsSync(chunkPath(dir, i))).toBe(true);

    const second: number[] = [];
    const { pending } = chunkProgress(dir, after, boards);
    await label(dir, after, pending, fakeTeacher(second));
    const savedFirst = after.done.flatMap((i) => Array.from(chunkBoards(m, boards, i).filter((_, k) => k % 52 === 1)));
    expect(second.some((b) => savedFirst.includes(b))).toBe(false);
    expect(second.length + savedFirst.length).toBe(COUNT);
    expect(readManifest(dir)?.done).toEqual([0, 1, 2, 3, 4]);
  });

  it('tells another set under the same name apart', () => {
    expect(otherSet(key, key)).toBeNull();
    expect(otherSet(key, { ...key, plies: 2 })).toBe('1-ply, not 2');
    expect(otherSet(key, { ...key, draw: { ...key.draw, seed: 2, positions: 50 } })).toBe(
      'positions 23, not 50; seed 1, not 2',
    );
    expect(readLabelSet(join(root, 'none')).ok).toBe(false);
    expect(JSON.parse(readFileSync(join(root, 'resume', 'manifest.json'), 'utf8')).kind).toBe('zar-labels/1');
  });
});
