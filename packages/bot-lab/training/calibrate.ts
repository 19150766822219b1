import { parseArgs } from 'node:util';
import {
  buildBearoffDatabase,
  CONTACT,
  classify,
  createEvaluator,
  type Evaluator,
  flipProbabilities,
  OUTPUTS,
  OVER,
  outcomeProbabilities,
  RACE,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH } from '@zar/engine';
import { startingNets } from './checkpoint.js';
import { meanCi } from './duel-stats.js';
import { BACKGAMMON_WEIGHTS } from './paths.js';
import { playGame, selfPlayScratch } from './selfplay.js';

const NAMES = ['win', 'win gammon', 'win backgammon', 'lose gammon', 'lose backgammon'] as const;

/** Summed (prediction − outcome) over one game's positions of one class, and their number. */
export interface GameErrors {
  n: number;
  readonly d: Float64Array;
}

/**
 * For a game of `n` boards (as `playGame` writes them), the sums of (0-ply prediction − the
 * game's outcome, seen by each position's side on roll) over its contact and its race
 * positions; null for a game cut off unfinished (an untrained net's), which has no outcome.
 */
export function gameErrors(ev: Evaluator, boards: Int8Array, n: number): Record<'contact' | 'race', GameErrors> | null {
  const last = boards.subarray((n - 1) * BOARD_LENGTH, n * BOARD_LENGTH);
  if (classify(last) !== OVER) return null;
  const predicted = new Float32Array(OUTPUTS);
  const outcome = new Float32Array(OUTPUTS);
  const flipped = new Float32Array(OUTPUTS);
  // The last board is the finished game from the loser's view (the side that would roll next).
  outcomeProbabilities(last, 0, outcome, 0);
  flipped.set(outcome);
  flipProbabilities(flipped);
  const sums = { contact: { n: 0, d: new Float64Array(OUTPUTS) }, race: { n: 0, d: new Float64Array(OUTPUTS) } };
  for (let t = 0; t < n - 1; t++) {
    const board = boards.subarray(t * BOARD_LENGTH, (t + 1) * BOARD_LENGTH);
    const cls = classify(board);
    if (cls !== CONTACT && cls !== RACE) continue;
    ev.evaluate(board, predicted, 0);
    const actual = (n - 1 - t) % 2 === 0 ? outcome : flipped;
    const s = cls === CONTACT ? sums.contact : sums.race;
    s.n++;
    for (let k = 0; k < OUTPUTS; k++) s.d[k] = (s.d[k] as number) + (predicted[k] as number) - (actual[k] as number);
  }
  return sums;
}

/** Per-game means of (prediction − outcome) for one position class, output by output. */
interface Tally {
  positions: number;
  readonly gameMeans: number[][];
}

/**
 * `calibrate --from FILE [--games 8000] [--seed 77]`: how far a checkpoint's (or weights
 * file's) 0-ply probabilities are from the outcomes of its own 0-ply self-play games, by
 * position class and output, with 95% intervals from the spread of per-game means (positions
 * of one game share its outcome, so they are not independent). A net trained to agree with
 * its own 1-ply can still be off against how its games end: bootstrapped errors are
 * self-consistent. Needs thousands of games: at 2,000 a gammon bias of 0.01 is within noise.
 */
export async function runCalibrate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { from: { type: 'string' }, games: { type: 'string' }, seed: { type: 'string' } },
  });
  const from = values.from ?? BACKGAMMON_WEIGHTS;
  const games = Number(values.games ?? 8000);
  const ev = createEvaluator(startingNets(from), buildBearoffDatabase());
  const random = seededRandom(Number(values.seed ?? 77));
  const scratch = selfPlayScratch();
  const tallies: Record<'contact' | 'race', Tally> = {
    contact: { positions: 0, gameMeans: [] },
    race: { positions: 0, gameMeans: [] },
  };
  let unfinished = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const n = playGame(ev, random, scratch);
    const sums = gameErrors(ev, scratch.boards, n);
    if (!sums) {
      unfinished++;
      continue;
    }
    for (const cls of ['contact', 'race'] as const) {
      const s = sums[cls];
      if (s.n === 0) continue;
      const tally = tallies[cls];
      tally.positions += s.n;
      tally.gameMeans.push(Array.from(s.d, (x) => x / s.n));
    }
  }
  console.log(
    `${from}: ${games} self-play games at 0-ply in ${((performance.now() - t0) / 1000).toFixed(0)} s` +
      (unfinished > 0 ? `, ${unfinished} cut off unfinished and left out` : ''),
  );
  console.log('0-ply prediction − outcome, averaged per game then over games (95% interval):');
  for (const [cls, tally] of Object.entries(tallies)) {
    const m = tally.gameMeans.length;
    if (m === 0) continue;
    const cells = NAMES.map((name, k) => {
      const { mean, ci95 } = meanCi(tally.gameMeans.map((row) => row[k] as number));
      return `${name} ${mean >= 0 ? '+' : ''}${mean.toFixed(4)} ± ${ci95.toFixed(4)}`;
    });
    console.log(`  ${cls} (${tally.positions} positions, ${m} games): ${cells.join(', ')}`);
  }
}
