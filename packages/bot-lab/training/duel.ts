import {
  classify,
  createPlySearch,
  type Evaluator,
  heuristicScore,
  OUTPUTS,
  OVER,
  outcomeProbabilities,
  type Random,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH, fastPlaysBuffer, makePosition, rulesFor, swapHalves } from '@zar/engine';
import { type DuelStats, PairTally, pairSeed } from './duel-stats.js';

const rules = rulesFor('backgammon');
const START = rules.start().board.slice(0, BOARD_LENGTH);

/**
 * A player for duels: given the board (side on roll's view) and the dice, writes the board
 * after its play, seen by the opponent, into `next`. A roll that cannot be played passes.
 */
export type Chooser = (board: Int8Array, d1: number, d2: number, next: Int8Array) => void | Promise<void>;

export function neuralChooser(ev: Evaluator): Chooser {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(4096 * OUTPUTS);
  return (board, d1, d2, next) => {
    const best = ev.bestPlay0ply(board, d1, d2, plays, probs);
    next.set(best.index >= 0 ? plays.subarray(best.index * BOARD_LENGTH, (best.index + 1) * BOARD_LENGTH) : board);
    swapHalves(next);
  };
}

/** The net at 1-ply with gnubg's normal move filter (the bot's n-ply search). */
export function onePlyChooser(ev: Evaluator): Chooser {
  const search = createPlySearch(ev);
  return (board, d1, d2, next) => {
    const best = search.rankPlays(board, d1, d2, 1)[0];
    next.set(best ? best.board : board.subarray(0, BOARD_LENGTH));
    swapHalves(next);
  };
}

/** The baseline bot at its 'expert' level (no noise): the hand-written heuristic, 0-ply. */
export function baselineChooser(): Chooser {
  return (board, d1, d2, next) => {
    const pos = makePosition('backgammon', board.slice());
    const plays = rules.legalPlays(pos, [d1, d2]);
    let best: Int8Array | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const play of plays) {
      const ended = rules.outcome(play.next);
      const score = ended ? 1000 * ended.points : heuristicScore(rules, rules.swapSides(play.next));
      if (score > bestScore) {
        bestScore = score;
        best = play.next.board;
      }
    }
    if (best) next.set(best.subarray(0, BOARD_LENGTH));
    else {
      next.set(board);
      swapHalves(next);
    }
  };
}

/** Points the first mover wins (negative: loses) in one cubeless game with dice from `random`. */
export async function playDuelGame(first: Chooser, second: Chooser, random: Random): Promise<number> {
  const board = START.slice();
  const next = new Int8Array(BOARD_LENGTH);
  const roll = () => 1 + Math.floor(random() * 6);
  let d1 = roll();
  let d2 = roll();
  while (d1 === d2) d2 = roll();
  const result = new Float32Array(OUTPUTS);
  for (let ply = 0; ply < 5000; ply++) {
    await (ply % 2 === 0 ? first : second)(board, d1, d2, next);
    board.set(next);
    if (classify(board) === OVER) {
      outcomeProbabilities(board, 0, result, 0);
      // The side on roll lost: the first mover's opponent when the first mover just played (even ply).
      const points = 1 + (result[3] as number) + (result[4] as number);
      return ply % 2 === 0 ? points : -points;
    }
    d1 = roll();
    d2 = roll();
  }
  return 0;
}

/**
 * `pairs` duplicate pairs: each dice stream is played twice, `a` moving first then `b`, so the
 * luck of the dice mostly cancels. Points are from `a`'s side.
 */
export async function duel(a: Chooser, b: Chooser, pairs: number, seed: number): Promise<DuelStats> {
  const tally = new PairTally();
  for (let i = 0; i < pairs; i++) {
    const s = pairSeed(seed, i);
    const x = await playDuelGame(a, b, seededRandom(s));
    tally.add(x, -(await playDuelGame(b, a, seededRandom(s))));
  }
  return tally.stats();
}
