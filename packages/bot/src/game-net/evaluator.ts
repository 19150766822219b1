import type { Outcome, Play, Position, Rules } from '@zar/engine';
import { accumulateSparse, finishForward } from '../nn/forward.js';
import type { Network } from '../nn/network.js';
import { equityOf, flipProbabilities, OUTPUTS } from '../probabilities.js';
import { encodeGamePosition, GAME_INPUTS, MAX_ACTIVE } from './encode.js';

/** No dense inputs: every input of the game encoding is written sparsely. */
const NO_DENSE = new Float32Array(0);

/**
 * A game's evaluator: one net, 5 sigmoid outputs as backgammon's (win, win gammon, win
 * backgammon, lose gammon, lose backgammon), from the side on roll's view. Finished games get
 * their exact values from the engine's outcome.
 */
export interface GameEvaluator {
  readonly net: Network;
  /** Writes the five probabilities of `pos` (its side on roll's view) to `out` at `at`. */
  evaluate(rules: Rules, pos: Position, out: Float32Array, at: number): void;
  /**
   * The five probabilities for the side that made `play`, from the position it leaves: the
   * same side still on roll (a gul bara run goes on) is valued as it stands, otherwise the
   * opponent's view is turned round.
   */
  evaluatePlay(rules: Rules, play: Play, out: Float32Array, at: number): void;
}

/** The five probabilities of a finished game from the view of its final position's side on roll. */
export function gameOutcomeProbabilities(o: Outcome, out: Float32Array | Float64Array, at: number): void {
  out.fill(0, at, at + OUTPUTS);
  if (o.winner === null) {
    out[at] = 0.5;
    return;
  }
  const won = o.winner === 'onRoll';
  const gammon = o.points >= 2 ? 1 : 0;
  const backgammon = o.points >= 3 ? 1 : 0;
  if (won) {
    out[at] = 1;
    out[at + 1] = gammon;
    out[at + 2] = backgammon;
  } else {
    out[at + 3] = gammon;
    out[at + 4] = backgammon;
  }
}

export function createGameEvaluator(net: Network): GameEvaluator {
  if (net.inputs !== GAME_INPUTS || net.outputs !== OUTPUTS) {
    throw new Error(`a game net is ${GAME_INPUTS}-h-${OUTPUTS}, not ${net.inputs}-${net.hidden}-${net.outputs}`);
  }
  const idx = new Int32Array(MAX_ACTIVE);
  const val = new Float32Array(MAX_ACTIVE);
  const pre = new Float32Array(net.hidden);
  const hid = new Float32Array(net.hidden);

  const evaluate = (rules: Rules, pos: Position, out: Float32Array, at: number): void => {
    const o = rules.outcome(pos);
    if (o) {
      gameOutcomeProbabilities(o, out, at);
      return;
    }
    const n = encodeGamePosition(rules, pos, idx, val);
    accumulateSparse(net, idx, val, n, pre);
    finishForward(net, pre, GAME_INPUTS, NO_DENSE, hid, out, at);
  };

  return {
    net,
    evaluate,
    evaluatePlay(rules, play, out, at) {
      evaluate(rules, play.next, out, at);
      if (!sameSideGoesOn(rules, play.next)) flipProbabilities(out, at);
    },
  };
}

/** Whether the side that just played is still on roll in `next` (a gul bara run goes on). */
export function sameSideGoesOn(rules: Rules, next: Position): boolean {
  return next.run > 0 && rules.outcome(next) === null;
}

/** Cubeless equity of a play for the side that makes it (scratch `out` holds 5 floats). */
export function playEquity(ev: GameEvaluator, rules: Rules, play: Play, out: Float32Array): number {
  ev.evaluatePlay(rules, play, out, 0);
  return equityOf(out, 0);
}
