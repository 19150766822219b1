/**
 * Cube arithmetic on top of the match equity table: take points, the doubling window and whether
 * a cube is dead, for the bot and for hints. Every probability here is a chance of winning the
 * game (cubeless), every equity a chance of winning the match (from met.ts).
 *
 * Live cube (Janowski): a cube is worth something to its owner because he can redouble and cash
 * before the game is over. Rick Janowski's model ("Take-Points in Money Games", 1993;
 * bkgm.com/articles/Janowski/cubeformulae.pdf) interpolates linearly between a dead cube (x = 0)
 * and a fully live one (x = 1, the owner redoubles exactly at his opponent's take point), giving
 * the money take point TP = (L − 1/2) / (W + L + x/2) with W, L the average cubeless value of a
 * win and a loss: 25% dead, 20% fully live without gammons. For matches we apply the same
 * interpolation in match equity, as gnubg does (eval.c, Cl2CfMatchOwned): after the take,
 *   dead:  E(p) = L + p·(W − L)
 *   live:  E(p) = L + p·(Cash − L)/c  up to the cash point c, then on towards W at p = 1,
 * where Cash is the match equity after the opponent drops a redouble, and c = 1 − his fully live
 * take point one cube level up (recursively, until the cube is dead for the owner). The take
 * point is where x·live + (1 − x)·dead meets the equity of dropping.
 */
import { err, ok, type Result } from '@zar/engine';
import {
  type CrawfordFlags,
  checkCubeValue,
  equityAfterGame,
  type MetErrorCode,
  type MetScore,
  metScore,
} from './met.js';

export type CubeErrorCode = MetErrorCode | 'ERR_MET_CUBE' | 'ERR_MET_CRAWFORD' | 'ERR_MET_PARAMETER';

/** Share of each side's wins that are gammons, 0..1 (backgammons counted as gammons). */
export interface GammonRates {
  readonly taker: number;
  readonly doubler: number;
}

/** A double about to be offered or answered. */
export interface CubeSpot {
  /** Points the player being doubled still needs. */
  readonly awayTaker: number;
  /** Points the doubler still needs. */
  readonly awayDoubler: number;
  /** Cube value before the double (1 for an initial double). */
  readonly cube: number;
  readonly phase?: CrawfordFlags;
  /** Omitted: no gammons. */
  readonly gammons?: GammonRates;
}

const NO_GAMMONS: GammonRates = { taker: 0, doubler: 0 };

/**
 * The cube is dead for a side that needs `away` points and owns (or would own) a cube of `cube`:
 * any win already takes the match, so redoubling can only help the opponent (§7.6; the
 * post-Crawford leader's cube is the usual case). In money play a cube is never dead.
 */
export function cubeIsDead(away: number, cube: number): boolean {
  return cube >= away;
}

interface Spot {
  /** The score seen by the taker. */
  readonly taker: MetScore;
  readonly cube: number;
  readonly gammons: GammonRates;
}

const isRate = (r: number): boolean => Number.isFinite(r) && r >= 0 && r <= 1;

function checkSpot(spot: CubeSpot): Result<Spot, CubeErrorCode> {
  const taker = metScore(spot.awayTaker, spot.awayDoubler, spot.phase);
  if (!taker.ok) return taker;
  if (spot.phase?.crawford) return err('ERR_MET_CRAWFORD', 'nobody may double in the Crawford game');
  const cube = checkCubeValue(spot.cube);
  if (!cube.ok) return cube;
  const gammons = spot.gammons ?? NO_GAMMONS;
  if (!isRate(gammons.taker) || !isRate(gammons.doubler)) {
    return err('ERR_MET_PARAMETER', `gammon rates must lie in 0..1, got ${gammons.taker} and ${gammons.doubler}`);
  }
  return ok({ taker: taker.value, cube: cube.value, gammons });
}

const swap = (s: MetScore): MetScore => ({ me: s.them, them: s.me, phase: s.phase });
const swapRates = (g: GammonRates): GammonRates => ({ taker: g.doubler, doubler: g.taker });

/** Match equities, for the side whose score `s` is, when the game is played for `stake`. */
function outcomes(s: MetScore, stake: number, myGammons: number, theirGammons: number) {
  return {
    win: (1 - myGammons) * equityAfterGame(s, stake) + myGammons * equityAfterGame(s, 2 * stake),
    lose: (1 - theirGammons) * equityAfterGame(s, -stake) + theirGammons * equityAfterGame(s, -2 * stake),
  };
}

