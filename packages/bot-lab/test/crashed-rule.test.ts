import { CONTACT, classify, isCrashed } from '@zar/bot';
import { describe, expect, it } from 'vitest';
import { GNUBG_CLASS_NUMBER } from '../training/label-classes.js';
import { gnubgFixture } from './support/gnubg-fixture.js';

describe("the evaluator's crashed rule", () => {
  it("agrees with gnubg's classifypos on the fixture's contact and crashed positions, from either side", () => {
    let crashed = 0;
    for (const row of gnubgFixture()) {
      const board = Int8Array.from(row.board);
      if (classify(board) !== CONTACT) continue;
      const expected = row.class === GNUBG_CLASS_NUMBER.crashed;
      expect(isCrashed(board), `board ${row.board}`).toBe(expected);
      // The same board kept from the other side's view, read with rotation 26.
      const turned = new Int8Array(52);
      turned.set(board.subarray(26), 0);
      turned.set(board.subarray(0, 26), 26);
      expect(isCrashed(turned, 26)).toBe(expected);
      if (expected) crashed++;
    }
    expect(crashed).toBeGreaterThan(0);
  });
});
