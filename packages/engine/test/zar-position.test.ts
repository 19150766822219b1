import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Dice,
  fromZarJson,
  GAME_IDS,
  type GameId,
  makeZarPosition,
  PIN_BASE,
  type Position,
  parseZarPosition,
  rulesFor,
  samePosition,
  THEM,
  toZarJson,
} from '../src/index.js';

function parsed(text: string): Position {
  const r = parseZarPosition(text);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

// Source: each game's spec §1 (backgammon.md §1: 2-5-3-5 on 24, 13, 8, 6; the other four:
// all 15 on the player's own 24).
const STARTS: readonly [GameId, string][] = [
  ['backgammon', 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5'],
  ['long-nardy', 'long-nardy:24x15/24x15'],
  ['plakoto', 'plakoto:24x15/24x15'],
  ['fevga', 'fevga:24x15/24x15'],
  ['gul-bara', 'gul-bara:24x15/24x15'],
];

describe('start positions', () => {
  it.each(STARTS)('%s: %s', (game, text) => {
    const start = rulesFor(game).start();
    expect(makeZarPosition(start)).toBe(text);
    expect(samePosition(parsed(text), start)).toBe(true);
    const json = fromZarJson(JSON.parse(JSON.stringify(toZarJson(start))));
    expect(json.ok && samePosition(json.value, start)).toBe(true);
  });
});

describe('hand-built positions', () => {
  it('plakoto pins: the example from the file header', () => {
    // hand-checked: my lone checker on my 3 is pinned; that physical point is their 22,
    // where their one checker sits on top. 12 + 1 + 2 off = 15 and 11 + 1 + 3 = 15.
    const text = 'plakoto:24x12,3p,offx2/24x11,22,6x3:turns=20.19';
    const pos = parsed(text);
    const b = pos.board;
    expect([b[24], b[3], b[0], b[THEM + 24], b[THEM + 22], b[THEM + 6]]).toEqual([12, 1, 2, 11, 1, 3]);
    expect(b[PIN_BASE + 3]).toBe(1);
    expect(pos.turns).toEqual([20, 19]);
    expect(makeZarPosition(pos)).toBe(text);
    // Seen from the other side, the same pin is theirs: the text swaps halves and marks.
    expect(makeZarPosition(rulesFor('plakoto').swapSides(pos))).toBe('plakoto:24x11,22,6x3/24x12,3p,offx2:turns=19.20');
  });

  it('plakoto: the side on roll pins an opposing checker', () => {
    // hand-checked: their lone checker on their 20 is pinned by my two on my 5 (= their 20).
    const pos = parsed('plakoto:24x13,5x2/24x14,20p');
    expect(pos.board[PIN_BASE + 5]).toBe(-1);
    expect(toZarJson(pos).pinned).toEqual({ mine: [], theirs: [20] });
  });

  it('backgammon with the bar, borne-off checkers and an end', () => {
    // hand-checked: the opponent has borne off all 15; I have 1 on the bar and 14 on my 1.
    const text = 'backgammon:bar,1x14/offx15:turns=29.30:end=opponent.backgammon.3';
    const pos = parsed(text);
    expect(pos.board[THEM]).toBe(15);
    expect([pos.board[25], pos.board[1]]).toEqual([1, 14]);
    expect(pos.ended).toEqual({ winner: 'opponent', kind: 'backgammon', points: 3 });
    expect(makeZarPosition(pos)).toBe(text);
  });

  it('entries and extras in any order, x1 optional', () => {
    const a = parsed('backgammon:bar,24,13x5,8x3,6x5/24x2,13x5,8x3,6x4,offx1:turns=2.1');
    const b = parsed('backgammon:6x5,8x3,13x5,24x1,barx1/offx1,6x4,8x3,13x5,24x2:turns=2.1');
    expect(samePosition(a, b)).toBe(true);
    expect(makeZarPosition(b)).toBe('backgammon:bar,24,13x5,8x3,6x5/24x2,13x5,8x3,6x4,off:turns=2.1');
    const c = parsed('gul-bara:24x14,18/24x15:run=4:turns=3.3');
    expect(makeZarPosition(c)).toBe('gul-bara:24x14,18/24x15:turns=3.3:run=4');
  });

  it('gul bara: the doubles run', () => {
    // hand-checked: mid-run, the next block is of fours; 14 + 1 = 15 and 15 on their 24.
    const pos = parsed('gul-bara:24x14,18/24x15:turns=3.3:run=4');
    expect(pos.run).toBe(4);
    expect(makeZarPosition(pos)).toBe('gul-bara:24x14,18/24x15:turns=3.3:run=4');
  });

  it('the text uses only characters that need no shell quoting', () => {
    for (const [, text] of STARTS) expect(text).toMatch(/^[a-z0-9:/,.=-]+$/);
  });
});

/** Positions met in a random game, including mid-run (gul bara) and ended ones. */
function positionsOf(game: GameId, rolls: readonly Dice[], picks: readonly number[]): Position[] {
  const rules = rulesFor(game);
  const seen: Position[] = [];
  let pos = rules.start();
  for (let i = 0; i < rolls.length && !rules.outcome(pos); i++) {
    const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : (rolls[i] as Dice);
    const plays = rules.legalPlays(pos, dice);
    const pick = plays[(picks[i] ?? 0) % Math.max(1, plays.length)];
    pos = pick ? pick.next : rules.pass(pos, dice);
    seen.push(pos);
  }
  return seen;
}

const die = fc.integer({ min: 1, max: 6 });
const gameArb = fc.constantFrom(...GAME_IDS);
const walkArb = fc.tuple(
  gameArb,
  fc.array(fc.tuple(die, die), { minLength: 1, maxLength: 120 }),
  fc.array(fc.nat(), { minLength: 120, maxLength: 120 }),
);

describe('round trips over random games of all five', () => {
  it('parseZarPosition(makeZarPosition(p)) equals p', () => {
    fc.assert(
      fc.property(walkArb, ([game, rolls, picks]) => {
        for (const pos of positionsOf(game, rolls as Dice[], picks)) {
          const text = makeZarPosition(pos);
          const back = parseZarPosition(text);
          if (!back.ok) throw new Error(`${text}: ${back.error.code} ${back.error.message}`);
          expect(samePosition(back.value, pos)).toBe(true);
          expect(text).toMatch(/^[a-z0-9:/,.=-]+$/);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('fromZarJson(toZarJson(p)) equals p, also through JSON text', () => {
    fc.assert(
      fc.property(walkArb, ([game, rolls, picks]) => {
        for (const pos of positionsOf(game, rolls as Dice[], picks)) {
          const back = fromZarJson(JSON.parse(JSON.stringify(toZarJson(pos))));
          if (!back.ok) throw new Error(`${back.error.code} ${back.error.message}`);
          expect(samePosition(back.value, pos)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('plakoto walks do produce pins, so the pin form is exercised', () => {
    // A measurement guard: if no random game ever pinned, the round trips above would not
    // test pins at all.
    const pinned = fc
      .sample(walkArb, 40)
      .some(([, rolls, picks]) =>
        positionsOf('plakoto', rolls as Dice[], picks).some((p) => /\dp/.test(makeZarPosition(p))),
      );
    expect(pinned).toBe(true);
  });
});

describe('errors', () => {
  const ERRORS: readonly [string, string, string][] = [
    ['', 'ERR_UNKNOWN_GAME', 'unknown game'],
    ['chess:24x15/24x15', 'ERR_UNKNOWN_GAME', 'chess'],
    ['plakoto', 'ERR_ZAR_TEXT', 'GAME:MINE/THEIRS'],
    ['plakoto:24x15', 'ERR_ZAR_TEXT', 'MINE/THEIRS'],
    ['plakoto:24x15/', 'ERR_ZAR_TEXT', 'theirs side is empty (at character 15)'],
    ['plakoto:24x15/25x15', 'ERR_ZAR_TEXT', '"25x15" at character 15'],
    ['plakoto:24x16/24x15', 'ERR_ZAR_TEXT', 'count is 1 to 15'],
    ['plakoto:24x14,24/24x15', 'ERR_ZAR_TEXT', 'listed twice'],
    ['plakoto:24x14,barp/24x15', 'ERR_ZAR_TEXT', 'only a checker on a point'],
    ['plakoto:24x15/24x15:turns=1', 'ERR_ZAR_TEXT', 'turns=N.N'],
    ['plakoto:24x15/24x15:turns=200.1', 'ERR_ZAR_TEXT', 'turn counts are 0 to 127'],
    ['plakoto:24x15/24x15:turns=1.1:turns=2.2', 'ERR_ZAR_TEXT', 'given twice'],
    ['plakoto:24x15/24x15:end=onroll.huge.2', 'ERR_ZAR_TEXT', 'the kind is one of'],
    ['plakoto:24x15/24x15:end=none.mother.2', 'ERR_ZAR_TEXT', 'has a winner unless it is a draw'],
    ['backgammon:24x14/24x15', 'ERR_CHECKER_COUNT', '14 checkers'],
    ['backgammon:24x2,13x5,8x3,6x5/1x2,13x5,8x3,6x5', 'ERR_SHARED_POINT', 'point 24'],
    ['backgammon:24x2,13x5,8x3,6x4,5p/24x2,13x5,8x3,6x5', 'ERR_ZAR_TEXT', 'backgammon has no pins'],
    ['long-nardy:24x15/24x15:run=3', 'ERR_RUN', ''],
    ['plakoto:24x14,3p/24x15', 'ERR_PIN', 'point 3'],
    ['fevga:bar,24x14/24x15', 'ERR_BAR_NOT_ALLOWED', 'no bar'],
  ];
  it.each(ERRORS)('%j -> %s', (text, code, words) => {
    const r = parseZarPosition(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.message).toContain(words);
  });

  const start = toZarJson(rulesFor('backgammon').start());
  const JSON_ERRORS: readonly [unknown, string, string][] = [
    [null, 'ERR_ZAR_JSON', 'JSON object'],
    [[], 'ERR_ZAR_JSON', 'JSON object'],
    [{ ...start, game: 'go' }, 'ERR_UNKNOWN_GAME', 'go'],
    [{ ...start, mine: [1, 2, 3] }, 'ERR_ZAR_JSON', 'array of 26'],
    [{ ...start, theirs: start.theirs.map((n, i) => (i === 6 ? -1 : n)) }, 'ERR_ZAR_JSON', 'theirs[6]'],
    [{ ...start, mine: start.mine.map((n, i) => (i === 6 ? 2.5 : n)) }, 'ERR_ZAR_JSON', 'mine[6]'],
    [{ ...start, turns: [1] }, 'ERR_ZAR_JSON', 'turns'],
    [{ ...start, run: 9 }, 'ERR_ZAR_JSON', 'run'],
    [{ ...start, ended: { winner: 'me', kind: 'single', points: 1 } }, 'ERR_ZAR_JSON', 'ended.winner'],
    [{ ...start, pinned: { mine: [0], theirs: [] } }, 'ERR_ZAR_JSON', 'pinned.mine'],
    [{ ...start, pinned: { mine: [5], theirs: [] } }, 'ERR_ZAR_JSON', 'backgammon has no pins'],
    [{ ...start, mine: start.mine.map((n, i) => (i === 6 ? 4 : n)) }, 'ERR_CHECKER_COUNT', '14'],
  ];
  it.each(JSON_ERRORS)('JSON %j -> %s', (value, code, words) => {
    const r = fromZarJson(value);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.message).toContain(words);
  });
});
