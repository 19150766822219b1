import { BEAROFF, CONTACT, classify, isCrashed, OVER, RACE } from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';

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

/** gnubg's class of `board` (side on roll's view); Zar's own classes decide all but crashed. */
export function gnubgClass(board: Int8Array): GnubgClass {
  const cls = classify(board);
  if (cls === OVER) return 'over';
  if (cls === BEAROFF) return 'bearoff';
  if (cls === RACE) return 'race';
  if (cls !== CONTACT) throw new Error(`unknown position class ${cls}`);
  // The bot's own rule (backgammon-net/crashed.ts), which picks its crashed net the same way.
  return isCrashed(board) ? 'crashed' : 'contact';
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
