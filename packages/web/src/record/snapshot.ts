import type { CubeView, DiceView } from '@zar/board-ui';
import type { GameId } from '@zar/engine';
import type { RecordGame } from '@zar/protocol';
import { type BoardModel, boardModelOfText, type LastMoveModel, lastMoveModel } from '../table/board-model.js';
import { cubeOf } from '../table/cube-view.js';
import { rulesOfView } from '../table/rules-of.js';
import type { Line } from './turns.js';

/** A past moment of a game as the board draws it, read-only. */
export interface Snapshot {
  /** The game drawn, for the looks that depend on it (a backgammon board's home side). */
  readonly game: GameId;
  readonly model: BoardModel;
  readonly dice: DiceView | null;
  readonly cube: CubeView | null;
  readonly lastMove: LastMoveModel | null;
}

const sideOf = (seat: 0 | 1, viewer: 0 | 1) => (seat === viewer ? 'own' : 'opp');

/** Dice as rolled, high die first, four of them for doubles; none drawn as used, so they read clearly. */
function diceView(dice: readonly [number, number], side: 'own' | 'opp'): DiceView {
  const [a, b] = dice;
  const values = a === b ? [a, a, a, a] : [Math.max(a, b), Math.min(a, b)];
  return { values, used: values.map(() => false), side };
}

/** The dice a line showed: a turn's last block, or the opening roll beside its winner. */
function diceOfLine(line: Line | null, viewer: 0 | 1): DiceView | null {
  if (line?.kind === 'turn') {
    const block = line.blocks.at(-1);
    return block ? diceView(block.dice, sideOf(line.player, viewer)) : null;
  }
  if (line?.kind === 'opening') return diceView(line.dice, sideOf(line.starter ?? viewer, viewer));
  return null;
}

/**
 * The board after `line` of `game` (before its first action when `line` is null), seen by
 * `viewer`: the position, the dice and the cube of that moment, and the turn's play drawn as
 * the last move. Null when the server sent a position this page cannot read.
 */
export function snapshotOf(game: RecordGame, line: Line | null, viewer: 0 | 1): Snapshot | null {
  const state = line === null ? game.start : game.entries[line.last]?.game;
  if (!state) return null;
  const rules = rulesOfView(state);
  if (!rules) return null;
  const model = boardModelOfText(rules, state.position, state.turn, viewer);
  if (!model) return null;
  let lastMove: LastMoveModel | null = null;
  if (line?.kind === 'turn') {
    const play = line.blocks
      .map((b) => b.play ?? '')
      .filter((p) => p !== '')
      .join(' ');
    const block = line.blocks.at(-1);
    lastMove = lastMoveModel(rules, { player: line.player, dice: block?.dice ?? null, play }, viewer);
  }
  return { game: state.game, model, dice: diceOfLine(line, viewer), cube: cubeOf(state, viewer, false), lastMove };
}
