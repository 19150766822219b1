import { readFileSync } from 'node:fs';
import { makePositionId } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { importMat, importSgf, type MatchRecord, replay } from '../src/index.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/mat/${name}`, import.meta.url), 'utf8');

function read(r: ReturnType<typeof importSgf>): MatchRecord {
  if (!r.ok) expect.fail(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** What the match went through, state by state: the same match whatever order a play's steps are written in. */
const trail = (record: MatchRecord): string[] => {
  const r = replay(record);
  if (!r.ok) expect.fail(r.error.message);
  return r.value.states.map(
    (s) =>
      `${s.gameNumber} ${s.game.phase} ${s.game.turn} ${makePositionId(s.game.position)} ${s.game.cube.value} ${s.score.join('-')}`,
  );
};

describe("importSgf reads gnubg's saved matches (fixtures/mat/*.sgf, gnubg 1.07 `save match`)", () => {
  for (const [sgf, mat] of [
    ['gnubg-golden.sgf', 'zar-golden.mat'],
    ['gnubg-selfplay-7.sgf', 'gnubg-selfplay-7.mat'],
  ] as const) {
    it(`${sgf} is the match of ${mat}: every state, the players and the settings`, () => {
      const fromSgf = read(importSgf(fixture(sgf)));
      const fromMat = read(importMat(fixture(mat)));
      expect(trail(fromSgf)).toEqual(trail(fromMat));
      expect(fromSgf.players).toEqual(fromMat.players);
      expect(fromSgf.settings).toEqual(fromMat.settings);
    });
  }

  it("an illegal move is the .mat's error, with the line of its node", () => {
    const text = fixture('gnubg-golden.sgf').replace(';W[64uook]', ';W[64uoki]');
    const r = importSgf(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const line = text.split('\n').findIndex((l) => l.startsWith(';W[64uoki]')) + 1;
    expect(r.error).toMatchObject({
      code: 'ERR_MAT_ILLEGAL_MOVE',
      line,
      params: { player: 'Alice', dice: '6-4', move: '21/15 11/9' },
    });
  });

  it('what is no SGF match is refused with its line, never thrown', () => {
    expect(importSgf('').ok).toBe(false);
    const notBackgammon = importSgf('(;FF[4]GM[1]SZ[19];B[pd])');
    expect(!notBackgammon.ok && notBackgammon.error).toMatchObject({ code: 'ERR_MAT_SYNTAX', line: 1 });
    const open = importSgf('(;FF[4]GM[6]\n;W[31xwxu]');
    expect(!open.ok && open.error.code).toBe('ERR_MAT_SYNTAX');
    const variation = importSgf('(;FF[4]GM[6](;W[31xwxu]))');
    expect(!variation.ok && variation.error.code).toBe('ERR_MAT_SYNTAX');
    const nack = fixture('gnubg-golden.sgf').replace('RU[Crawford]', 'RU[Crawford:Nackgammon]');
    expect(!importSgf(nack).ok).toBe(true);
  });
});
