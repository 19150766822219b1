import { BOARD_LENGTH, FAST_MAX_PLAYS, fastPlaysBuffer, type Position, swapHalves } from '@zar/engine';
import { type GameAction, type MatchState, other, type Player, rollIndex, rulesOf } from '@zar/match';
import type { Evaluator } from '../backgammon-net/evaluator.js';
import { type CubeContext, contextOf } from '../cube/context.js';
import { cubeLife } from '../cube/decision.js';
import { cubefulValue, toEquity } from '../cube/janowski.js';
import { flipProbabilities, OUTPUTS } from '../probabilities.js';
import { ROLLS } from '../rolls.js';

/*
 * The luck of the dice (docs/luck.md), as gnubg reckons it at 0-ply: the luck of a
 * roll is the equity of the player on roll after his best play with the roll he got, minus the
 * average over the 36 rolls of the equity after the best play with each. Equities are the
 * analysis' own: cubeful and normalised (EMG: per cube in money play, gnubg's mwc2eq in a
 * match), for the player on roll, in the cube and score before the roll. A play is best by that
 * cubeful equity, as the analysis chooses its best.
 */

export interface LuckMeter {
  /**
   * The equity of the side on roll of `board` (its view) in `ctx` after its best 0-ply play with
   * each of the 21 rolls, in ROLLS' order (a roll that cannot be played passes the turn).
   */
  rollEquities(board: Int8Array, ctx: CubeContext): Float64Array;
  /** The luck of `d1`-`d2` for the side on roll of `board` in `ctx`. */
  rollLuck(board: Int8Array, ctx: CubeContext, d1: number, d2: number): number;
}

/** One roll's luck in a match, for the player it fell to. */
export interface RollLuck {
  readonly player: Player;
  readonly luck: number;
}

/**
 * The weighted mean of 21 roll equities (weights out of 36). ROLLS are in the order of
 * @zar/match's DICE_ROLLS, so its rollIndex finds a roll among them.
 */
export function meanOverRolls(equities: ArrayLike<number>): number {
  let sum = 0;
  ROLLS.forEach(([, , w], i) => {
    sum += w * (equities[i] as number);
  });
  return sum / 36;
}

/** A meter over `ev`: its scratch buffers are its own, so one meter serves one caller at a time. */
export function createLuckMeter(ev: Evaluator): LuckMeter {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array(FAST_MAX_PLAYS * OUTPUTS);
  const leaf = new Float32Array(OUTPUTS);
  const mine = new Float64Array(OUTPUTS);
  const view = new Int8Array(BOARD_LENGTH);

  /** The mover's cubeful value of `view` (the opponent on roll there), his probabilities in `mine`. */
  const valueOfView = (ctx: CubeContext): number => {
    flipProbabilities(mine);
    return cubefulValue(mine, ctx, cubeLife(view));
  };

  /** The mover's cubeful value after his best play of `d1`-`d2`, or after passing when he has none. */
  const bestValue = (board: Int8Array, ctx: CubeContext, d1: number, d2: number): number => {
    const n = ev.evaluateChildren(board, d1, d2, plays, probs);
    if (n === 0) {
      view.set(board.subarray(0, BOARD_LENGTH));
      swapHalves(view);
      ev.evaluate(view, leaf, 0);
      mine.set(leaf);
      return valueOfView(ctx);
    }
    let best = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      mine.set(probs.subarray(k * OUTPUTS, (k + 1) * OUTPUTS));
      view.set(plays.subarray(k * BOARD_LENGTH, (k + 1) * BOARD_LENGTH));
      swapHalves(view);
      const v = valueOfView(ctx);
      if (v > best) best = v;
    }
    return best;
  };

  const rollEquities = (board: Int8Array, ctx: CubeContext): Float64Array => {
    const out = new Float64Array(ROLLS.length);
    ROLLS.forEach(([a, b], i) => {
      out[i] = toEquity(ctx, bestValue(board, ctx, a, b));
    });
    return out;
  };

  const rollLuck = (board: Int8Array, ctx: CubeContext, d1: number, d2: number): number => {
    const equities = rollEquities(board, ctx);
    return (equities[rollIndex(d1, d2)] as number) - meanOverRolls(equities);
  };

  return { rollEquities, rollLuck };
}

/**
 * The equity of the side on roll of `pos` in `ctx` after its best 0-ply play with each of the
 * 21 rolls, in ROLLS' order: what a game's luck is measured with (a LuckMeter's for
 * backgammon, game-luck.ts's for the game nets).
 */
export type RollEquities = (pos: Position, ctx: CubeContext) => Float64Array;

/**
 * The luck an action of a record brings, for the player it falls to, or null for an action
 * that throws no dice (or an opening tie, which is thrown again and is nobody's luck; an
 * automatic double it brings counts for both alike). `state` is the match before the action.
 * A value the equity scale cannot give (outside the MET) counts as no luck rather than NaN.
 */
export function luckOfAction(state: MatchState, action: GameAction, meter: LuckMeter): RollLuck | null {
  return luckOfRoll(state, action, (pos, ctx) => meter.rollEquities(pos.board, ctx));
}

/**
 * luckOfAction for any game, its roll equities from `equitiesOf`. A gul bara run's blocks are
 * not thrown (their dice follow from the roll), so their luck is the roll's, which the equity
 * after its first block carries.
 */
export function luckOfRoll(state: MatchState, action: GameAction, equitiesOf: RollEquities): RollLuck | null {
  const g = state.game;
  let found: RollLuck | null = null;
  if (action.type === 'roll' && g.phase === 'roll') {
    const equities = equitiesOf(g.position, contextOf(state, g.turn));
    const luck = (equities[rollIndex(action.dice[0], action.dice[1])] as number) - meanOverRolls(equities);
    found = { player: g.turn, luck };
  } else if (action.type === 'opening' && g.phase === 'opening' && action.dice[0] !== action.dice[1]) {
    found = openingLuck(state, action.dice, equitiesOf);
  }
  return found !== null && Number.isFinite(found.luck) ? found : null;
}

/**
 * The opening roll is the luck of the player who wins it, as in gnubg: the opening decides who
 * moves first as well as with which roll. Where the winner plays the opening dice, his equity
 * after his best play with them is set against the average over the 30 ways the two dice can
 * differ (15 where he moves with that roll, 15 where his opponent does); where the winner rolls
 * again, his equity on roll against the average of his and his opponent's being on roll (the
 * roll he then throws is a roll like any other).
 */
function openingLuck(state: MatchState, dice: readonly [number, number], equitiesOf: RollEquities): RollLuck {
  const g = state.game;
  const winner: Player = dice[0] > dice[1] ? 0 : 1;
  const rules = rulesOf(g.settings);
  // The start is the same from either side: the winner plays from the position as it stands.
  const his = equitiesOf(g.position, contextOf(state, winner));
  const theirs = equitiesOf(rules.swapSides(g.position), contextOf(state, other(winner)));
  if (rules.openingRoll === 'winner-rolls-again') {
    return { player: winner, luck: (meanOverRolls(his) + meanOverRolls(theirs)) / 2 };
  }
  let sum = 0;
  ROLLS.forEach(([a, b], i) => {
    if (a !== b) sum += (his[i] as number) - (theirs[i] as number);
  });
  return { player: winner, luck: (his[rollIndex(dice[0], dice[1])] as number) - sum / 30 };
}
