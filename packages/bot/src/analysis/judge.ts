import type { GameId, Rules } from '@zar/engine';
import type { GameAction, MatchState } from '@zar/match';
import type { Evaluator } from '../backgammon-net/evaluator.js';
import type { Network } from '../nn/network.js';
import { playerFor } from '../players.js';
import type { CubeAnalysis, MoveAnalysis } from './decisions.js';
import type { RollLuck } from './luck.js';

/*
 * A judge values the decisions and the rolls of one game's rules: backgammon's net with its
 * cube (backgammon-judge.ts), or a game's own net (game-net-judge.ts). A match asks the judge
 * of each game of its cycle in turn (a tavla cycle mixes portes, plakoto and fevga).
 */

export type PlayAction = Extract<GameAction, { type: 'play' }>;

/** How deep and how wide a judge looks, from AnalysisOptions with their defaults filled in. */
export interface JudgeDepth {
  readonly plies: number;
  readonly cubePlies: number;
  /** How many of the best plays a move lists. */
  readonly keep: number;
  readonly closeCube: number;
}

export interface Judge {
  /** The move of `action` (index `i`) in `state`, or null when it was no decision (a forced play). */
  move(state: MatchState, action: PlayAction, i: number, depth: JudgeDepth): MoveAnalysis | null;
  /** The cube decision `action` makes or passes by, or null when there was none worth judging. */
  cube(state: MatchState, action: GameAction, i: number, depth: JudgeDepth): CubeAnalysis | null;
  /** The luck `action` brings (luck.ts), or null when it throws no dice. */
  luck(state: MatchState, action: GameAction): RollLuck | null;
}

/** The nets an analysis may use: backgammon's for backgammon of any scoring, each other game's own. */
export interface Judges {
  readonly backgammon?: Evaluator;
  readonly nets?: Partial<Record<GameId, Network>>;
}

/**
 * The net `rules` are judged with: the backgammon net for its player's rules, else the game's
 * own (players.ts says which player values which rules).
 */
export function judgeNetOf(rules: Rules): 'backgammon' | GameId {
  const { player } = playerFor(rules);
  return player.values?.game === 'backgammon' ? 'backgammon' : rules.game;
}

/** Why `judges` cannot judge `rules`, or null when they can. */
export function missingJudge(judges: Judges, rules: Rules): string | null {
  const net = judgeNetOf(rules);
  const have = net === 'backgammon' ? judges.backgammon : judges.nets?.[net];
  return have === undefined ? `${rules.game} cannot be analysed here: the ${net} net is not loaded` : null;
}
