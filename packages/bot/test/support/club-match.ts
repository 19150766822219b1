import {
  type GameAction,
  type MatchRecord,
  type MatchState,
  newMatch,
  parseMatchSettings,
  seededDice,
  step,
} from '@zar/match';
import { baselineAgent } from '../../src/baseline/agent.js';

/** How a club match is played: its settings, the dice's seed, each bot's seed, and how long. */
export interface ClubMatch {
  readonly settings: Record<string, unknown>;
  readonly diceSeed: number;
  readonly botSeeds: readonly [number, number];
  /** Whether play goes on from `match` (default: until the match is won). */
  readonly going?: (match: MatchState) => boolean;
  /** At most this many actions (default 5000). */
  readonly steps?: number;
}

/**
 * The record of two club-level baseline bots playing on seeded dice, 'a' against 'b': real
 * matches for the analysis tests to judge, the same ones for the same seeds.
 */
export async function clubRecord(m: ClubMatch): Promise<MatchRecord> {
  const settings = parseMatchSettings(m.settings);
  if (!settings.ok) throw new Error(settings.error.message);
  const going = m.going ?? ((match) => match.winner === null);
  let match = newMatch(settings.value);
  const actions: GameAction[] = [];
  const dice = seededDice(m.diceSeed);
  const bots = [baselineAgent('club', m.botSeeds[0]), baselineAgent('club', m.botSeeds[1])] as const;
  for (let i = 0; i < (m.steps ?? 5000) && going(match); i++) {
    const r = await step(match, bots, dice);
    if (!r.ok) throw new Error(r.error.message);
    actions.push(r.value.action);
    match = r.value.match;
  }
  return { version: 1, settings: settings.value, players: ['a', 'b'], actions };
}
