import type { Scoring } from '@zar/engine';
import {
  type MatchIdInfo,
  type MatchState,
  MET_MAX_AWAY,
  type MetScore,
  MONEY_CUBE_LIMIT,
  other,
  type Player,
  rulesOf,
  usefulCubeLimit,
} from '@zar/match';
import { STANDARD_SCORING } from '../probabilities.js';

/** Who may turn the cube next, from the point of view of the side the context belongs to. */
export type CubeOwner = 'centre' | 'me' | 'them';

/** The score of a match, seen from one side; always valid for @zar/match's MET. */
export interface MatchView {
  readonly awayMe: number;
  readonly awayThem: number;
  /** This is the Crawford game: nobody may double. */
  readonly crawford: boolean;
  /** A game after the Crawford game (a side is 1 away). */
  readonly postCrawford: boolean;
}

/**
 * Everything a cube decision needs besides the position, from one side's point of view
 * ("me": the side the probabilities belong to).
 */
export interface CubeContext {
  readonly value: number;
  readonly owner: CubeOwner;
  /** null: money play. */
  readonly match: MatchView | null;
  /** False when the game is played without a cube. */
  readonly enabled: boolean;
  /** Money play under the Jacoby rule while the cube has not been turned: gammons count single. */
  readonly jacoby: boolean;
  /** Money play: a take may be beavered. */
  readonly beaver: boolean;
  /** The highest cube allowed. */
  readonly limit: number;
  /**
   * What a single, a gammon and a backgammon win are worth before the cube: the game's rules
   * say (a backgammon counts 2 in portes, tavla and tabla), as gnubg's cube info carries its
   * gammon and backgammon prices.
   */
  readonly scoring: Scoring;
}

/** Money play, centred cube at 1, no Jacoby, no beavers, international scoring: the usual cube of an analysis. */
export const MONEY: CubeContext = {
  value: 1,
  owner: 'centre',
  match: null,
  enabled: true,
  jacoby: false,
  beaver: false,
  limit: MONEY_CUBE_LIMIT,
  scoring: STANDARD_SCORING,
};

export function flipContext(ctx: CubeContext): CubeContext {
  const owner: CubeOwner = ctx.owner === 'me' ? 'them' : ctx.owner === 'them' ? 'me' : 'centre';
  const m = ctx.match;
  return {
    ...ctx,
    owner,
    match: m && { awayMe: m.awayThem, awayThem: m.awayMe, crawford: m.crawford, postCrawford: m.postCrawford },
  };
}

/** The score for @zar/match's MET functions. */
export function metScoreOf(m: MatchView): MetScore {
  return { me: m.awayMe, them: m.awayThem, phase: { crawford: m.crawford, postCrawford: m.postCrawford } };
}

/**
 * A match score seen by one side, with the Crawford flags the MET needs: the Crawford game
 * only when a side is 1 away, post-Crawford only then too.
 */
export function matchView(awayMe: number, awayThem: number, crawfordGame: boolean): MatchView {
  if (awayMe > MET_MAX_AWAY || awayThem > MET_MAX_AWAY) {
    throw new RangeError(`the MET covers scores up to ${MET_MAX_AWAY} away, not ${awayMe}-${awayThem}`);
  }
  const oneAway = awayMe === 1 || awayThem === 1;
  const crawford = crawfordGame && (awayMe === 1) !== (awayThem === 1);
  return { awayMe, awayThem, crawford, postCrawford: oneAway && !crawford };
}

/**
 * Whether the side of `ctx` may usefully double now: the cube is in play, it is not the
 * Crawford game, the side has access to the cube, the limit allows it, and in a match the
 * side still needs more than the cube's worth (otherwise the cube is dead for it: any win
 * already takes the match).
 */
export function mayDouble(ctx: CubeContext): boolean {
  if (!ctx.enabled || ctx.owner === 'them' || 2 * ctx.value > ctx.limit) return false;
  const m = ctx.match;
  return m === null || (!m.crawford && ctx.value < m.awayMe);
}

/**
 * The score seen by `me`, or null for money play. Beyond the MET (more than 25 away) a match
 * is played as money: the cube's value there is close to its money value.
 */
function scoreView(length: number, score: readonly number[], me: Player, crawford: boolean): MatchView | null {
  const awayMe = length - (score[me] ?? 0);
  const awayThem = length - (score[other(me)] ?? 0);
  if (length === 0 || awayMe > MET_MAX_AWAY || awayThem > MET_MAX_AWAY) return null;
  return matchView(awayMe, awayThem, crawford);
}

/** The context of `me` in a match state (the game's cube, score, Crawford flag and scoring). */
export function contextOf(match: MatchState, me: Player): CubeContext {
  const g = match.game;
  const length = match.settings.length;
  const owner: CubeOwner = g.cube.owner === null ? 'centre' : g.cube.owner === me ? 'me' : 'them';
  const view = scoreView(length, match.score, me, g.settings.crawford);
  return {
    value: g.cube.value,
    owner,
    match: view,
    enabled: g.settings.cube.enabled,
    jacoby: g.settings.cube.jacoby && !g.cubeTurned,
    beaver: g.settings.cube.beaver,
    limit: g.settings.cube.limit,
    scoring: rulesOf(g.settings).scoring,
  };
}

/**
 * The context of player `me` from a gnubg Match ID's fields. A Match ID does not say whether
 * beavers are allowed (gnubg keeps that in its settings), so they are taken as not allowed;
 * Jacoby counts while the cube is centred at 1. A Match ID is international backgammon's, so
 * a backgammon counts 3.
 */
export function contextOfMatchId(info: MatchIdInfo, me: Player): CubeContext {
  const owner: CubeOwner = info.cubeOwner === null ? 'centre' : info.cubeOwner === me ? 'me' : 'them';
  const length = info.matchLength;
  return {
    value: info.cube,
    owner,
    match: scoreView(length, info.score, me, info.crawford),
    enabled: true,
    jacoby: length === 0 && info.jacoby && info.cube === 1 && info.cubeOwner === null,
    beaver: false,
    limit: length === 0 ? MONEY_CUBE_LIMIT : usefulCubeLimit(length, info.score),
    scoring: STANDARD_SCORING,
  };
}
