import { BOARD_LENGTH, makePosition, type Play, type Position, type Rules, THEM, unwrap } from '../../src/index.js';

export type Points = Readonly<Record<number, number>>;

/**
 * A position of a same-direction game from the mover's {point: checkers} (0 = off) and the
 * opponent's {point: checkers} in HIS numbering (his q is my q+12 for q <= 12, else my q-12),
 * validated by the game's rules.
 */
export function positionOf(
  rules: Rules,
  mine: Points,
  theirs: Points,
  turns: readonly [number, number] = [5, 5],
  run = 0,
): Position {
  const b = new Int8Array(BOARD_LENGTH);
  for (const [p, n] of Object.entries(mine)) b[Number(p)] = n;
  for (const [p, n] of Object.entries(theirs)) b[THEM + Number(p)] = n;
  return unwrap(rules.validate(makePosition(rules.game, b, turns, run)));
}

/** The mover's checkers after a play, e.g. "24:13 18:2": read from the opponent's half once the turn passed. */
export function mineAfter(play: Play): string {
  const base = play.next.run > 0 ? 0 : THEM;
  const parts: string[] = [];
  for (let p = 24; p >= 0; p--) {
    const n = play.next.board[base + p] ?? 0;
    if (n > 0) parts.push(`${p}:${n}`);
  }
  return parts.join(' ');
}

/** Every play's resulting checkers for the mover, sorted. */
export const ends = (plays: Play[]): string[] => plays.map(mineAfter).sort();
