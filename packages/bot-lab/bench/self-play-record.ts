import { agentFor, type Level } from '@zar/bot';
import type { GameId } from '@zar/engine';
import { type GameAction, type MatchRecord, newMatch, parseMatchSettings, rulesOf, seededDice, step } from '@zar/match';

/**
 * The record of one single money game of `game` that a bot level plays against itself on dice
 * seeded with `seed` (the two sides' agents seeded `seed` and `seed + 1`): what the analysis
 * benches judge.
 */
export async function selfPlayRecord(game: GameId, level: Level, seed: number): Promise<MatchRecord> {
  const settings = parseMatchSettings({ length: 0, cycle: [{ game }] });
  if (!settings.ok) throw new Error(settings.error.message);
  let match = newMatch(settings.value);
  const rules = rulesOf(settings.value.cycle[0] as (typeof settings.value.cycle)[number]);
  const agents = [agentFor(rules, level, seed), agentFor(rules, level, seed + 1)] as const;
  const dice = seededDice(seed);
  const actions: GameAction[] = [];
  while (match.gameNumber === 1 && actions.length < 3000) {
    const r = await step(match, agents, dice);
    if (!r.ok) throw new Error(r.error.message);
    actions.push(r.value.action);
    match = r.value.match;
  }
  return { version: 1 as const, settings: settings.value, players: ['a', 'b'] as [string, string], actions };
}
