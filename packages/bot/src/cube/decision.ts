import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, pipsOf, swapHalves } from '@zar/engine';
import { CONTACT, classify, type Evaluator, OVER } from '../backgammon-net/evaluator.js';
import { equityUnder, flipProbabilities, OUTPUTS } from '../probabilities.js';
import { ROLLS } from '../rolls.js';
import { type CubeContext, type CubeOwner, mayDouble } from './context.js';
import { CONTACT_CUBE_LIFE, cubefulValue, outcomeValue, raceCubeLife, toEquity } from './janowski.js';

/** A cube decision for the side on roll, in normalised equity (per cube; gnubg's EMG in a match). */
export interface CubeDecision {
  /** The side on roll may double now (see `mayDouble`). */
  readonly mayDouble: boolean;
  readonly noDouble: number;
  readonly doubleTake: number;
  readonly doubleDrop: number;
  /** Doubling is right: the opponent's best answer leaves at least what not doubling does. */
  readonly double: boolean;
  /** The opponent's right answer to a double is to take. */
  readonly take: boolean;
  /** Money play with beavers: the take is so strong that the taker should beaver. */
  readonly beaver: boolean;
  /** Cubeless probabilities of the side on roll, at the depth used. */
  readonly probs: Float64Array;
  readonly plies: number;
}

export interface CubeSearch {
  /**
   * The cube decision of the side on roll of `board` (its view) in context `ctx` (its view).
   * At 0-ply the cubeful values come from the evaluator through Janowski's model; at 1-ply
   * they are the average over the 21 rolls of the best play's cubeful value, which is exact
   * in last-roll positions.
   */
  decide(board: Int8Array, ctx: CubeContext, plies: number): CubeDecision;
}

/** Cube efficiency of a position (side on roll's view): gnubg's defaults by position class. */
export function cubeLife(board: Int8Array): number {
  const cls = classify(board);
  if (cls === OVER) return 0;
  return cls === CONTACT ? CONTACT_CUBE_LIFE : raceCubeLife(pipsOf(board, 0));
}

const withCube = (ctx: CubeContext, value: number, owner: CubeOwner, jacoby: boolean): CubeContext => ({
  ...ctx,
  value,
  owner,
  jacoby,
});

export function createCubeSearch(ev: Evaluator): CubeSearch {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const leaf = new Float32Array(OUTPUTS);
  const child = new Float64Array(OUTPUTS);
  const view = new Int8Array(BOARD_LENGTH);

  /** The mover's value of the position after play k (or after passing, k = -1) in each state. */
  const valueAfter = (k: number, states: readonly CubeContext[], out: Float64Array): void => {
    if (k < 0) {
      ev.evaluate(view, leaf, 0);
      for (let i = 0; i < OUTPUTS; i++) child[i] = leaf[i] as number;
    } else {
      for (let i = 0; i < OUTPUTS; i++) child[i] = probs[k * OUTPUTS + i] as number;
      view.set(plays.subarray(k * BOARD_LENGTH, (k + 1) * BOARD_LENGTH));
      swapHalves(view);
    }
    // The opponent is on roll in `view`; his cube life, my probabilities.
    const x = cubeLife(view);
    flipProbabilities(child);
    for (let s = 0; s < states.length; s++) out[s] = cubefulValue(child, states[s] as CubeContext, x);
  };

  const decide = (board: Int8Array, ctx: CubeContext, plies: number): CubeDecision => {
    const v = ctx.value;
    const cubelessEquity = equityUnder(ctx.scoring);
    const states = [ctx, withCube(ctx, 2 * v, 'them', false)];
    const values = new Float64Array(states.length);
    const cubeless = new Float64Array(OUTPUTS);
    if (plies <= 0 || classify(board) === OVER) {
      ev.evaluate(board, leaf, 0);
      for (let i = 0; i < OUTPUTS; i++) cubeless[i] = leaf[i] as number;
      const x = cubeLife(board);
      for (let s = 0; s < states.length; s++) values[s] = cubefulValue(cubeless, states[s] as CubeContext, x);
    } else {
      const best = new Float64Array(states.length);
      const here = new Float64Array(states.length);
      for (const [a, b, w] of ROLLS) {
        const n = ev.evaluateChildren(board, a, b, plays, probs);
        best.fill(Number.NEGATIVE_INFINITY);
        let bestCubeless = -1;
        let bestCubelessEquity = Number.NEGATIVE_INFINITY;
        if (n === 0) {
          view.set(board.subarray(0, BOARD_LENGTH));
          swapHalves(view);
        }
        for (let k = n === 0 ? -1 : 0; k < Math.max(n, 0); k++) {
          valueAfter(k, states, here);
          for (let s = 0; s < states.length; s++)
            if ((here[s] as number) > (best[s] as number)) best[s] = here[s] as number;
          // The cubeless probabilities follow the play a cubeless player would choose.
          const e = cubelessEquity(child);
          if (e > bestCubelessEquity) {
            bestCubelessEquity = e;
            bestCubeless = k;
          }
        }
        for (let s = 0; s < states.length; s++) values[s] = (values[s] as number) + (w * (best[s] as number)) / 36;
        addCubeless(bestCubeless, w, cubeless);
      }
    }
    const noDouble = values[0] as number;
    const doubleTake = values[1] as number;
    const doubleDrop = outcomeValue(ctx, v);
    const can = mayDouble(ctx);
    const take = doubleTake <= doubleDrop;
    const afterDouble = Math.min(doubleTake, doubleDrop);
    const eq = (value: number) => toEquity(ctx, value);
    return {
      mayDouble: can,
      noDouble: eq(noDouble),
      doubleTake: eq(doubleTake),
      doubleDrop: eq(doubleDrop),
      // A tie doubles, as gnubg does: cashing a sure single win ends the game at no cost.
      double: can && afterDouble >= noDouble - 1e-9,
      take,
      beaver: ctx.match === null && ctx.beaver && take && doubleTake < 0,
      probs: cubeless,
      plies: plies <= 0 ? 0 : 1,
    };
  };

  /** Adds the probabilities after the cubeless choice (from the mover's view) with weight w/36. */
  const addCubeless = (k: number, w: number, out: Float64Array): void => {
    if (k < 0) {
      ev.evaluate(view, leaf, 0);
      for (let i = 0; i < OUTPUTS; i++) child[i] = leaf[i] as number;
    } else for (let i = 0; i < OUTPUTS; i++) child[i] = probs[k * OUTPUTS + i] as number;
    flipProbabilities(child);
    for (let i = 0; i < OUTPUTS; i++) out[i] = (out[i] as number) + (w * (child[i] as number)) / 36;
  };

  return { decide };
}
