import {
  makePosition,
  makePositionId,
  makeZarPosition,
  PIN_BASE,
  PLAKOTO_BOARD_LENGTH,
  rulesFor,
  THEM,
} from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { runZar } from './run-zar.js';

const START_ID = '4HPwATDgc/ABMA';

/** The rows of the board between its two borders, top first. */
const boardRows = (out: string): string[] => {
  const lines = out.split('\n');
  const first = lines.findIndex((l) => l.startsWith('+'));
  const last = lines.findIndex((l, i) => i > first && l.startsWith('+'));
  return lines.slice(first + 1, last);
};

/** The text of a point's column (three characters) in a board row, by its place in the drawing. */
const column = (row: string, point: number): string => {
  const top = point >= 13;
  const index = top ? (point <= 18 ? point - 13 : point - 19) : point >= 7 ? 12 - point : 6 - point;
  const right = top ? point >= 19 : point <= 6;
  const start = 1 + (right ? 23 : 0) + 3 * index;
  return row.slice(start, start + 3).trim();
};

describe('zar show', () => {
  it('draws the backgammon start with both pip counts and points numbered from the side on roll', async () => {
    const run = await runZar(['show', 'start']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('O  167 pips, 0 off');
    expect(run.out).toContain('X  167 pips, 0 off');
    expect(run.out).toContain('13 14 15 16 17 18');
    expect(run.out).toContain(' 6  5  4  3  2  1');
    expect(run.out).toContain('BAR');
    const rows = boardRows(run.out);
    expect(rows).toHaveLength(11);
    // spec backgammon.md §1: X has 5 on 6 (bottom), 2 on 24 (top); O's 2 on its 24 are on my 1.
    const bottom = rows[10] ?? '';
    expect(column(bottom, 6)).toBe('X');
    expect(column(bottom, 1)).toBe('O');
    expect(column(rows[0] ?? '', 24)).toBe('X');
    expect(column(rows[1] ?? '', 24)).toBe('X');
    expect(column(rows[2] ?? '', 24)).toBe('');
    expect(run.out).toContain(`Zar: ${makeZarPosition(rulesFor('backgammon').start())}`);
  });

  it('reads a Position ID and prints it back', async () => {
    const run = await runZar(['show', START_ID]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Position ID: ${START_ID}`);
    expect(run.out).toContain('167 pips');
  });

  it('reads a position in Zar text form', async () => {
    const plakoto = rulesFor('plakoto');
    const run = await runZar(['show', makeZarPosition(plakoto.start())]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('plakoto');
  });

  it('draws the start of another game with --game', async () => {
    const run = await runZar(['show', 'start', '--game', 'long-nardy']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('long-nardy');
    expect(run.out).not.toContain('BAR'); // long nardy has no bar
    // long-nardy.md: each side starts with 15 on its point 24; the opponent's 24 is my 12.
    const rows = boardRows(run.out);
    expect(column(rows[4] ?? '', 24)).toBe('15');
    expect(column(rows[6] ?? '', 12)).toBe('15');
  });

  it('draws checkers on the bar and a plakoto pin', async () => {
    const bar = new Int8Array(52);
    bar[25] = 2;
    bar[6] = 13;
    bar[THEM + 6] = 15;
    const barRun = await runZar(['show', makePositionId(makePosition('backgammon', bar))]);
    expect(barRun.code).toBe(0);
    expect(barRun.out).toContain('2 on the bar');
    const rows = boardRows(barRun.out);
    expect(rows[6]?.slice(19, 24)).toBe('| X |');

    // My lone checker on my 24 pinned under two of the opponent's (their 1).
    const b = new Int8Array(PLAKOTO_BOARD_LENGTH);
    b[24] = 1;
    b[10] = 14;
    b[THEM + 1] = 2;
    b[THEM + 13] = 13;
    b[PIN_BASE + 24] = 1;
    const pinned = makePosition('plakoto', b);
    const pinRun = await runZar(['show', makeZarPosition(pinned)]);
    expect(pinRun.code).toBe(0);
    const top = boardRows(pinRun.out);
    expect([column(top[0] ?? '', 24), column(top[1] ?? '', 24), column(top[2] ?? '', 24)]).toEqual(['x', 'O', 'O']);
    expect(pinRun.out).toContain('x, o: a pinned checker');
  });

  it.each([
    [['show', 'nonsense!'], /ERR_/],
    [['show', 'start', '--game', 'chess'], /ERR_UNKNOWN_GAME/],
    [['show', START_ID, '--game', 'fevga'], /ERR_WRONG_GAME/],
  ])('reports %j on stderr with exit code 1', async (args, message) => {
    const run = await runZar(args);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toMatch(message);
  });
});
