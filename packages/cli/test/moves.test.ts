import {
  formatPlay,
  makePosition,
  makePositionId,
  makeZarPosition,
  type Position,
  parsePositionId,
  parseZarPosition,
  rulesFor,
  THEM,
} from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { jsonLines, runZar } from './run-zar.js';

const START_ID = '4HPwATDgc/ABMA';
const bg = rulesFor('backgammon');

interface PlaysAnswer {
  plays: { play: string; position: string; continues?: boolean }[];
  block?: number;
  pass?: string;
}
interface ErrorAnswer {
  error: { code: string; message: string };
}

async function moves(...requests: unknown[]): Promise<unknown[]> {
  const input = requests.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');
  const run = await runZar(['moves'], `${input}\n`);
  expect(run.code).toBe(0);
  expect(run.err).toBe('');
  return jsonLines(run.out);
}

const plays = (a: unknown): PlaysAnswer => a as PlaysAnswer;
const errorCode = (a: unknown): string | undefined => (a as Partial<ErrorAnswer>).error?.code;

describe('zar moves: the seed worked position (3-1 from the start)', () => {
  it('answers the 16 plays, with 8/5 6/5 leading to the Position ID of the result', async () => {
    const [answer] = await moves({ game: 'backgammon', position: START_ID, dice: [3, 1] });
    const { plays: list } = plays(answer);
    expect(list).toHaveLength(16); // hand-counted in packages/engine/test/backgammon.test.ts
    const made5 = list.find((p) => p.play === '8/5 6/5');
    // derived by hand from backgammon.md §12.1: the side not on roll (who just played,
    // 24:2 13:5 8:2 6:4 5:2) is written first, then the side on roll at the start.
    expect(made5?.position).toBe('sGfwATDgc/ABMA');
    const engineResult = bg.legalPlays(bg.start(), [3, 1]).find((p) => formatPlay(p.steps) === '8/5 6/5');
    expect(made5?.position).toBe(engineResult && makePositionId(engineResult.next));
  });

  it('writes each result with the opponent on roll', async () => {
    const [answer] = await moves({ game: 'backgammon', position: START_ID, dice: [3, 1] });
    const made5 = plays(answer).plays.find((p) => p.play === '8/5 6/5');
    const next = parsePositionId(made5?.position ?? '');
    if (!next.ok) throw new Error(next.error.message);
    // The opponent has not moved: its side is the start; the mover's 5 point is its 20 point.
    expect(Array.from(next.value.board.slice(0, 26))).toEqual(Array.from(bg.start().board.slice(0, 26)));
    expect(next.value.board[THEM + 5]).toBe(2);
  });

  it('sorts plays by notation, so the order of the dice does not matter', async () => {
    const [a, b] = await moves(
      { game: 'backgammon', position: START_ID, dice: [3, 1] },
      { game: 'backgammon', position: START_ID, dice: [1, 3] },
    );
    const names = plays(a).plays.map((p) => p.play);
    expect(plays(b).plays.map((p) => p.play)).toEqual(names);
    const numericOrder = [...names].sort(new Intl.Collator('en', { numeric: true }).compare);
    expect(names).toEqual(numericOrder);
    expect(names.indexOf('8/5 6/5')).toBeLessThan(names.indexOf('13/10 6/5'));
  });

  it('defaults the game to backgammon', async () => {
    const [answer] = await moves({ position: START_ID, dice: [3, 1] });
    expect(plays(answer).plays).toHaveLength(16);
  });
});

