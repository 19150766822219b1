import { classify, type Evaluator, OUTPUTS, OVER, type Random } from '@zar/bot';
import { BOARD_LENGTH, fastPlaysBuffer, rulesFor, swapHalves } from '@zar/engine';
import { bestPlaysWithin } from './candidates.js';

/** Longer games than this are cut off (none has been seen; a guard against a broken net). */
export const MAX_PLIES = 1500;

/** Scratch for `playGame`, reused across games. */
export interface SelfPlayScratch {
  readonly plays: Int8Array;
  readonly probs: Float32Array;
  boards: Int8Array;
}

export function selfPlayScratch(): SelfPlayScratch {
  return {
    plays: fastPlaysBuffer(),
    probs: new Float32Array(4096 * OUTPUTS),
    boards: new Int8Array(256 * BOARD_LENGTH),
  };
}

const START = rulesFor('backgammon').start().board.slice(0, BOARD_LENGTH);

export function rollDie(random: Random): number {
  return 1 + Math.floor(random() * 6);
}

/** Plays an exploring turn chooses among: the best this many within FILTER_WIDTH of the best. */
export const EXPLORE_CHOICES = 4;

/**
 * One game of greedy 0-ply self-play from the standard start. The opening roll has two
 * different dice, as when each side throws one die. Writes the position before each turn,
 * from the side on roll's view, into `s.boards` (growing it as needed), the last one being
 * the finished game; returns how many boards were written.
 *
 * With `explore` > 0, each turn with that chance plays one of its EXPLORE_CHOICES best plays
 * within FILTER_WIDTH, drawn evenly, instead of the best: plausible mistakes, so the games
 * reach positions that greedy play by both sides avoids. With 0 no extra number is drawn, so
 * greedy games stay exactly as they were.
 */
export function playGame(ev: Evaluator, random: Random, s: SelfPlayScratch, explore = 0): number {
  let n = 0;
  const push = (b: Int8Array, from: number) => {
    if ((n + 1) * BOARD_LENGTH > s.boards.length) {
      const grown = new Int8Array(s.boards.length * 2);
      grown.set(s.boards);
      s.boards = grown;
    }
    s.boards.set(b.subarray(from, from + BOARD_LENGTH), n * BOARD_LENGTH);
    n++;
  };
  const board = START.slice();
  push(board, 0);
  let d1 = rollDie(random);
  let d2 = rollDie(random);
  while (d1 === d2) d2 = rollDie(random);
  for (let ply = 0; ply < MAX_PLIES; ply++) {
    const best = ev.bestPlay0ply(board, d1, d2, s.plays, s.probs);
    let chosen = best.index;
    if (explore > 0 && best.count > 1 && random() < explore) {
      const near = bestPlaysWithin(s.probs, best.count, EXPLORE_CHOICES);
      chosen = near[Math.floor(random() * near.length)] as number;
    }
    if (chosen >= 0) board.set(s.plays.subarray(chosen * BOARD_LENGTH, (chosen + 1) * BOARD_LENGTH));
    swapHalves(board);
    push(board, 0);
    if (classify(board) === OVER) break;
    d1 = rollDie(random);
    d2 = rollDie(random);
  }
  return n;
}
