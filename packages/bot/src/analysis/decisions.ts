import { type Dice, type GameId, makePositionId, makeZarPosition } from '@zar/engine';
import { type MatchState, matchIdOf, type Player, rulesOf } from '@zar/match';
import { type Mark, markIn } from './marks.js';

/*
 * What an analysis says of each decision and of each player. The types fit @zar/protocol's
 * MatchAnalysisSchema (the server checks at compile time).
 */

export interface AnalysisOptions {
  /** Depth of the play search (0, 1 or 2; the game nets go no deeper than 1); 1 unless given. */
  readonly plies?: number;
  /** Depth of cube decisions (0 or 1); 1 unless given. */
  readonly cubePlies?: number;
  /** How many of the best plays each move lists; 3 unless given. */
  readonly alternatives?: number;
  /** A cube decision counts when doubling is within this much of the best action, or was done. */
  readonly closeCube?: number;
  /** Called after each action of the record with how many are done out of how many. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface DecisionBase {
  /** Index of the action in the record. */
  readonly action: number;
  /** 1 for the first game. */
  readonly game: number;
  /** Which game it was made in (a tavla cycle mixes three). */
  readonly gameId: GameId;
  readonly player: Player;
  /** The position before the decision in Zar text, seen from the side on roll. */
  readonly position: string;
  /** gnubg's Position ID and Match ID: backgammon only. */
  readonly positionId?: string;
  readonly matchId?: string;
  /** Normalised equity lost against the best found (0 when the choice was best). */
  readonly loss: number;
  readonly mark: Mark;
}

export interface MoveAnalysis extends DecisionBase {
  readonly kind: 'move';
  readonly dice: Dice;
  readonly played: string;
  readonly best: string;
  /** The best plays found, best first, with their equities for the mover. */
  readonly alternatives: readonly { readonly play: string; readonly equity: number }[];
  readonly equityPlayed: number;
  readonly equityBest: number;
}

export type CubeAction = 'no-double' | 'double' | 'take' | 'drop' | 'beaver';

export interface CubeAnalysis extends DecisionBase {
  readonly kind: 'cube';
  readonly chosen: CubeAction;
  readonly best: CubeAction;
  /** The doubler's equities (no double, double/take, double/drop). */
  readonly equities: { readonly noDouble: number; readonly doubleTake: number; readonly doubleDrop: number };
}

export type DecisionAnalysis = MoveAnalysis | CubeAnalysis;

export interface PlayerReport {
  readonly name: string;
  /** Non-obvious decisions: moves with a choice, and close or taken cube decisions. */
  readonly decisions: number;
  readonly moves: number;
  readonly cubeDecisions: number;
  readonly equityLost: number;
  /** mEMG per decision. */
  readonly errorRate: number;
  /** 500 × equity lost per decision. */
  readonly pr: number;
  readonly marks: { readonly doubtful: number; readonly error: number; readonly blunder: number };
  /** The luck of his rolls (luck.ts), summed: normalised cubeful equity at 0-ply, positive when lucky. */
  readonly luck: number;
}

export interface MatchAnalysis {
  readonly length: number;
  readonly plies: number;
  readonly cubePlies: number;
  readonly players: readonly [PlayerReport, PlayerReport];
  /** Every non-obvious decision, in the order of the record. */
  readonly decisions: readonly DecisionAnalysis[];
}

/** What every decision says: where it was made, who made it, what it lost and its mark. */
export function decisionBase(state: MatchState, i: number, player: Player, loss: number): DecisionBase {
  const l = Math.max(0, loss);
  const pos = state.game.position;
  const gameId = rulesOf(state.game.settings).game;
  const where = { action: i, game: state.gameNumber, gameId, player, position: makeZarPosition(pos) };
  const ids = gameId === 'backgammon' ? { positionId: makePositionId(pos), matchId: matchIdOf(state) } : {};
  return { ...where, ...ids, loss: l, mark: markIn(l, gameId) };
}
