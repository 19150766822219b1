import {
  type BearoffDatabase,
  createBearoffDatabase,
  createEvaluator,
  type Evaluator,
  equityOf,
  FILTER_WIDTH,
  INPUTS,
  OUTPUTS,
  randomNetwork,
  seededRandom,
} from '@zar/bot';
import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, swapHalves } from '@zar/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPLORE_CHOICES, playGame, selfPlayScratch } from '../training/selfplay.js';

let db: BearoffDatabase;
beforeAll(() => {
  db = createBearoffDatabase();
});

const evaluator = (): Evaluator => {
  const random = seededRandom(5);
  return createEvaluator(
    { contact: randomNetwork(INPUTS, 16, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) },
    db,
  );
};

/** The games' boards, one array of positions per game. */
function games(ev: Evaluator, seed: number, count: number, explore: number): Int8Array[][] {
  const random = seededRandom(seed);
  const scratch = selfPlayScratch();
  return Array.from({ length: count }, () => {
    const n = playGame(ev, random, scratch, explore);
    return Array.from({ length: n }, (_, t) => scratch.boards.slice(t * BOARD_LENGTH, (t + 1) * BOARD_LENGTH));
  });
}

/**
 * For each turn of a game, the rank of the play made among the roll's plays by 0-ply equity
 * (0: the best; only strictly better plays count) and how far it is below the best; null when
 * the turn had no choice. The roll is not recorded: every roll whose plays include the next
 * position is tried, and the most favourable reading kept (two rolls can reach one position).
 */
function ranksOf(ev: Evaluator, game: Int8Array[]): ({ rank: number; behind: number } | null)[] {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const next = new Int8Array(BOARD_LENGTH);
  const out: ({ rank: number; behind: number } | null)[] = [];
  for (let t = 0; t + 1 < game.length; t++) {
    next.set(game[t + 1] as Int8Array);
    swapHalves(next); // back to the mover's view, as the generator writes plays
    let best: { rank: number; behind: number } | null = null;
    let reached = false;
    let forced = false;
    for (let d1 = 1; d1 <= 6; d1++) {
      for (let d2 = d1; d2 <= 6; d2++) {
        const n = ev.evaluateChildren(game[t] as Int8Array, d1, d2, plays, probs);
        const values = Array.from({ length: n }, (_, k) => -equityOf(probs, k * OUTPUTS));
        for (let k = 0; k < n; k++) {
          let same = true;
          for (let i = 0; i < BOARD_LENGTH && same; i++) same = plays[k * BOARD_LENGTH + i] === next[i];
          if (!same) continue;
          reached = true;
          if (n === 1) forced = true;
          const v = values[k] as number;
          const r = { rank: values.filter((x) => x > v).length, behind: Math.max(...values) - v };
          best = best ? { rank: Math.min(best.rank, r.rank), behind: Math.min(best.behind, r.behind) } : r;
        }
      }
    }
    // A roll that could not be played leaves the board as it was.
    if (!reached) expect((game[t] as Int8Array).every((x, i) => x === next[i])).toBe(true);
    out.push(reached && !forced ? best : null);
  }
  return out;
}

describe('self-play with exploration', () => {
  it('explore 0 is greedy: every turn plays a best play', () => {
    const ev = evaluator();
    for (const game of games(ev, 3, 2, 0)) {
      for (const r of ranksOf(ev, game)) if (r) expect(r.behind).toBeLessThan(1e-6);
    }
  });

  it('explore 1: every turn plays one of the best few within the filter width, and not always the best', () => {
    const ev = evaluator();
    let turns = 0;
    let notBest = 0;
    for (const game of games(ev, 3, 2, 1)) {
      for (const r of ranksOf(ev, game)) {
        if (!r) continue;
        turns++;
        expect(r.rank).toBeLessThan(EXPLORE_CHOICES);
        expect(r.behind).toBeLessThanOrEqual(FILTER_WIDTH + 1e-6);
        if (r.behind > 1e-6) notBest++;
      }
    }
    expect(turns).toBeGreaterThan(20);
    expect(notBest).toBeGreaterThan(turns / 10);
  });

  it('a seed replays the same exploring games', () => {
    const ev = evaluator();
    expect(games(ev, 8, 3, 0.2)).toEqual(games(ev, 8, 3, 0.2));
  });
});
