import { type Dice, makeZarPosition } from '@zar/engine';
import { actorOf, allowedActions, cubeInPlay, type GameAction, type MatchState, type Player } from '@zar/match';
import type { ClockView } from './clock.js';
import type { RatingChange, RematchView } from './people.js';
import type { GameStateView, GameStatus, GameView, LastMove, SeatView } from './view-schema.js';

/*
 * The views the server builds from the match layer's values. Their types are the schemas'
 * (view-schema.ts): a match value that does not fit what the contract says is a compile error here.
 */

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
    cubeInPlay: cubeInPlay(g),
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
  /** Whether the viewer may ask the bot for a hint now (the server's hint rule). */
  readonly hint: boolean;
  /** What the room knows beyond the match (ratings, clock, presence, claim, rematch): GameViewSchema says each. */
  readonly rated: boolean;
  readonly clock: ClockView | null;
  readonly presence: readonly [boolean, boolean];
  readonly claim: number | null;
  readonly rematch: RematchView;
  readonly series: readonly [number, number];
  readonly ratings: readonly [RatingChange, RatingChange] | null;
  readonly unrated?: GameView['unrated'];
  /** The match's company: the dice's proof so far, spectators, the viewer's chat, the tournament. */
  readonly fair: GameView['fair'];
  readonly watch: GameView['watch'];
  readonly chat: GameView['chat'];
  readonly tournament: GameView['tournament'];
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
    hint: meta.hint,
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
    rated: meta.rated,
    clock: meta.clock,
    presence: meta.presence,
    claim: meta.claim,
    rematch: meta.rematch,
    series: meta.series,
    ratings: meta.ratings,
    ...(meta.unrated === undefined ? {} : { unrated: meta.unrated }),
    fair: meta.fair,
    watch: meta.watch,
    chat: meta.chat,
    tournament: meta.tournament,
  };
}
