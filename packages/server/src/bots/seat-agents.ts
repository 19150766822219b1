import { agentFor, baselineAgent, baselineLevelOf, type Level } from '@zar/bot';
import type { GameId } from '@zar/engine';
import type { Agent, Decision, MatchState, Player } from '@zar/match';

/** Which bots play: the strongest Zar has per game, or the baseline heuristic everywhere (benchmarks of the server itself). */
export type BotKind = 'strongest' | 'baseline';

/** The baseline bot at the level nearest `level`, whatever the game. */
export const baselineFor = (_game: GameId, level: Level, seed: number): Agent =>
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
}

/**
 * The agents of the bot seats one thread serves: one per (game, seat), and within it one per
 * kind of game the match's cycle reaches (a cycle may go from backgammon to plakoto), each
 * kept for the whole match so its seeded noise runs on as one stream.
 */
export class SeatAgents {
  private readonly seats = new Map<string, Map<GameId, Agent>>();

  constructor(private readonly make: (game: GameId, level: Level, seed: number) => Agent = agentFor) {}

  decide(req: SeatRequest, match: MatchState): Decision | Promise<Decision> {
    const key = `${req.game}:${req.seat}`;
    let kinds = this.seats.get(key);
    if (kinds === undefined) {
      kinds = new Map();
      this.seats.set(key, kinds);
    }
    const kind = match.game.settings.game;
    let agent = kinds.get(kind);
    if (agent === undefined) {
      agent = this.make(kind, req.level, req.seed);
      kinds.set(kind, agent);
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
