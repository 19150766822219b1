import { rulesFor, type Scoring } from '@zar/engine';

/**
 * The five outputs every Zar net gives and every search averages, from the view of one side:
 * P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon), cumulative as
 * gnubg's (a gammon counts as a win too). A game net reads "gammon" as its game's two-point win.
 */
export const OUTPUTS = 5;

/** Cubeless equity of the five probabilities at `at`, a backgammon counting 3 (standard scoring). */
export function equityOf(p: ArrayLike<number>, at = 0): number {
  const win = p[at] as number;
  return 2 * win - 1 + (p[at + 1] as number) + (p[at + 2] as number) - (p[at + 3] as number) - (p[at + 4] as number);
}

/** International scoring, a backgammon worth 3: gnubg's, and what the committed backgammon weights were trained for. */
export const STANDARD_SCORING: Scoring = rulesFor('backgammon').scoring;

/** A cubeless equity of the five probabilities at `at`, under one scoring. */
export type CubelessEquity = (p: ArrayLike<number>, at?: number) => number;

/**
 * The cubeless equity under `scoring`: with cumulative outputs, a single win worth s, a gammon
 * g and a backgammon b, s(2w − 1) + (g − s)(wg − lg) + (b − g)(wbg − lbg). Standard scoring
 * (1, 2, 3) is `equityOf` itself, so that its values stay what they were to the last bit;
 * portes, tavla and tabla (a backgammon counts 2) drop the backgammon term.
 */
export function equityUnder(scoring: Scoring): CubelessEquity {
  if (scoring.single === 1 && scoring.gammon === 2 && scoring.backgammon === 3) return equityOf;
  const single = scoring.single;
  const gammon = scoring.gammon - scoring.single;
  const backgammon = scoring.backgammon - scoring.gammon;
  return (p, at = 0) =>
    single * (2 * (p[at] as number) - 1) +
    gammon * ((p[at + 1] as number) - (p[at + 3] as number)) +
    backgammon * ((p[at + 2] as number) - (p[at + 4] as number));
}

/** Turns the five probabilities at `at` round to the other side's view, in place. */
export function flipProbabilities(p: Float32Array | Float64Array, at = 0): void {
  const win = p[at] as number;
  const wg = p[at + 1] as number;
  const wbg = p[at + 2] as number;
  p[at] = 1 - win;
  p[at + 1] = p[at + 3] as number;
  p[at + 2] = p[at + 4] as number;
  p[at + 3] = wg;
  p[at + 4] = wbg;
}