describe('zar moves: error lines', () => {
  const good = { game: 'backgammon', position: START_ID, dice: [6, 5] };
  // [input line, expected code, why]
  const rows: [unknown, string, string][] = [
    ['{"game":', 'ERR_JSON', 'cut-off JSON'],
    ['[1,2]', 'ERR_REQUEST', 'an array is not a request'],
    ['"text"', 'ERR_REQUEST', 'a string is not a request'],
    [{ game: 'chess', position: START_ID, dice: [3, 1] }, 'ERR_UNKNOWN_GAME', 'not one of the five games'],
    [{ gmae: 'plakoto', position: START_ID, dice: [3, 1] }, 'ERR_REQUEST', 'a misspelled field is no default'],
    [{ game: 'backgammon', position: START_ID, dice: [7, 1] }, 'ERR_DICE', 'a die shows 1..6'],
    [{ game: 'backgammon', position: START_ID, dice: [3] }, 'ERR_DICE', 'two dice'],
    [{ game: 'backgammon', position: START_ID }, 'ERR_DICE', 'no dice'],
    [{ game: 'backgammon', position: 42, dice: [3, 1] }, 'ERR_REQUEST', 'position is a string'],
    [{ game: 'backgammon', position: '4HPwATDgc/AB*A', dice: [3, 1] }, 'ERR_POSITION_ID', 'a character outside Base64'],
    [{ game: 'backgammon', position: '/////////////w', dice: [3, 1] }, 'ERR_CHECKER_COUNT', 'every bit set'],
    [{ game: 'plakoto', position: START_ID, dice: [3, 1] }, 'ERR_WRONG_GAME', 'a Position ID is backgammon'],
  ];

  it.each(rows)('%j → %s (%s)', async (line, code) => {
    const answers = await moves(line, good);
    expect(answers).toHaveLength(2);
    expect(errorCode(answers[0])).toBe(code);
    expect((answers[0] as ErrorAnswer).error.message.length).toBeGreaterThan(0);
    // the next line still runs
    expect(plays(answers[1]).plays.map((p) => p.play)).toContain('24/13');
  });

  it('answers a malformed Zar text position with an error line', async () => {
    const [answer] = await moves({ game: 'plakoto', position: 'this is not a position', dice: [3, 1] });
    expect(errorCode(answer)).toMatch(/^ERR_/);
  });

  it('answers every line in order and skips blank lines', async () => {
    const answers = await moves('not json', '', good, '   ', { ...good, dice: [0, 0] });
    expect(answers.map((a) => errorCode(a) ?? 'plays')).toEqual(['ERR_JSON', 'plays', 'ERR_DICE']);
  });

  it('reports a finished game', async () => {
    // The side not on roll has borne everything off: no checker of it in the ID.
    const b = new Int8Array(52);
    b[6] = 15;
    b[THEM] = 15;
    const [answer] = await moves({ position: makePositionId(makePosition('backgammon', b)), dice: [3, 1] });
    expect(errorCode(answer)).toBe('ERR_GAME_OVER');
  });
});

describe('zar moves: passes and other games', () => {
  it('answers a roll that cannot be played with no plays and the position after the pass', async () => {
    // hand-checked: X on the bar against a closed board cannot enter with 6-6.
    const b = new Int8Array(52);
    b[25] = 1;
    b[13] = 14;
    for (let p = 1; p <= 6; p++) b[THEM + p] = 2;
    b[THEM + 13] = 3;
    const pos = makePosition('backgammon', b);
    const [answer] = await moves({ position: makePositionId(pos), dice: [6, 6] });
    expect(plays(answer).plays).toEqual([]);
    expect(plays(answer).pass).toBe(makePositionId(bg.pass(pos, [6, 6])));
  });

  it('answers plakoto in Zar text form, each result with the opponent on roll', async () => {
    const plakoto = rulesFor('plakoto');
    const start = plakoto.start();
    const [answer] = await moves({ game: 'plakoto', position: makeZarPosition(start), dice: [6, 5] });
    const expected = plakoto.legalPlays(start, [6, 5]).map((p) => makeZarPosition(p.next));
    const got = plays(answer).plays.map((p) => p.position);
    expect([...got].sort()).toEqual([...expected].sort());
    const first = parseZarPosition(got[0] ?? '');
    expect(first.ok && first.value.turns).toEqual([0, 1]);
  });

  it('answers one block of a gul bara doubles run, and the next block from its result', async () => {
    const gul = rulesFor('gul-bara');
    const start = gul.start();
    // Each side has played its three turns of normal doubles (gul-bara.md: per player).
    const pos: Position = makePosition('gul-bara', start.board.slice(), [3, 3]);
    const [first] = await moves({ game: 'gul-bara', position: makeZarPosition(pos), dice: [2, 2] });
    expect(plays(first).block).toBe(2);
    const goesOn = plays(first).plays.find((p) => p.continues === true);
    expect(goesOn).toBeDefined();
    const mid = parseZarPosition(goesOn?.position ?? '');
    expect(mid.ok && mid.value.run).toBe(3);
    const [second, wrong] = await moves(
      { game: 'gul-bara', position: goesOn?.position, dice: [3, 3] },
      { game: 'gul-bara', position: goesOn?.position, dice: [2, 2] },
    );
    expect(plays(second).block).toBe(3);
    expect(plays(second).plays.length).toBeGreaterThan(0);
    expect(errorCode(wrong)).toBe('ERR_DICE');
  });

  it('leaves "block" and "continues" out of ordinary rolls', async () => {
    const [answer] = await moves({ position: START_ID, dice: [4, 4] });
    expect(plays(answer).block).toBeUndefined();
    expect(plays(answer).plays.every((p) => !('continues' in p))).toBe(true);
  });
});
