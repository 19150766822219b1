import { agentFor, baselineAgent, baselineLevelOf, type Level } from '@zar/bot';
import type { Rules } from '@zar/engine';
import { type Agent, type Decision, type MatchState, type Player, rulesOf } from '@zar/match';
import type { BotOwner } from './owners.js';

/** Which bots play: the player @zar/bot has for each game's rules, or the baseline heuristic everywhere (benchmarks of the server itself). */
export type BotKind = 'strongest' | 'baseline';

/** The baseline bot at the level nearest `level`, whatever the rules. */
export const baselineFor = (_rules: Rules, level: Level, seed: number): Agent =>
  baselineAgent(baselineLevelOf(level), seed);

export const agentMaker = (kind: BotKind) => (kind === 'baseline' ? baselineFor : agentFor);

/** Who is asked: one bot seat of one live game, with what it needs to be made. */
export interface SeatRequest {
  /** The server's game (a match) id. */
  readonly game: string;
  readonly seat: Player;
  readonly level: Level;
  /** Seeds the bot's noise, so its style is stable per game. */
  readonly seed: number;
  /** Whose bot time it is (owners.ts); left out, the game's own. */
  readonly owner?: BotOwner;
}

/**
 * The agents of the bot seats one thread serves: one per (game, seat), and within it one per
 * set of rules the match's cycle reaches (a cycle may go from portes to plakoto), each kept
 * for the whole match so its seeded noise runs on as one stream. `agentFor` picks each from
 * @zar/bot's table of players by the rules, not by the game's name.
 */
export class SeatAgents {
  private readonly seats = new Map<string, Map<Rules, Agent>>();

  constructor(private readonly make: (rules: Rules, level: Level, seed: number) => Agent = agentFor) {}

  decide(req: SeatRequest, match: MatchState): Decision | Promise<Decision> {
    const key = `${req.game}:${req.seat}`;
    let kinds = this.seats.get(key);
    if (kinds === undefined) {
      kinds = new Map();
      this.seats.set(key, kinds);
    }
    const rules = rulesOf(match.game.settings);
    let agent = kinds.get(rules);
    if (agent === undefined) {
      agent = this.make(rules, req.level, req.seed);
      kinds.set(rules, agent);
    }
    return agent.decide(match, req.seat);
  }

  forget(game: string): void {
    this.seats.delete(`${game}:0`);
    this.seats.delete(`${game}:1`);
  }

  get size(): number {
    return this.seats.size;
  }
}
