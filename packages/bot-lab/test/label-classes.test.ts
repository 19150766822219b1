import { BOARD_LENGTH } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { countClasses, GNUBG_CLASS_NUMBER, gnubgClass } from '../training/label-classes.js';
import { gnubgFixture } from './support/gnubg-fixture.js';

describe("gnubg's classes of positions", () => {
  const rows = gnubgFixture();

  it("splits contact, crashed and race as gnubg's classifypos does (fixture rows)", () => {
    for (const row of rows) {
      const cls = gnubgClass(Int8Array.from(row.board));
      expect(cls === 'over' || cls === 'bearoff' ? -1 : GNUBG_CLASS_NUMBER[cls], `board ${row.board}`).toBe(row.class);
    }
    const seen = new Set(rows.map((r) => r.class));
    expect([...seen].sort((a, b) => a - b)).toEqual([8, 9, 10]);
  });

  it('counts a set by class', () => {
    const boards = new Int8Array(rows.length * BOARD_LENGTH);
    for (const [i, r] of rows.entries()) boards.set(r.board, i * BOARD_LENGTH);
    const counts = countClasses(boards, rows.length);
    expect(counts).toEqual({
      race: rows.filter((r) => r.class === 8).length,
      crashed: rows.filter((r) => r.class === 9).length,
      contact: rows.filter((r) => r.class === 10).length,
    });
  });

  it('refuses a finished position in a set', () => {
    const over = new Int8Array(BOARD_LENGTH);
    over[0] = 15;
    over[26 + 6] = 15;
    expect(gnubgClass(over)).toBe('over');
    expect(() => countClasses(over, 1)).toThrow(/over/);
  });
});
