import type { CubeView, DiceView } from '@zar/board-ui';
import {
  err,
  type GameId,
  ok,
  type Position,
  parsePositionId,
  parseZarPosition,
  type Result,
  rulesFor,
} from '@zar/engine';
import { parseMatchId } from '@zar/match';
import { type BoardModel, boardModel } from '../table/board-model.js';
import type { Decision } from './types.js';

/** What the analysis page draws for one decision: the board as the play page draws that game. */
export interface DecisionPicture {
  readonly game: GameId;
  /** Seen from the deciding player. */
  readonly model: BoardModel;
  readonly dice: DiceView | null;
  /** Null in the games without a cube. */
  readonly cube: CubeView | null;
  /**
   * The position as a player copies it into another program: gnubg's Position ID and Match ID
   * for backgammon, which every backgammon program reads, and Zar's text for the other games.
   */
  readonly text: string;
}

/** Analyses made before every game was analysed carry only gnubg's IDs: those are backgammon. */
function positionOf(d: Decision): Result<Position> {
  if (d.position !== undefined) return parseZarPosition(d.position);
  if (d.positionId !== undefined) return parsePositionId(d.positionId);
  return err('ERR_NO_POSITION', 'the decision carries no position');
}

/**
 * Whether the decision answers a double: the doubler is still the position's side on roll then
 * (gnubg's IDs say the same), so the board is turned to show it from the one who answers.
 */
const answersDouble = (d: Decision): boolean =>
  d.kind === 'cube' && (d.chosen === 'take' || d.chosen === 'drop' || d.chosen === 'beaver');

function diceOf(d: Decision): DiceView | null {
  if (d.kind !== 'move') return null;
  const [a, b] = d.dice;
  const values = a === b ? [a, a, a, a] : [a, b];
  return { values, used: values.map(() => false), side: 'own' };
}

function cubeOf(d: Decision, game: GameId): CubeView | null {
  if (!rulesFor(game).hasCube || d.matchId === undefined) return null;
  const info = parseMatchId(d.matchId);
  if (!info.ok) return null;
  const { cube, cubeOwner } = info.value;
  return { value: cube, owner: cubeOwner === null ? null : cubeOwner === d.player ? 'own' : 'opp' };
}

/**
 * The picture of a decision of any of the five games. An error (a position that does not
 * parse) means the server sent something it should not have: the page says so instead of
 * drawing a wrong board.
 */
export function decisionPicture(d: Decision): Result<DecisionPicture> {
  const pos = positionOf(d);
  if (!pos.ok) return pos;
  const game = pos.value.game;
  const rules = rulesFor(game);
  const model = boardModel(rules, answersDouble(d) ? rules.swapSides(pos.value) : pos.value);
  const text =
    d.positionId !== undefined && d.matchId !== undefined ? `${d.positionId}:${d.matchId}` : (d.position ?? '');
  return ok({ game, model, dice: diceOf(d), cube: cubeOf(d, game), text });
}
