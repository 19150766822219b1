import { SIDE } from './inputs.js';

/** Checkers a side may have in play, besides its deep spares, and still be crashed. */
const CRASHED_CHECKERS = 6;

/**
 * Whether a contact position is crashed in gnubg's sense (eval.c's ClassifyPosition): one side
 * has at most six checkers left to play with, or would once the spares piled on its 1-point (and
 * then its 2-point) are set aside. gnubg gives such positions a net of their own; so does Zar's
 * evaluator when its weights have one. `rot` is the board's rotation (0 or 26), as `classify`'s.
 */
export function isCrashed(board: Int8Array, rot = 0): boolean {
  return sideCrashed(board, rot) || sideCrashed(board, (SIDE + rot) % (2 * SIDE));
}

function sideCrashed(board: Int8Array, base: number): boolean {
  let left = 0;
  for (let p = 1; p <= 25; p++) left += board[base + p] as number;
  if (left <= CRASHED_CHECKERS) return true;
  const one = board[base + 1] as number;
  const two = board[base + 2] as number;
  if (one > 1) {
    if (left - one <= CRASHED_CHECKERS) return true;
    return two > 1 && 1 + left - (one + two) <= CRASHED_CHECKERS;
  }
  return left - (two - 1) <= CRASHED_CHECKERS;
}
