import { baselineAgent } from '@zar/bot';
import {
  type GameAction,
  type MatchSettings,
  type MatchState,
  newMatch,
  parseMatchSettings,
  seededDice,
  step,
} from '@zar/match';

/** A match played through by two baseline bots, as the match layer plays it. */
export interface BotMatch {
  readonly settings: MatchSettings;
  readonly actions: readonly GameAction[];
  /** Where it stood after the last action: over, unless 5000 steps did not end it. */
  readonly end: MatchState;
}

/** Plays a whole match (casual against expert, seeded dice and bots): the same seed, the same match. */
export async function botMatch(input: Record<string, unknown>, seed: number): Promise<BotMatch> {
  const settings = parseMatchSettings(input);
  if (!settings.ok) throw new Error(settings.error.message);
  let match = newMatch(settings.value);
  const actions: GameAction[] = [];
  const dice = seededDice(seed);
  const agents = [baselineAgent('casual', seed), baselineAgent('expert', seed + 1)] as const;
  for (let i = 0; i < 5000 && match.winner === null; i++) {
    const r = await step(match, agents, dice);
    if (!r.ok) throw new Error(r.error.message);
    actions.push(r.value.action);
    match = r.value.match;
  }
  return { settings: settings.value, actions, end: match };
}
