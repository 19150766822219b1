import { err, type Result } from '@zar/engine';
import type { DiceSource } from './dice.js';
import { type MatchErrorCode, type MatchState, matchReducer } from './match.js';
import { type GameAction, type GameState, other, type Player } from './types.js';

/** What a player (a person at a prompt, a bot) chooses; dice are added by the driver. */
export type Decision =
  | { readonly type: 'roll' }
  | { readonly type: 'double' }
  | { readonly type: 'play'; readonly play: string }
  | { readonly type: 'take' }
  | { readonly type: 'drop' }
  | { readonly type: 'beaver' }
  | { readonly type: 'raccoon' }
  | { readonly type: 'resign'; readonly level: 1 | 2 | 3 }
  | { readonly type: 'accept' }
  | { readonly type: 'decline' };

/** Anything that can take a seat: it sees the match and says what it does. */
export interface Agent {
  decide(match: MatchState, me: Player): Decision | Promise<Decision>;
}

/** The player an action is expected from, or null when the opening roll is due. */
export function actorOf(game: GameState): Player | null {
  switch (game.phase) {
    case 'opening':
    case 'over':
      return null;
    case 'doubled':
    case 'raccooned':
      return other(game.turn);
    case 'beavered':
      return game.turn;
    case 'resigning':
      return other((game.resign as NonNullable<GameState['resign']>).by);
    default:
      return game.turn;
  }
}

/** Turns a decision into the action the reducer takes, drawing dice where they are due. */
export function toAction(decision: Decision, me: Player, dice: DiceSource): GameAction {
  if (decision.type === 'roll') return { type: 'roll', player: me, dice: dice.roll() };
  return { ...decision, player: me } as GameAction;
}

/**
 * One step of a match between two agents: the opening roll when it is due, otherwise the
 * decision of the player an action is expected from. Returns the action with the new state,
 * so callers can record it.
 */
export async function step(
  match: MatchState,
  agents: readonly [Agent, Agent],
  dice: DiceSource,
): Promise<Result<{ match: MatchState; action: GameAction }, MatchErrorCode>> {
  if (match.winner !== null) return err('ERR_MATCH_OVER', 'the match is over');
  const actor = actorOf(match.game);
  const action: GameAction =
    actor === null
      ? { type: 'opening', dice: dice.openingRoll() }
      : toAction(await (agents[actor] as Agent).decide(match, actor), actor, dice);
  const r = matchReducer(match, action);
  if (!r.ok) return r;
  return { ok: true, value: { match: r.value, action } };
}
