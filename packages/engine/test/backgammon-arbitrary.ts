import fc from 'fast-check';
import { BAR, CHECKERS, makePosition, type Position, rulesFor, THEM } from '../src/index.js';

const bg = rulesFor('backgammon');

/**
 * Valid backgammon positions: 15 checkers a side spread over off (0), points 1..24 and the
 * bar (25), never both sides on one point. `moverUpTo` 6 keeps the side on roll home
 * (bear-off positions).
 */
export const backgammonPositionArb = (moverUpTo = BAR): fc.Arbitrary<Position> =>
  fc
    .tuple(
      fc.array(fc.integer({ min: 0, max: moverUpTo }), { minLength: CHECKERS, maxLength: CHECKERS }),
      fc.array(fc.nat(), { minLength: CHECKERS, maxLength: CHECKERS }),
    )
    .map(([mine, picks]) => {
      const b = new Int8Array(52);
      for (const p of mine) b[p] = (b[p] ?? 0) + 1;
      // The opponent may use off, the bar and the points the mover leaves empty (its point
      // q is the mover's point 25 - q).
      const free = [0, BAR];
      for (let q = 1; q <= 24; q++) if ((b[25 - q] ?? 0) === 0) free.push(q);
      for (const k of picks) {
        const q = free[k % free.length] as number;
        b[THEM + q] = (b[THEM + q] ?? 0) + 1;
      }
      return makePosition('backgammon', b);
    })
    .filter((pos) => bg.validate(pos).ok);
