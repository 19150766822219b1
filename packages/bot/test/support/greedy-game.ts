import { BOARD_LENGTH, fastPlaysBuffer, rulesFor, swapHalves } from '@zar/engine';
import { classify, type Evaluator, OVER } from '../../src/backgammon-net/evaluator.js';
import { OUTPUTS } from '../../src/probabilities.js';
import type { Random } from '../../src/random.js';

/**
 * The positions of one game of greedy 0-ply self-play from the standard start, from the side on
 * roll's view, the last one finished (the opening roll has two different dice). The same games
 * as the lab's `playGame` without exploration, for tests that need real positions.
 */
export function greedyGame(ev: Evaluator, random: Random): Int8Array[] {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(4096 * OUTPUTS);
  const roll = () => 1 + Math.floor(random() * 6);
  const board = rulesFor('backgammon').start().board.slice(0, BOARD_LENGTH);
  const boards = [board.slice()];
  let d1 = roll();
  let d2 = roll();
  while (d1 === d2) d2 = roll();
  for (let ply = 0; ply < 1500; ply++) {
    const best = ev.bestPlay0ply(board, d1, d2, plays, probs);
    if (best.index >= 0) board.set(plays.subarray(best.index * BOARD_LENGTH, (best.index + 1) * BOARD_LENGTH));
    swapHalves(board);
    boards.push(board.slice());
    if (classify(board) === OVER) break;
    d1 = roll();
    d2 = roll();
  }
  return boards;
}
