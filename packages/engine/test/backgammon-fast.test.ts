import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_LENGTH,
  createFastPlayGenerator,
  type Dice,
  fastPlaysBuffer,
  makePosition,
  makePositionId,
  type Position,
  parsePositionId,
  rulesFor,
  swapHalves,
} from '../src/index.js';
import { backgammonPositionArb } from './backgammon-arbitrary.js';
import { loadGnubgRows } from './gnubg-fixture.js';

const bg = rulesFor('backgammon');
const fast = createFastPlayGenerator();
const out = fastPlaysBuffer();

function fastIds(pos: Position, dice: Dice): string[] {
  const n = fast.generate(pos.board, dice[0], dice[1], out);
  const ids: string[] = [];
  for (let k = 0; k < n; k++) {
    const board = out.slice(k * BOARD_LENGTH, (k + 1) * BOARD_LENGTH);
    swapHalves(board);
    ids.push(makePositionId(makePosition('backgammon', board)));
  }
  return ids.sort();
}

/** Result boards of legalPlays, as IDs; every ID is checked to stand for the whole board. */
function referenceIds(pos: Position, dice: Dice): string[] {
  return bg
    .legalPlays(pos, dice)
    .map((p) => makePositionId(p.next))
    .sort();
}

const ROLLS: Dice[] = [];
for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) ROLLS.push([a, b]);

describe('fast backgammon play generator', () => {
  it("writes the boards of legalPlays, from the mover's view, byte for byte: start, all 21 rolls", () => {
    for (const dice of ROLLS) {
      const n = fast.generate(bg.start().board, dice[0], dice[1], out);
      const expected = bg.legalPlays(bg.start(), dice).map((p) => Array.from(p.next.board).join(','));
      const got: string[] = [];
      for (let k = 0; k < n; k++) {
        const board = out.slice(k * 52, (k + 1) * 52);
        swapHalves(board);
        got.push(Array.from(board).join(','));
      }
      expect(got.sort()).toEqual(expected.sort());
    }
  });

  it('agrees with legalPlays on every gnubg fixture row', () => {
    const differences: string[] = [];
    for (const row of loadGnubgRows()) {
      const parsed = parsePositionId(row.id);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const got = fastIds(parsed.value, row.dice);
      const want = referenceIds(parsed.value, row.dice);
      if (got.join() !== want.join())
        differences.push(`${row.id} ${row.dice.join('-')}: ${got.length} vs ${want.length}`);
    }
    expect(differences).toEqual([]);
  });

  it('agrees with legalPlays on random positions, contact and bear-off, every roll', () => {
    const dice = fc.constantFrom(...ROLLS);
    fc.assert(
      fc.property(fc.oneof(backgammonPositionArb(), backgammonPositionArb(6)), dice, (pos, roll) => {
        expect(fastIds(pos, roll)).toEqual(referenceIds(pos, roll));
      }),
      { numRuns: 3000 },
    );
  });

  it('does not read past 52 bytes and leaves the input board as it was', () => {
    const start = bg.start();
    const longer = new Int8Array(60);
    longer.set(start.board);
    longer.fill(9, 52);
    const copy = longer.slice();
    expect(fast.generate(longer, 3, 1, out)).toBe(16);
    expect(longer).toEqual(copy);
  });

  it('refuses a buffer too small for the plays', () => {
    expect(() => fast.generate(bg.start().board, 1, 1, new Int8Array(52 * 3))).toThrow(/too small/);
  });
});