function deadPoint(s: Spot): number {
  const drop = equityAfterGame(s.taker, -s.cube);
  const { win, lose } = outcomes(s.taker, 2 * s.cube, s.gammons.taker, s.gammons.doubler);
  return (drop - lose) / (win - lose);
}

/**
 * The taker's dead-cube take point: the game-winning chance at which taking and dropping are
 * worth the same, risk / (risk + gain) with risk = drop − lose and gain = win − drop.
 */
export function deadTakePoint(spot: CubeSpot): Result<number, CubeErrorCode> {
  const s = checkSpot(spot);
  return s.ok ? ok(deadPoint(s.value)) : s;
}

/**
 * The dead-cube doubling window, in the doubler's game-winning chances: from the point where
 * doubling (and being taken) starts to gain over not doubling, to the taker's drop point. Empty
 * when `from >= to`; `from` is 1 when doubling changes nothing.
 */
export function doublingWindow(spot: CubeSpot): Result<{ from: number; to: number }, CubeErrorCode> {
  const s = checkSpot(spot);
  if (!s.ok) return s;
  const doubler = swap(s.value.taker);
  const g = s.value.gammons;
  const now = outcomes(doubler, s.value.cube, g.doubler, g.taker);
  const doubled = outcomes(doubler, 2 * s.value.cube, g.doubler, g.taker);
  const risk = now.lose - doubled.lose;
  const gain = doubled.win - now.win;
  return ok({ from: risk + gain > 0 ? risk / (risk + gain) : 1, to: 1 - deadPoint(s.value) });
}

/** Take point with cube efficiency x; the live part assumes the opponent's cube is fully live too. */
function livePoint(s: Spot, x: number): number {
  const { taker, cube, gammons } = s;
  const owned = 2 * cube;
  if (cubeIsDead(taker.me, owned)) return deadPoint(s);
  const drop = equityAfterGame(taker, -cube);
  const { win, lose } = outcomes(taker, owned, gammons.taker, gammons.doubler);
  const cash = equityAfterGame(taker, owned);
  const c = 1 - livePoint({ taker: swap(taker), cube: owned, gammons: swapRates(gammons) }, 1);
  // x·live + (1 − x)·dead is linear below c; above c the live part runs from cash to win.
  const slope = (x * (cash - lose)) / c + (1 - x) * (win - lose);
  if (lose + c * slope >= drop) return (drop - lose) / slope;
  const atC = x * cash + (1 - x) * (lose + c * (win - lose));
  const slopeAbove = (x * (win - cash)) / (1 - c) + (1 - x) * (win - lose);
  return c + (drop - atC) / slopeAbove;
}

/**
 * Janowski-style take point with cube efficiency `x` (0 = dead cube, 1 = fully live; about 0.6
 * to 0.7 in typical middle games). Equals `deadTakePoint` at x = 0 or whenever the taker's new
 * cube would be dead.
 */
export function liveTakePoint(spot: CubeSpot, x: number): Result<number, CubeErrorCode> {
  if (!isRate(x)) return err('ERR_MET_PARAMETER', `cube efficiency must lie in 0..1, got ${x}`);
  const s = checkSpot(spot);
  return s.ok ? ok(livePoint(s.value, x)) : s;
}

/** Average cubeless value of a win and of a loss for the taker: 1 + gammon share (+ backgammon share). */
export interface MoneyValues {
  readonly win: number;
  readonly loss: number;
}

/**
 * Money-play take point, Janowski's formula TP = (L − 1/2) / (W + L + x/2):
 * 25% with a dead cube, 20% with a fully live one, when there are no gammons.
 */
export function moneyTakePoint(
  x: number,
  values: MoneyValues = { win: 1, loss: 1 },
): Result<number, 'ERR_MET_PARAMETER'> {
  if (!isRate(x)) return err('ERR_MET_PARAMETER', `cube efficiency must lie in 0..1, got ${x}`);
  const { win, loss } = values;
  if (!(win >= 1 && win <= 3) || !(loss >= 1 && loss <= 3)) {
    return err('ERR_MET_PARAMETER', `average win and loss values must lie in 1..3, got ${win} and ${loss}`);
  }
  return ok((loss - 0.5) / (win + loss + 0.5 * x));
}
