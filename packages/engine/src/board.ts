import type { Rules } from './rules.js';
import { BAR, BOARD_LENGTH, CHECKERS, OFF, PIN_BASE, SIDE_LENGTH, THEM } from './types.js';

/*
 * Named readers of the shared layout (types.ts), so that code says what it reads instead of
 * `b[THEM + 25 - q]`. They take the board (`pos.board`) because the play generator's models
 * work on scratch boards, not positions.
 */

/** One side of a position: the side on roll, or its opponent. */
export type Side = 'onRoll' | 'opponent';

const baseOf = (side: Side): number => (side === 'onRoll' ? 0 : THEM);

/** The side on roll's checkers on its point q (1..24, its own numbering). */
export function mine(b: Int8Array, q: number): number {
  return b[q] ?? 0;
}

/** The opponent's checkers on ITS point p (1..24, the opponent's own numbering). */
export function theirs(b: Int8Array, p: number): number {
  return b[THEM + p] ?? 0;
}

/**
 * The opponent's checkers on the physical point that is the side on roll's point q: where
 * that is in the opponent's numbering depends on the game's direction.
 */
export function theirsOnMyPoint(rules: Pick<Rules, 'theirPointToMine'>, b: Int8Array, q: number): number {
  return theirs(b, rules.theirPointToMine(q));
}

/** Checkers of `side` on the bar (backgammon; always 0 in games without one). */
export function onBar(b: Int8Array, side: Side): number {
  return b[baseOf(side) + BAR] ?? 0;
}

/** Checkers `side` has borne off. */
export function borneOff(b: Int8Array, side: Side): number {
  return b[baseOf(side) + OFF] ?? 0;
}

/**
 * Plakoto: whose lone checker on the side on roll's point q is pinned, or null (no pin, or
 * a game without pins).
 */
export function pinnedOn(b: Int8Array, q: number): Side | null {
  const pin = b[PIN_BASE + q] ?? 0;
  return pin > 0 ? 'onRoll' : pin < 0 ? 'opponent' : null;
}

/** Pips the side starting at `base` (0 = side on roll, THEM = opponent) still has to travel. */
export function pipsOf(board: Int8Array, base: number): number {
  let pips = 0;
  for (let p = 1; p <= BAR; p++) pips += p * (board[base + p] ?? 0);
  return pips;
}

export function checkersOf(board: Int8Array, base: number): number {
  let n = 0;
  for (let p = OFF; p <= BAR; p++) n += board[base + p] ?? 0;
  return n;
}

/** Swaps the two sides of the shared 52-byte part in place. */
export function swapHalves(board: Int8Array): void {
  for (let i = 0; i < SIDE_LENGTH; i++) {
    const t = board[i] ?? 0;
    board[i] = board[THEM + i] ?? 0;
    board[THEM + i] = t;
  }
}

/** Whether two boards have the same shared 52-byte part (what both sides hold where). */
export function sameBoard(a: Int8Array, b: Int8Array): boolean {
  for (let i = 0; i < BOARD_LENGTH; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A string that identifies the board bytes; equal boards give equal keys. */
export function boardKey(board: Int8Array): string {
  return String.fromCharCode.apply(null, board as unknown as number[]);
}

/** The side (0 or THEM) has all its checkers on points 1..6 or off. */
export function allHome(board: Int8Array, base: number): boolean {
  for (let p = 7; p <= BAR; p++) if ((board[base + p] ?? 0) > 0) return false;
  return true;
}

/** Highest point (1..25) holding a checker of the side, or 0. */
export function highestPoint(board: Int8Array, base: number): number {
  for (let p = BAR; p >= 1; p--) if ((board[base + p] ?? 0) > 0) return p;
  return 0;
}

export function emptyBoard(length = BOARD_LENGTH): Int8Array {
  return new Int8Array(length);
}

export const FULL_SIDE = CHECKERS;
