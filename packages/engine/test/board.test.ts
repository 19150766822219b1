import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_LENGTH,
  boardKey,
  borneOff,
  mine,
  onBar,
  parseZarPosition,
  pinnedOn,
  rulesFor,
  sameBoard,
  swapHalves,
  theirs,
  theirsOnMyPoint,
} from '../src/index.js';
import { backgammonPositionArb } from './backgammon-arbitrary.js';

describe('sameBoard', () => {
  it('holds exactly when the shared 52 bytes are equal, whatever follows them', () => {
    fc.assert(
      fc.property(backgammonPositionArb(), backgammonPositionArb(), fc.integer({ min: -9, max: 9 }), (p, q, tail) => {
        const a = new Int8Array(BOARD_LENGTH + 1);
        a.set(p.board.subarray(0, BOARD_LENGTH));
        a[BOARD_LENGTH] = tail;
        const b = p.board.slice(0, BOARD_LENGTH);
        expect(sameBoard(a, b)).toBe(true);
        const c = q.board.slice(0, BOARD_LENGTH);
        expect(sameBoard(b, c)).toBe(boardKey(b) === boardKey(c));
      }),
    );
  });

  it('tells a board from its sides swapped unless the sides are the same', () => {
    fc.assert(
      fc.property(backgammonPositionArb(), (p) => {
        const a = p.board.slice(0, BOARD_LENGTH);
        const b = a.slice();
        swapHalves(b);
        expect(sameBoard(a, b)).toBe(boardKey(a.subarray(0, 26)) === boardKey(a.subarray(26)));
        swapHalves(b);
        expect(sameBoard(a, b)).toBe(true);
      }),
    );
  });
});

describe('named board readers', () => {
  const read = (text: string) => {
    const p = parseZarPosition(text);
    if (!p.ok) throw new Error(p.error.message);
    return p.value.board;
  };

  it('read the layout of types.ts: points, bar and tray of each side', () => {
    const b = read('backgammon:bar,24x2,13x4,8x3,offx5/barx2,19x3,14x5,offx5');
    expect([mine(b, 24), mine(b, 13), mine(b, 8), mine(b, 6)]).toEqual([2, 4, 3, 0]);
    expect([theirs(b, 19), theirs(b, 14), theirs(b, 6)]).toEqual([3, 5, 0]);
    expect([onBar(b, 'onRoll'), onBar(b, 'opponent')]).toEqual([1, 2]);
    expect([borneOff(b, 'onRoll'), borneOff(b, 'opponent')]).toEqual([5, 5]);
    // Backgammon: the opponent's 19 is my 6 point, his 14 my 11.
    const rules = rulesFor('backgammon');
    expect([theirsOnMyPoint(rules, b, 6), theirsOnMyPoint(rules, b, 11), theirsOnMyPoint(rules, b, 19)]).toEqual([
      3, 5, 0,
    ]);
    // Same direction: the opponent's 14 is my 2.
    expect(theirsOnMyPoint(rulesFor('fevga'), b, 2)).toBe(5);
  });

  it('tell whose lone checker is pinned (plakoto), and nothing in games without pins', () => {
    // My lone checker on 3 is pinned by his on his 22; his lone checker on his 1 (my 24) by mine.
    const b = read('plakoto:24x12,3p,offx2/24x11,22,6x2,1p');
    expect(pinnedOn(b, 3)).toBe('onRoll');
    expect(pinnedOn(b, 24)).toBe('opponent');
    expect(pinnedOn(b, 6)).toBeNull();
    expect(pinnedOn(read('backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5'), 24)).toBeNull();
  });
});
