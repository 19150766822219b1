import { readFileSync } from 'node:fs';
import { type GameId, makePositionId } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MatchRecord, type MatchState, replay } from '../src/index.js';
import { exportMat, importMat, type MatError, matHolds, writeMat } from '../src/mat.js';
import { goldenMatch } from './support/golden-match.js';
import { randomMatch, randomSettings, randomSource } from './support/random-match.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/mat/${name}`, import.meta.url), 'utf8');

interface GnubgGames {
  length: number;
  players: [string, string];
  games: { score: [number, number]; winner: 0 | 1; points: number; resigned: boolean }[];
}
const gnubgGames = (name: string): GnubgGames => JSON.parse(fixture(name)) as GnubgGames;

function imported(text: string, options = {}): MatchRecord {
  const r = importMat(text, options);
  if (!r.ok) expect.fail(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function finalState(record: MatchRecord): MatchState {
  const r = replay(record);
  if (!r.ok) expect.fail(r.error.message);
  return r.value.states[r.value.states.length - 1] as MatchState;
}

function exported(record: MatchRecord): string {
  const r = writeMat(record);
  if (!r.ok) expect.fail(`${r.error.code}: ${r.error.message}`);
  expect(exportMat(record)).toBe(r.value);
  return r.value;
}

function failure(text: string): MatError {
  const r = importMat(text);
  if (r.ok) expect.fail('the file was accepted');
  return r.error;
}

/** What the match went through, state by state, without the action texts. */
const trail = (record: MatchRecord): string[] => {
  const r = replay(record);
  if (!r.ok) expect.fail(r.error.message);
  return r.value.states
    .filter((s) => s.game.phase !== 'opening')
    .map(
      (s) => `${s.gameNumber} ${s.game.phase} ${s.game.turn} ${makePositionId(s.game.position)} ${s.game.cube.value}`,
    );
};

/** Games as gnubg's match record lists them: score before, winner, points, resigned. */
const gamesOf = (record: MatchRecord) => {
  const r = replay(record);
  if (!r.ok) expect.fail(r.error.message);
  const starts = r.value.states.filter((s, i, all) => i === 0 || s.gameNumber !== all[i - 1]?.gameNumber);
  const end = r.value.states[r.value.states.length - 1] as MatchState;
  return end.results.map((res, i) => ({
    score: [...(starts[i] as MatchState).score],
    winner: res.winner,
    points: res.points,
    resigned: res.kind === 'resign',
  }));
};

describe('exportMat: a match Zar played (test/support/golden-match.ts)', () => {
  const golden = goldenMatch();

  it('writes fixtures/mat/zar-golden.mat byte for byte', () => {
    expect(exported(golden)).toBe(fixture('zar-golden.mat'));
  });

  it('has what the golden match is for: a drop, a take, a gammon, a resignation, a dance', () => {
    const text = fixture('zar-golden.mat');
    expect(text).toContain(' Drops                       Wins 1 point \n');
    expect(text).toContain(' Doubles => 2                Takes\n');
    expect(text).toContain('      Wins 4 points\n');
    expect(text).toMatch(/ {2}2\) 55: {25}Wins 1 point\n/);
    expect(text).toMatch(/\d\) 66: {25}21: /);
  });

  it('reads back to the same match: the same states after every action (ties aside)', () => {
    const back = imported(fixture('zar-golden.mat'));
    expect(back.players).toEqual(['Alice', 'Bob']);
    expect(trail(back)).toEqual(trail(golden));
    expect(finalState(back).score).toEqual([5, 2]);
  });

  it('gnubg 1.07 read it as the same games (fixtures/mat/gnubg-reexport-golden.json)', () => {
    expect(gamesOf(golden)).toEqual(gnubgGames('gnubg-reexport-golden.json').games);
  });

  it("gnubg's own export of it reads into the same match", () => {
    const back = imported(fixture('gnubg-reexport-golden.mat'));
    expect(trail(back)).toEqual(trail(golden));
  });
});

describe('importMat: a match gnubg played against itself (fixtures/mat/gnubg-selfplay-7.mat)', () => {
  const expected = gnubgGames('gnubg-selfplay-7.json');
  const record = imported(fixture('gnubg-selfplay-7.mat'));

  it('has the same games, scores, winners, points and resignations as gnubg recorded', () => {
    expect(record.settings.length).toBe(expected.length);
    expect(record.players).toEqual(expected.players);
    expect(gamesOf(record)).toEqual(expected.games);
  });

  it('ends with the same winner and final score', () => {
    const last = expected.games[expected.games.length - 1] as GnubgGames['games'][number];
    const final = [...last.score];
    final[last.winner] = Math.min(expected.length, (final[last.winner] as number) + last.points);
    const end = finalState(record);
    expect(end.score).toEqual(final);
    expect(end.winner).toBe(last.winner);
  });

  it('exports again to a file that imports to the same match', () => {
    expect(trail(imported(exported(record)))).toEqual(trail(record));
  });
});

