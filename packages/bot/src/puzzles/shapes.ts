import { BAR, type Position, type Rules, THEM } from '@zar/engine';

/*
 * Shapes of a position that puzzle themes are told by: contact, blocks and primes, anchors.
 * Pure readers of any game's board, through the rules' own facts (direction, point mapping),
 * never its name. A point in a side's numbering is 1..24 (25 its bar); sides travel down.
 */

/** Which side of the position: 0 the side on roll, 1 its opponent. */
export type SideIndex = 0 | 1;

const baseOf = (side: SideIndex): number => (side === 0 ? 0 : THEM);

/** The checkers of `side` on its own point `q` (25: its bar). */
export function checkersOn(pos: Position, side: SideIndex, q: number): number {
  return pos.board[baseOf(side) + q] ?? 0;
}

/**
 * How many checkers hold a point against the other side: two where a lone checker can be hit
 * or pinned (the sides travel opposite ways), one where nothing is ever hit (same way).
 */
export function holdingCount(rules: Pick<Rules, 'direction'>): number {
  return rules.direction === 'same' ? 1 : 2;
}

/**
 * Whether the sides can still meet: a checker of one side stands where a checker of the other
 * still has to go. Without contact the game is a race.
 */
export function inContact(rules: Pick<Rules, 'theirPointToMine'>, pos: Position): boolean {
  // The farthest-back checker of each side, and where each side's checkers stand in the other's numbering.
  for (const side of [0, 1] as const) {
    const other: SideIndex = side === 0 ? 1 : 0;
    let back = 0;
    for (let q = BAR; q >= 1 && back === 0; q--) if (checkersOn(pos, side, q) > 0) back = q;
    if (back === BAR) return checkersOn(pos, other, BAR) > 0 || anyOnBoard(pos, other);
    for (let q = 1; q < back; q++) {
      if (checkersOn(pos, other, rules.theirPointToMine(q)) > 0) return true;
    }
  }
  return false;
}

function anyOnBoard(pos: Position, side: SideIndex): boolean {
  for (let q = 1; q <= 24; q++) if (checkersOn(pos, side, q) > 0) return true;
  return false;
}

/**
 * The longest run of consecutive points that `blocker` holds in front of at least one checker
 * of the other side (the victim): counted along the victim's way, so that a block that the
 * victim's path crosses at the end of the board is not taken for one. 0 when nothing is trapped.
 */
export function trapLength(
  rules: Pick<Rules, 'direction' | 'theirPointToMine'>,
  pos: Position,
  blocker: SideIndex,
): number {
  const victim: SideIndex = blocker === 0 ? 1 : 0;
  const hold = holdingCount(rules);
  let back = 0;
  for (let q = BAR; q >= 1 && back === 0; q--) if (checkersOn(pos, victim, q) > 0) back = q;
  let best = 0;
  let run = 0;
  // o: a point in the victim's numbering; a run ending below its farthest-back checker traps it.
  for (let o = 1; o < back; o++) {
    run = checkersOn(pos, blocker, rules.theirPointToMine(o)) >= hold ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/**
 * The points of the side on roll's numbering 19..24 (the opponent's home board, where the
 * sides travel opposite ways) that it holds, as a bit set (bit q − 19).
 */
export function anchorsOf(rules: Pick<Rules, 'direction'>, pos: Position, side: SideIndex = 0): number {
  if (rules.direction === 'same') return 0;
  let set = 0;
  for (let q = 19; q <= 24; q++) if (checkersOn(pos, side, q) >= 2) set |= 1 << (q - 19);
  return set;
}

/** How many bits a set has. */
export function countBits(set: number): number {
  let n = 0;
  for (let s = set; s !== 0; s &= s - 1) n++;
  return n;
}

/** Every checker of `side` is in its home board (points 1..6) or off, with some still to bear off. */
export function bearingOff(pos: Position, side: SideIndex = 0): boolean {
  let home = 0;
  for (let q = 7; q <= BAR; q++) if (checkersOn(pos, side, q) > 0) return false;
  for (let q = 1; q <= 6; q++) home += checkersOn(pos, side, q);
  return home > 0;
}
