import { swapHalves } from './board.js';
import type { GameId, Outcome, Position } from './types.js';

export function makePosition(
  game: GameId,
  board: Int8Array,
  turns: readonly [number, number] = [0, 0],
  run = 0,
  ended: Outcome | null = null,
): Position {
  return { game, board, turns, run, ended };
}

function flipOutcome(o: Outcome | null): Outcome | null {
  if (!o || o.winner === null) return o;
  return { ...o, winner: o.winner === 'onRoll' ? 'opponent' : 'onRoll' };
}

/**
 * The shared part of swapSides: halves, turn counters, outcome. `swapExtra` swaps the
 * game-specific bytes after the first 52.
 */
export function swapPosition(pos: Position, swapExtra?: (b: Int8Array) => void): Position {
  const board = pos.board.slice();
  swapHalves(board);
  swapExtra?.(board);
  return makePosition(pos.game, board, [pos.turns[1], pos.turns[0]], pos.run, flipOutcome(pos.ended));
}

export function samePosition(a: Position, b: Position): boolean {
  if (a.game !== b.game || a.run !== b.run || a.board.length !== b.board.length) return false;
  if (a.turns[0] !== b.turns[0] || a.turns[1] !== b.turns[1]) return false;
  for (let i = 0; i < a.board.length; i++) if (a.board[i] !== b.board[i]) return false;
  const ea = a.ended;
  const eb = b.ended;
  if (ea === null || eb === null) return ea === eb;
  return ea.winner === eb.winner && ea.kind === eb.kind && ea.points === eb.points;
}
