import {
  createGamePlayChooser,
  encodeGamePosition,
  flipProbabilities,
  GAME_INPUTS,
  type GameEvaluator,
  MAX_ACTIVE,
  OUTPUTS,
  type Random,
  sameSideGoesOn,
} from '@zar/bot';
import type { Position, Rules } from '@zar/engine';
import { type TrainScratch, trainScratch, trainStep } from './backprop.js';

/** Longer games are cut off and bootstrapped from their last value (a guard against a stuck net). */
export const MAX_GAME_PLIES = 3000;

/** One self-play game: every position from its side on roll's view, in order. */
export interface GameRecord {
  readonly positions: Position[];
  /**
   * `sameSide[t]` says that position t + 1 has the same side on roll as position t (a gul bara
   * run goes on), so its values must not be turned round.
   */
  readonly sameSide: boolean[];
}

const rollDie = (random: Random): number => 1 + Math.floor(random() * 6);

/**
 * One game of greedy 0-ply self-play from the game's start, dice from `random`. A gul bara
 * run's blocks have their dice fixed; a roll (or block) that cannot be played passes. The
 * first roll may be a double, as when the opening winner rolls both dice again.
 */
export function playSelfPlayGame(rules: Rules, ev: GameEvaluator, random: Random): GameRecord {
  const chooser = createGamePlayChooser(ev, { plies: 0, candidates: 1, window: 0, noise: 0 }, random);
  let pos = rules.start();
  const positions: Position[] = [pos];
  const sameSide: boolean[] = [];
  for (let ply = 0; ply < MAX_GAME_PLIES && rules.outcome(pos) === null; ply++) {
    const dice: [number, number] = pos.run > 0 ? [pos.run, pos.run] : [rollDie(random), rollDie(random)];
    const play = chooser.choose(rules, rules.legalPlays(pos, dice));
    const next = play ? play.next : rules.pass(pos, dice);
    sameSide.push(play !== null && sameSideGoesOn(rules, next));
    positions.push(next);
    pos = next;
  }
  return { positions, sameSide };
}

/**
 * The λ-returns of a game of `count` positions: `values[t]` (t ≥ 1) is position t's value from
 * its own side on roll's view, the last one final (or cut off) and so the whole return there.
 * Writes `returns[t]` for every t < count, each from position t's view: the next position's
 * value and return are mixed, then turned round unless the same side is still on roll.
 */
export function gameLambdaReturns(
  values: Float32Array,
  sameSide: readonly boolean[],
  count: number,
  lambda: number,
  returns: Float32Array,
): void {
  returns.set(values.subarray((count - 1) * OUTPUTS, count * OUTPUTS), (count - 1) * OUTPUTS);
  for (let t = count - 2; t >= 0; t--) {
    const next = (t + 1) * OUTPUTS;
    const here = t * OUTPUTS;
    const mix = t === count - 2 ? 0 : lambda;
    for (let k = 0; k < OUTPUTS; k++)
      returns[here + k] = (1 - mix) * (values[next + k] as number) + mix * (returns[next + k] as number);
    if (!sameSide[t]) flipProbabilities(returns, here);
  }
}

/** Trains a game's net on finished self-play games, offline TD(λ). */
export interface GameTdTrainer {
  /** One SGD step per unfinished position toward its λ-return; returns summed squared error and steps. */
  trainGame(rules: Rules, game: GameRecord, alpha: number, lambda: number): { loss: number; steps: number };
}

export function createGameTdTrainer(ev: GameEvaluator): GameTdTrainer {
  const scratch: TrainScratch = trainScratch(ev.net);
  const idx = new Int32Array(MAX_ACTIVE);
  const val = new Float32Array(MAX_ACTIVE);
  const dense = new Float32Array(0);
  let values = new Float32Array(512 * OUTPUTS);
  let returns = new Float32Array(512 * OUTPUTS);
  return {
    trainGame(rules, game, alpha, lambda) {
      const count = game.positions.length;
      if (values.length < count * OUTPUTS) {
        values = new Float32Array(count * 2 * OUTPUTS);
        returns = new Float32Array(count * 2 * OUTPUTS);
      }
      for (let t = 1; t < count; t++) ev.evaluate(rules, game.positions[t] as Position, values, t * OUTPUTS);
      gameLambdaReturns(values, game.sameSide, count, lambda, returns);
      let loss = 0;
      let steps = 0;
      for (let t = 0; t < count - 1; t++) {
        const pos = game.positions[t] as Position;
        if (rules.outcome(pos)) continue;
        const n = encodeGamePosition(rules, pos, idx, val);
        loss += trainStep(ev.net, idx, val, n, GAME_INPUTS, dense, returns.subarray(t * OUTPUTS), alpha, scratch);
        steps++;
      }
      return { loss, steps };
    },
  };
}
