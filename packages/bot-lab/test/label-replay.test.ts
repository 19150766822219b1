import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUTPUTS } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { countClasses } from '../training/label-classes.js';
import { runLabelling } from '../training/label-run.js';
import {
  chunkBoards,
  chunkProgress,
  createLabelSet,
  type LabelManifest,
  readLabelSet,
  readPositions,
  saveChunk,
  withDone,
} from '../training/label-store.js';
import { labelRequest, readAnswer, startTeacher } from '../training/label-teacher.js';
import { gnubgFixture } from './support/gnubg-fixture.js';

const REPLAY = fileURLToPath(new URL('./support/replay-teacher.mjs', import.meta.url));
// The fixture's boards a label set can hold (contact, crashed, race: gnubg's classes 10, 9, 8).
const rows = gnubgFixture().filter((r) => r.class >= 8 && r.class <= 10);
const boards = new Int8Array(rows.length * BOARD_LENGTH);
for (const [i, r] of rows.entries()) boards.set(r.board, i * BOARD_LENGTH);
const PLIES = 2;
const CHUNK = 4;

const dir = mkdtempSync(join(tmpdir(), 'zar-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// gnubg's recorded answer to each request, as the labeller writes the requests.
const answers = join(dir, 'answers.json');
writeFileSync(
  answers,
  JSON.stringify(Object.fromEntries(rows.map((r) => [labelRequest(Int8Array.from(r.board), PLIES).trim(), r.plies2]))),
);
const replay = () => startTeacher({ command: process.execPath, args: [REPLAY], env: { REPLAY_FILE: answers } });

/** Labels the pending chunks of the set at `path` as label.ts does, stopping after `stopAfter` of them. */
async function label(path: string, m: LabelManifest, stopAfter = Infinity): Promise<LabelManifest> {
  const all = readPositions(path, m);
  const { done, pending } = chunkProgress(path, m, all);
  let now = withDone(path, m, done);
  let labelled = 0;
  const run = runLabelling({
    pending,
    boardsOf: (i) => chunkBoards(now, all, i).slice(),
    plies: PLIES,
    processes: 2,
    start: replay,
    onChunk: (i, targets) => {
      saveChunk(path, now, all, i, targets);
      done.push(i);
      now = withDone(path, now, done);
      if (++labelled >= stopAfter) run.stop();
    },
  });
  await run.finished;
  return now;
}

describe("the labeller on gnubg's own answers (fixture)", () => {
  it('labels a set, stopped part way and resumed, with exactly the outputs gnubg gave', async () => {
    expect(rows.length).toBeGreaterThan(2 * CHUNK);
    const path = join(dir, 'set');
    const m = createLabelSet(
      path,
      {
        teacher: 'gnubg (replayed)',
        plies: PLIES,
        draw: { positions: rows.length, seed: 1, childrenShare: 0.05, explore: 0 },
        nets: 'fixture',
        count: rows.length,
        classes: countClasses(boards, rows.length),
        chunkSize: CHUNK,
      },
      boards,
    );
    const stopped = await label(path, m, 1);
    const part = chunkProgress(path, stopped, boards);
    expect(part.done.length).toBeGreaterThanOrEqual(1);
    expect(part.pending.length).toBeGreaterThan(0);
    const resumed = await label(path, stopped);
    expect(chunkProgress(path, resumed, boards).pending).toEqual([]);

    const set = readLabelSet(path);
    expect(set.ok).toBe(true);
    if (!set.ok) return;
    expect(set.value.count).toBe(rows.length);
    expect(set.value.boards).toEqual(boards);
    const expected = new Float32Array(rows.length * OUTPUTS);
    for (const [i, r] of rows.entries()) expect(readAnswer(r.plies2, expected, i * OUTPUTS).ok).toBe(true);
    expect(set.value.targets).toEqual(expected);
  });
});
