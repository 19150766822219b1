import { BEAROFF, CONTACT, classify, OVER, RACE } from '@zar/bot';
import { BAR, BOARD_LENGTH, THEM } from '@zar/engine';

/**
 * gnubg's classes of a position (eval.c's ClassifyPosition), as far as its nets go: a race, a
 * contact position, or a crashed one (contact where one side has at most six checkers left to
 * play with, its 1- and 2-point's spares aside), which gnubg gives a net of its own.
 */
export type GnubgClass = 'over' | 'bearoff' | 'race' | 'crashed' | 'contact';

/** The numbers gnubg's `classifypos` answers for the classes a label set holds. */
export const GNUBG_CLASS_NUMBER: Readonly<Record<'race' | 'crashed' | 'contact', number>> = {
  race: 8,
  crashed: 9,
  contact: 10,
};

/** Checkers a side may have in play, besides its deep spares, and still be crashed. */
const CRASHED_CHECKERS = 6;

/** gnubg's class of `board` (side on roll's view); Zar's own classes decide all but crashed. */
export function gnubgClass(board: Int8Array): GnubgClass {
  const cls = classify(board);
  if (cls === OVER) return 'over';
  if (cls === BEAROFF) return 'bearoff';
  if (cls === RACE) return 'race';
  if (cls !== CONTACT) throw new Error(`unknown position class ${cls}`);
  return crashed(board, 0) || crashed(board, THEM) ? 'crashed' : 'contact';
}

/**
 * Whether the side at `base` has crashed: its checkers not yet borne off (bar included) number
 * at most six, or would once the spares piled on its 1-point (and then its 2-point) are set aside.
 */
function crashed(board: Int8Array, base: number): boolean {
  let left = 0;
  for (let p = 1; p <= BAR; p++) left += board[base + p] as number;
  if (left <= CRASHED_CHECKERS) return true;
  const one = board[base + 1] as number;
  const two = board[base + 2] as number;
  if (one > 1) {
    if (left - one <= CRASHED_CHECKERS) return true;
    return two > 1 && 1 + left - (one + two) <= CRASHED_CHECKERS;
  }
  return left - (two - 1) <= CRASHED_CHECKERS;
}

/** How many positions of each class a label set holds. */
export interface ClassCounts {
  race: number;
  crashed: number;
  contact: number;
}

/** The classes of `count` boards; a label set holds no finished or bearoff positions. */
export function countClasses(boards: Int8Array, count: number): ClassCounts {
  const counts: ClassCounts = { race: 0, crashed: 0, contact: 0 };
  for (let i = 0; i < count; i++) {
    const cls = gnubgClass(boards.subarray(i * BOARD_LENGTH, (i + 1) * BOARD_LENGTH));
    if (cls === 'over' || cls === 'bearoff') throw new Error(`position ${i} is ${cls}: a label set has none`);
    counts[cls]++;
  }
  return counts;
}
