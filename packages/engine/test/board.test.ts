import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD_LENGTH, boardKey, sameBoard, swapHalves } from '../src/index.js';
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
