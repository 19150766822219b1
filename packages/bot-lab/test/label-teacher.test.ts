import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { equityOf, OUTPUTS, trainedBackgammonEvaluator } from '@zar/bot';
import { BOARD_LENGTH, pipsOf, rulesFor, THEM } from '@zar/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { runLabelling } from '../training/label-run.js';
import { labelRequest, readAnswer, startTeacher, type TeacherCommand } from '../training/label-teacher.js';
import { gnubgFixture } from './support/gnubg-fixture.js';

const START = rulesFor('backgammon').start().board.slice(0, BOARD_LENGTH);
const FAKE = fileURLToPath(new URL('./support/fake-teacher.mjs', import.meta.url));
const fake = (env: Record<string, string> = {}): TeacherCommand => ({
  command: process.execPath,
  args: [FAKE],
  env,
});

describe("a teacher's answers as Zar's nets train on them", () => {
  it("asks for the mover's outputs with the opponent's checkers first, as gnubg's board has them", () => {
    const b = START.slice();
    b[25] = 1; // one of the mover's checkers on the bar
    b[6] = 4;
    const words = labelRequest(b, 2).trim().split(' ');
    expect(words.slice(0, 2)).toEqual(['e', '2']);
    expect(words.slice(2, 27).map(Number)).toEqual(Array.from(b.subarray(THEM + 1, THEM + 26)));
    expect(words.slice(27).map(Number)).toEqual(Array.from(b.subarray(1, 26)));
  });

  it("keeps gnubg's order (win, win gammon, win backgammon, lose gammon, lose backgammon), made coherent", () => {
    const out = new Float32Array(OUTPUTS + 1);
    expect(readAnswer('@@ 0.6 0.2 0.01 0.1 0.005', out, 1).ok).toBe(true);
    expect(Array.from(out.subarray(1))).toEqual(Array.from(Float32Array.of(0.6, 0.2, 0.01, 0.1, 0.005)));
    // gnubg's rounding in a won race: a gammon a hair over the win.
    expect(readAnswer('@@ 0.9999999403953552 1.0 0.0 0.0 0.0', out, 0).ok).toBe(true);
    expect(out[1]).toBe(out[0]);
    expect(readAnswer('@@ 0.3 0.1 0.2 0.8 0.9', out, 0).ok).toBe(true);
    expect(Array.from(out.subarray(0, OUTPUTS))).toEqual(Array.from(Float32Array.of(0.3, 0.1, 0.1, 0.7, 0.7)));
  });

  it('refuses what is not five numbers, and passes on a refusal', () => {
    const out = new Float32Array(OUTPUTS);
    expect(readAnswer('@@! a board is 50 numbers, not 2', out, 0)).toEqual({
      ok: false,
      error: { code: 'ERR_TEACHER_REFUSED', message: 'a board is 50 numbers, not 2' },
    });
    for (const line of ['@@ 0.5 0.1 0 0.1', '@@ 0.5 0.1 x 0.1 0', 'The dice have been set'])
      expect(readAnswer(line, out, 0).ok && line).toBe(false);
  });

  it("agrees with Zar's own evaluation of the same positions (gnubg's answers, fixture)", async () => {
    const ev = await trainedBackgammonEvaluator();
    const zar = new Float32Array(OUTPUTS);
    const out = new Float32Array(OUTPUTS);
    for (const row of gnubgFixture()) {
      if (row.source === 'made') continue;
      ev.evaluate(Int8Array.from(row.board), zar, 0);
      for (const line of [row.plies0, row.plies2]) {
        expect(readAnswer(line, out, 0).ok).toBe(true);
        expect(Math.abs((out[0] as number) - (zar[0] as number)), `${line} against ${zar}`).toBeLessThan(0.15);
        if (Math.abs(equityOf(zar)) > 0.25) expect(Math.sign(equityOf(out))).toBe(Math.sign(equityOf(zar)));
      }
    }
    const opening = gnubgFixture()[0] as { board: readonly number[]; plies2: string };
    expect(opening.board).toEqual(Array.from(START));
    readAnswer(opening.plies2, out, 0);
    expect(out[0]).toBeCloseTo(0.5, 1);
  });
});

describe('teacher processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zar-teacher-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const boards = new Int8Array(5 * BOARD_LENGTH);
  for (let i = 0; i < 5; i++) {
    const b = START.slice();
    b[24] = 2 - (i % 3); // moves the mover's back checkers: a pip count of its own per board
    b[24 - i] = (b[24 - i] as number) + (i % 3);
    boards.set(b, i * BOARD_LENGTH);
  }
  const expectFakeLabels = (targets: Float32Array, from: number, count: number) => {
    for (let i = 0; i < count; i++) {
      const b = boards.subarray((from + i) * BOARD_LENGTH, (from + i + 1) * BOARD_LENGTH);
      expect(targets[i * OUTPUTS]).toBeCloseTo(pipsOf(b, 0) / 1000, 6);
      expect(targets[i * OUTPUTS + 3]).toBeCloseTo(pipsOf(b, THEM) / 1000, 6);
    }
  };

  it("reads a process's answers in order, its chatter aside", async () => {
    const t = startTeacher(fake());
    let arrived = 0;
    const r = await t.label(boards, 1, () => arrived++);
    t.close();
    expect(r.ok).toBe(true);
    if (r.ok) expectFakeLabels(r.value, 0, 5);
    expect(arrived).toBe(5);
  });

  it('starts a process again when one dies, and labels its chunk again', async () => {
    const marker = join(dir, 'died');
    const labelled: number[] = [];
    let net = 0;
    const run = runLabelling({
      pending: [0, 1, 2, 3, 4],
      boardsOf: (i) => boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH),
      plies: 0,
      processes: 2,
      // It dies at its first board: each lane takes a board at once, so the one that dies always
      // gets one (dying after two, it could be left with two and live, when the other lane was quicker).
      start: () => startTeacher(fake({ FAKE_DIE_AFTER: '0', FAKE_DIE_ONCE: marker })),
      onChunk: (i, targets) => {
        labelled.push(i);
        expectFakeLabels(targets, i, 1);
      },
      onLabels: (n) => {
        net += n;
      },
    });
    const { restarts, stopped } = await run.finished;
    expect(restarts).toBe(1);
    expect(stopped).toBe(false);
    expect(labelled.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(net).toBe(5);
  });

  it('gives up when the teacher refuses a board', async () => {
    const run = runLabelling({
      pending: [0],
      boardsOf: () => boards.subarray(0, BOARD_LENGTH),
      plies: 0,
      processes: 1,
      start: () => startTeacher(fake({ FAKE_REFUSE: '1' })),
      onChunk: () => {},
    });
    await expect(run.finished).rejects.toThrow(/ERR_TEACHER_REFUSED/);
  });
});