const SMALL = ` 3 point match

 Game 1
 Ann : 0                        Ben : 0
  1) 31: 8/5 6/5                 62: 24/18 13/11
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 Ann : 1                        Ben : 0
  1)                             43: 24/20 13/10
  2) 21: 13/11 6/5                Doubles => 2
  3)  Drops                       Wins 1 point

 Game 3
 Ann : 1                        Ben : 1
  1) 64: 8/2 6/2                 55: 13/3(2)
  2)  Doubles => 2                Takes
`;

describe('importMat is lenient with variants', () => {
  it('reads a small hand-written file; the last game may stop with allowUnfinished', () => {
    const r = imported(SMALL, { allowUnfinished: true });
    expect(r.players).toEqual(['Ann', 'Ben']);
    const end = finalState(r);
    expect(end.score).toEqual([1, 1]);
    expect(end.game.cube.value).toBe(2);
    expect(end.game.cube.owner).toBe(1);
  });

  it('Windows and old Mac line ends, a byte order mark, comment lines', () => {
    const text = `\uFEFF; [Site "somewhere"]\r\n; [Player 1 "Ann"]\r\n${SMALL.replace(/\n/g, '\r\n')}`;
    const unix = trail(imported(SMALL, { allowUnfinished: true }));
    expect(trail(imported(text, { allowUnfinished: true }))).toEqual(unix);
    expect(trail(imported(SMALL.replace(/\n/g, '\r'), { allowUnfinished: true }))).toEqual(unix);
  });

  it('JellyFish\'s "Wins n points and the match"; a resignation by the player on roll', () => {
    const text = ` 2 point match\n\n Game 1\n Ann : 0      Ben : 0\n  1) 31: 8/5 6/5    62: 24/18 13/11\n${' '.repeat(34)}Wins 2 points and the match\n`;
    const end = finalState(imported(text));
    expect(end.winner).toBe(1);
    expect(end.results[0]).toEqual({ winner: 1, kind: 'resign', points: 2 });
  });

  it('bar/off or 25/0, dice in either order, (2) repeats, spaces anywhere', () => {
    const gnubgStyle = imported(SMALL, { allowUnfinished: true });
    const variant = SMALL.replace('31: 8/5 6/5', '13:  6/5 8/5').replace('55: 13/3(2)', '55:13/8 8/3   13/8/3');
    expect(trail(imported(variant, { allowUnfinished: true }))).toEqual(trail(gnubgStyle));
  });

  it('dances (dice, no move) and bar/off written as words read as 25/0', () => {
    const golden = fixture('zar-golden.mat');
    const words = golden.replace(/\b25\//g, 'bar/').replace(/\/0\b/g, '/off');
    expect(words).not.toBe(golden);
    expect(trail(imported(words))).toEqual(trail(imported(golden)));
  });

  it('a first move that is a double: read as "the opening winner rolls again"', () => {
    const text = SMALL.replace('64: 8/2 6/2', '44: 24/20(2) 13/9(2)');
    const r = imported(text, { allowUnfinished: true });
    expect(r.settings.cycle[0]?.options).toEqual({ openingRoll: 'winner-rolls-again' });
    expect(r.actions[0]).toEqual({ type: 'opening', dice: [2, 1] });
    expect(r.actions[1]).toEqual({ type: 'roll', player: 0, dice: [3, 1] });
  });
});

describe('importMat: corrupt files are errors with their line, never a throw', () => {
  it('no header', () => {
    const e = failure(' Game 1\n A : 0   B : 0\n');
    expect(e.code).toBe('ERR_MAT_HEADER');
    expect(e.line).toBe(1);
  });

  it('an illegal move, reported with its line number', () => {
    const e = failure(SMALL.replace('62: 24/18 13/11', '62: 24/16 13/11'));
    expect(e.code).toBe('ERR_MAT_ILLEGAL_MOVE');
    expect(e.line).toBe(5);
    expect(e.message).toMatch(/^line 5: right plays "24\/16 13\/11": /);
  });

  it('a move line of the gnubg self-play with one move changed: its line number', () => {
    const lines = fixture('gnubg-selfplay-7.mat').split('\n');
    const at = lines.findIndex((l) => l.startsWith(' 10) '));
    // The left player's 10th roll (a dance) played as 6/0: illegal, his checkers are not all home.
    lines[at] = ` 10) ${(lines[at] as string).slice(5, 9)}6/0`;
    const e = failure(lines.join('\n'));
    expect(e.code).toBe('ERR_MAT_ILLEGAL_MOVE');
    expect(e.line).toBe(at + 1);
  });

  it('a game that stops before it is won, followed by the next game', () => {
    const text = SMALL.replace('  2)  Doubles => 2                Drops\n      Wins 1 point\n', '');
    const e = failure(text);
    expect(e.code).toBe('ERR_MAT_TRUNCATED');
    expect(e.line).toBe(5);
  });

  it('a match that stops without a winner', () => {
    expect(failure(SMALL).code).toBe('ERR_MAT_TRUNCATED');
  });

  it('a wrong cube value, a wrong score line, a wrong winner', () => {
    expect(
      failure(SMALL.replace('  2)  Doubles => 2                Drops', '  2)  Doubles => 4                Drops')).code,
    ).toBe('ERR_MAT_CUBE');
    const score = failure(
      SMALL.replace(' Ann : 1                        Ben : 0', ' Ann : 0                        Ben : 1'),
    );
    expect([score.code, score.line]).toEqual(['ERR_MAT_SCORE', 10]);
    const wins = failure(SMALL.replace('      Wins 1 point', '                                  Wins 1 point'));
    expect([wins.code, wins.line]).toEqual(['ERR_MAT_RESULT', 7]);
  });

  it('garbage inside a game and outside', () => {
    const e = failure(
      SMALL.replace('  2)  Doubles => 2                Drops', '  2)  Doubles => 2   hello      Drops'),
    );
    expect([e.code, e.line]).toEqual(['ERR_MAT_SYNTAX', 6]);
    expect(failure('hello world').code).toBe('ERR_MAT_HEADER');
    expect(failure('').code).toBe('ERR_MAT_EMPTY');
    expect(failure(' 3 point match\n').code).toBe('ERR_MAT_EMPTY');
    expect(failure(' 99 point match\n Game 1\n A : 0  B : 0\n').code).toBe('ERR_MAT_HEADER');
    expect((importMat(42 as unknown as string) as { ok: boolean }).ok).toBe(false);
  });

  it('never throws, whatever the text (random strings and random edits of a real file)', () => {
    const real = fixture('gnubg-selfplay-7.mat');
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        expect(() => importMat(s)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(fc.nat(real.length), fc.nat(40), fc.string({ maxLength: 8 }), (at, cut, insert) => {
        const text = real.slice(0, at) + insert + real.slice(at + cut);
        expect(() => importMat(text)).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });
});

describe('exportMat then importMat over random backgammon matches', () => {
  it('gives the same results, score and current position', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = randomSource(seed);
        const settings = { ...randomSettings('backgammon', random), jacoby: false, beaver: false, automaticDoubles: 0 };
        const played = randomMatch(settings, seed, 300);
        const record: MatchRecord = { version: 1, settings, players: ['A', 'B'], actions: played.actions };
        const back = imported(exported(record), { allowUnfinished: true });
        const [a, b] = [finalState(record), finalState(back)];
        expect(b.results).toEqual(a.results);
        expect(b.score).toEqual(a.score);
        expect(makePositionId(b.game.position)).toBe(makePositionId(a.game.position));
      }),
      { numRuns: 40 },
    );
  });

  it('a match under settings matHolds accepts is always written (what the server offers, it can give)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom('backgammon', 'plakoto') as fc.Arbitrary<GameId>, (seed, game) => {
        const settings = randomSettings(game, randomSource(seed));
        const played = randomMatch(settings, seed, 300);
        const written = writeMat({ version: 1, settings, players: ['A', 'B'], actions: played.actions });
        if (matHolds(settings)) expect(written.ok).toBe(true);
        if (game !== 'backgammon') expect(matHolds(settings)).toBe(false);
      }),
      { numRuns: 60 },
    );
    const base = goldenMatch().settings;
    expect(matHolds(base)).toBe(true);
    expect(matHolds({ ...base, length: 0, beaver: true })).toBe(false);
    expect(matHolds({ ...base, length: 0, raccoon: true })).toBe(false);
    expect(matHolds({ ...base, length: 0, automaticDoubles: 1 })).toBe(false);
    expect(matHolds({ ...base, cycle: [{ game: 'backgammon' }, { game: 'plakoto' }] })).toBe(false);
  });

  it('refuses what a .mat file cannot hold', () => {
    const beaver = {
      version: 1 as const,
      settings: { ...goldenMatch().settings, length: 0, beaver: true },
      players: ['A', 'B'] as [string, string],
    };
    const actions = [
      { type: 'opening', dice: [3, 1] },
      { type: 'play', player: 0, play: '8/5 6/5' },
      { type: 'double', player: 1 },
      { type: 'beaver', player: 0 },
    ] as MatchRecord['actions'];
    const r = writeMat({ ...beaver, actions });
    expect(() => exportMat({ ...beaver, actions })).toThrow(/ERR_MAT_UNREPRESENTABLE/);
    expect(!r.ok && r.error.code).toBe('ERR_MAT_UNREPRESENTABLE');
    const nardy = writeMat({
      ...beaver,
      settings: { ...beaver.settings, cycle: [{ game: 'long-nardy' }] },
      actions: [actions[0]!],
    });
    expect(!nardy.ok && nardy.error.code).toBe('ERR_MAT_UNREPRESENTABLE');
    const bad = writeMat({ ...beaver, actions: [{ type: 'take', player: 0 }] });
    expect(!bad.ok && bad.error.code).toBe('ERR_MAT_RECORD');
  });
});
