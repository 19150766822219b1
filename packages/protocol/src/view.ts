import { type Dice, type GameId, makeZarPosition } from '@zar/engine';
import {
  type AllowedActions,
  actorOf,
  allowedActions,
  type CrawfordState,
  type Cube,
  type GameAction,
  type GameResult,
  type MatchSettings,
  type MatchState,
  type Phase,
  type Player,
  type ResignOffer,
} from '@zar/match';

export interface SeatView {
  readonly name: string;
  readonly kind: 'human' | 'bot';
  /** Bot level, for bots. */
  readonly level?: string;
  /** A person has taken this seat (an invite not yet accepted leaves it empty). */
  readonly taken: boolean;
}

export interface LastMove {
  readonly player: Player;
  readonly dice: Dice | null;
  /** Standard notation, mover's numbering; '' when the roll could not be played. */
  readonly play: string;
}

export interface GameStateView {
  readonly game: GameId;
  readonly options: Readonly<Record<string, unknown>>;
  readonly phase: Phase;
  readonly turn: Player;
  /** The player an action is expected from; null while the server rolls the opening, and once over. */
  readonly actor: Player | null;
  /** Zar text form of the position, seen from `turn` (the side on roll). */
  readonly position: string;
  readonly dice: Dice | null;
  readonly cube: Cube;
  readonly cubeEnabled: boolean;
  /** The highest cube this game allows (64 in money play; the useful limit in a match). */
  readonly cubeLimit: number;
  readonly crawford: boolean;
  readonly stake: number;
  readonly resign: ResignOffer | null;
  readonly result: GameResult | null;
}

export type GameStatus = 'waiting' | 'playing' | 'over';

/** A match as one player (or a spectator) sees it. Everything in it is public. */
export interface GameView {
  readonly id: string;
  readonly status: GameStatus;
  readonly settings: MatchSettings;
  readonly players: readonly [SeatView, SeatView];
  /** The viewer's seat, or null for a spectator. */
  readonly you: Player | null;
  /** What the viewer may do now (nothing for a spectator); the server still judges every action. */
  readonly allowed: AllowedActions;
  /** The match is over and the server can analyse it (GET /api/games/:id/analysis). */
  readonly analysable: boolean;
  readonly score: readonly [number, number];
  readonly crawford: CrawfordState;
  readonly gameNumber: number;
  readonly winner: Player | null;
  readonly game: GameStateView;
  /** The last game that ended, for the end-of-game screen. */
  readonly previous: GameStateView | null;
  readonly results: readonly GameResult[];
  readonly lastMove: LastMove | null;
}

export function gameStateView(g: MatchState['game']): GameStateView {
  return {
    game: g.settings.game,
    options: g.settings.options,
    phase: g.phase,
    turn: g.turn,
    actor: actorOf(g),
    position: makeZarPosition(g.position),
    dice: g.dice,
    cube: g.cube,
    cubeEnabled: g.settings.cube.enabled,
    cubeLimit: g.settings.cube.limit,
    crawford: g.settings.crawford,
    stake: g.stake,
    resign: g.resign,
    result: g.result,
  };
}

export interface ViewMeta {
  readonly id: string;
  readonly status: GameStatus;
  readonly players: readonly [SeatView, SeatView];
  readonly you: Player | null;
  /** Whether the server can analyse the match now: over, and of a game its evaluator knows. */
  readonly analysable: boolean;
}

/** The last play in the record of actions: who played, with which dice, what. */
export function lastMoveOf(actions: readonly GameAction[]): LastMove | null {
  for (let i = actions.length - 1; i >= 0; i--) {
    const a = actions[i] as GameAction;
    if (a.type === 'play') {
      const prev = actions[i - 1];
      const dice = prev?.type === 'roll' ? prev.dice : prev?.type === 'opening' ? sorted(prev.dice) : null;
      return { player: a.player, dice, play: a.play };
    }
    // A new game has no last move yet; cube and resignation actions keep the last play shown.
    if (a.type === 'opening') return null;
  }
  return null;
}

/** A roll that could not be played passes at once: it is the last move, with no play. */
function passedRoll(match: MatchState, actions: readonly GameAction[]): LastMove | null {
  const last = actions.at(-1);
  if (last?.type !== 'roll') return null;
  if (match.game.phase === 'move' && match.game.turn === last.player) return null;
  return { player: last.player, dice: last.dice, play: '' };
}

const sorted = (d: readonly [number, number]): Dice => (d[0] >= d[1] ? [d[0], d[1]] : [d[1], d[0]]);

export function matchView(match: MatchState, meta: ViewMeta, actions: readonly GameAction[]): GameView {
  // The fields in the order ViewJson (server/src/view-json.ts) writes them.
  return {
    id: meta.id,
    status: meta.status,
    players: meta.players,
    you: meta.you,
    allowed: allowedActions(match, meta.you),
    analysable: meta.analysable,
    settings: match.settings,
    score: match.score,
    crawford: match.crawford,
    gameNumber: match.gameNumber,
    winner: match.winner,
    game: gameStateView(match.game),
    previous: match.previous ? gameStateView(match.previous) : null,
    results: match.results,
    lastMove: passedRoll(match, actions) ?? lastMoveOf(actions),
  };
}
