/**
 * Glicko-2, as Mark Glickman's "Example of the Glicko-2 system" (Boston University, 2022)
 * writes it, step by step: a rating, its deviation (RD, how unsure the rating is) and its
 * volatility (how erratic the player's results are). Ratings change once per rating period,
 * from every game of the period at once; a period without a game only widens the deviation.
 *
 * Puzzles use it as lichess does (docs/puzzles.md): each attempt is one game between the player
 * and the puzzle, in a period of its own, and both sides are rated from it (`rateGame`).
 *
 * Pure: every function returns new values. On the Glicko-2 scale a rating r is
 * μ = (r − 1500) / 173.7178 and a deviation RD is φ = RD / 173.7178.
 */
import { err, ok, type Result } from '@zar/engine';

export interface Glicko2Rating {
  readonly rating: number;
  /** The rating deviation (RD): about 95% of the time the true rating is within 2 RD. */
  readonly deviation: number;
  /** σ: the degree of expected fluctuation of the rating. */
  readonly volatility: number;
}

export interface Glicko2Settings {
  /** τ: how much the volatility may change in a period (Glickman: 0.3 to 1.2). */
  readonly tau: number;
  /** The rating, deviation and volatility of someone (or a puzzle) never rated. */
  readonly initial: Glicko2Rating;
  /** The deviation never grows past this (the deviation of the unrated). */
  readonly maxDeviation: number;
}

/** The values docs/puzzles.md gives and explains (lichess's τ, Glickman's starting values). */
export const GLICKO2: Glicko2Settings = {
  tau: 0.75,
  initial: { rating: 1500, deviation: 350, volatility: 0.06 },
  maxDeviation: 350,
};

/** One game of a rating period: the opponent's rating before the period, and the score (1 win, ½ draw, 0 loss). */
export interface Glicko2Game {
  readonly opponent: Glicko2Rating;
  readonly score: number;
}

export type Glicko2ErrorCode = 'ERR_GLICKO2_RATING' | 'ERR_GLICKO2_SCORE';

/** The factor between the Glicko and Glicko-2 scales. */
const SCALE = 173.7178;
const CENTRE = 1500;
/** Convergence tolerance of the volatility iteration (Glickman's ε). */
const EPSILON = 0.000001;
/** The iteration converges in a handful of steps; this only guards against a broken input. */
const MAX_ITERATIONS = 200;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expectation = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** Checks a rating read from outside (a store, a request). */
export function checkGlicko2(
  r: Glicko2Rating,
  settings: Glicko2Settings = GLICKO2,
): Result<Glicko2Rating, Glicko2ErrorCode> {
  if (!Number.isFinite(r.rating)) return err('ERR_GLICKO2_RATING', `a rating is a finite number, not ${r.rating}`);
  if (!(r.deviation > 0 && r.deviation <= settings.maxDeviation)) {
    return err('ERR_GLICKO2_RATING', `a deviation is above 0 and at most ${settings.maxDeviation}, not ${r.deviation}`);
  }
  if (!(r.volatility > 0 && r.volatility < 1)) {
    return err('ERR_GLICKO2_RATING', `a volatility is between 0 and 1, not ${r.volatility}`);
  }
  return ok(r);
}

/**
 * The chance that `a` beats `b`, symmetric (it and the chance that `b` beats `a` add up to 1):
 * both deviations widen the curve, as in Glickman's Glicko paper. For showing odds; the update
 * itself uses the opponent's deviation only, as the algorithm says.
 */
export function expectedScore(a: Glicko2Rating, b: Glicko2Rating): number {
  const phi = Math.hypot(a.deviation, b.deviation) / SCALE;
  return 1 / (1 + Math.exp((-g(phi) * (a.rating - b.rating)) / SCALE));
}

/** The deviation after `periods` rating periods without a game (step 6 alone), capped. */
export function idleGlicko2(r: Glicko2Rating, periods = 1, settings: Glicko2Settings = GLICKO2): Glicko2Rating {
  const phi = r.deviation / SCALE;
  const grown = Math.sqrt(phi * phi + periods * r.volatility * r.volatility) * SCALE;
  return { ...r, deviation: Math.min(grown, settings.maxDeviation) };
}

/**
 * The rating after one rating period with these games (Glickman's steps 2 to 8); with no game,
 * only the deviation grows (idleGlicko2).
 */
export function rateGlicko2(
  r: Glicko2Rating,
  games: readonly Glicko2Game[],
  settings: Glicko2Settings = GLICKO2,
): Glicko2Rating {
  if (games.length === 0) return idleGlicko2(r, 1, settings);
  // Step 2: onto the Glicko-2 scale.
  const mu = (r.rating - CENTRE) / SCALE;
  const phi = r.deviation / SCALE;
  // Steps 3 and 4: the estimated variance v of the rating from the games alone, and the
  // estimated improvement Δ = v · Σ g(φj)(sj − E).
  let inverseV = 0;
  let sum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - CENTRE) / SCALE;
    const phiJ = opponent.deviation / SCALE;
    const gJ = g(phiJ);
    const e = expectation(mu, muJ, phiJ);
    inverseV += gJ * gJ * e * (1 - e);
    sum += gJ * (score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // Step 5: the new volatility; steps 6 and 7: the deviation widened by it, then narrowed by the games.
  const sigma = newVolatility(phi, r.volatility, v, delta, settings.tau);
  const phiStar = Math.min(Math.sqrt(phi * phi + sigma * sigma), settings.maxDeviation / SCALE);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  // Step 8: back to the Glicko scale.
  return { rating: muNew * SCALE + CENTRE, deviation: phiNew * SCALE, volatility: sigma };
}

/**
 * Step 5: σ' = exp(A/2) where A is the root of f below, found by the Illinois algorithm
 * (regula falsi that halves the stale end's value so that it never stalls).
 */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const phi2 = phi * phi;
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi2 + v + ex;
    return (ex * (delta * delta - phi2 - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi2 + v) B = Math.log(delta * delta - phi2 - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0 && k < MAX_ITERATIONS) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; Math.abs(B - A) > EPSILON && i < MAX_ITERATIONS; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * One game between `a` and `b` as a rating period of its own for each: both are rated from
 * their values before the game. `scoreOfA` is 1 when `a` won, 0 when `b` won, ½ for a draw.
 */
export function rateGame(
  a: Glicko2Rating,
  b: Glicko2Rating,
  scoreOfA: number,
  settings: Glicko2Settings = GLICKO2,
): Result<{ readonly a: Glicko2Rating; readonly b: Glicko2Rating }, Glicko2ErrorCode> {
  if (!(scoreOfA >= 0 && scoreOfA <= 1)) return err('ERR_GLICKO2_SCORE', `a score is 0 to 1, not ${scoreOfA}`);
  const checkedA = checkGlicko2(a, settings);
  if (!checkedA.ok) return checkedA;
  const checkedB = checkGlicko2(b, settings);
  if (!checkedB.ok) return checkedB;
  return ok({
    a: rateGlicko2(a, [{ opponent: b, score: scoreOfA }], settings),
    b: rateGlicko2(b, [{ opponent: a, score: 1 - scoreOfA }], settings),
  });
}
