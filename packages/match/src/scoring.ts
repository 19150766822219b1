import { borneOff, type Outcome, type Rules } from '@zar/engine';
import { type GameResult, type GameState, other, type Player, type ResultKind } from './types.js';

/** Jacoby: gammons and backgammons count single while the cube was never turned. */
function jacobyCaps(state: GameState): boolean {
  return state.settings.cube.jacoby && !state.cubeTurned;
}

/** Points for a game that ended by play, from the engine's outcome of the final position. */
export function resultOfOutcome(state: GameState, outcome: Outcome): GameResult {
  if (outcome.winner === null) return { winner: null, kind: 'draw', points: 0 };
  // The final position is seen from `state.turn`, the side now on roll.
  const winner: Player = outcome.winner === 'onRoll' ? state.turn : other(state.turn);
  const multiple = jacobyCaps(state) ? Math.min(1, outcome.points) : outcome.points;
  const kind: ResultKind = outcome.kind === 'draw' ? 'draw' : outcome.kind;
  return { winner, kind, points: multiple * state.cube.value };
}

/** Points for an accepted resignation at `level` (1 single, 2 gammon, 3 backgammon). */
export function resignPoints(state: GameState, level: number, maxPoints: number): number {
  const capped = Math.min(level, maxPoints);
  return (jacobyCaps(state) ? 1 : capped) * state.cube.value;
}

/**
 * The game a timeout loses: what the position allows without further play, a gammon while
 * the loser has borne off nothing (never a backgammon: that needs the game finished), else a
 * single. The match is lost with it (match.ts, bookTimeout); these points are the game's
 * result, and what a money session books for it.
 */
export function timeoutPoints(state: GameState, loser: Player, rules: Rules): number {
  // The position is seen from the player on turn.
  const off = borneOff(state.position.board, loser === state.turn ? 'onRoll' : 'opponent');
  return resignPoints(state, off > 0 ? 1 : 2, rules.maxPoints);
}
