import type { GameId } from '@zar/engine';
import type { Agent, Decision, MatchState, Player } from '@zar/match';
import { neuralAgent } from './backgammon-net/agent.js';
import { trainedBackgammonEvaluator } from './backgammon-net/trained.js';
import { type BaselineLevel, baselineAgent } from './baseline/agent.js';
import { gameNetAgentFrom } from './game-net/agent.js';
import { committedGameNet, GAME_NET_GAMES } from './game-net/load.js';
import type { Level } from './levels.js';

/** Makes a game's trained player at a level, once its weights are loaded. */
export type AgentMaker = (level: Level, seed: number) => Agent;

/**
 * The games that have trained weights, each with how to load them (once, on first use: the
 * weights are big and most processes never need them). A game missing here is played by the
 * baseline bot; a newly trained game is one more row.
 */
const TRAINED: Partial<Record<GameId, () => Promise<AgentMaker>>> = {
  backgammon: async () => {
    const ev = await trainedBackgammonEvaluator();
    return (level, seed) => neuralAgent(ev, level, seed);
  },
  ...Object.fromEntries(
    GAME_NET_GAMES.map((game) => [
      game,
      async (): Promise<AgentMaker> => {
        const net = await committedGameNet(game);
        if (net === null) throw new Error(`no committed net for ${game}`);
        return (level, seed) => gameNetAgentFrom(net, level, seed);
      },
    ]),
  ),
};

/** The baseline bot has no master level: its strongest stands in. */
export const baselineLevelOf = (level: Level): BaselineLevel => (level === 'master' ? 'expert' : level);

const makers = new Map<GameId, Promise<AgentMaker>>();
const ready = new Map<GameId, AgentMaker>();

/** Loads the trained player of `game` (nothing for a game without one); safe to call often. */
export function loadTrained(game: GameId): Promise<void> {
  const load = TRAINED[game];
  if (load === undefined) return Promise.resolve();
  let making = makers.get(game);
  if (making === undefined) {
    making = load().then((make) => {
      ready.set(game, make);
      return make;
    });
    // A failed load is tried again by the next caller rather than remembered.
    making.catch(() => makers.delete(game));
    makers.set(game, making);
  }
  return making.then(() => undefined);
}

/**
 * The strongest player Zar has for `game` at `level`: the trained net where there is one,
 * else the baseline bot at the nearest level. The first decisions of a trained game wait for
 * its weights to load; after that `decide` answers synchronously.
 */
export function agentFor(game: GameId, level: Level, seed: number): Agent {
  if (TRAINED[game] === undefined) return baselineAgent(baselineLevelOf(level), seed);
  let agent: Agent | null = null;
  const decide = (match: MatchState, me: Player): Decision | Promise<Decision> => {
    if (agent === null) {
      const make = ready.get(game);
      if (make === undefined) return loadTrained(game).then(() => decide(match, me));
      agent = make(level, seed);
    }
    return agent.decide(match, me);
  };
  return { decide };
}

/**
 * An agent for a whole match at `level`: whatever game the match is at (a cycle may go from
 * backgammon to plakoto), the strongest player for it, each kept for the rest of the match so
 * that its seeded noise runs on as one stream.
 */
export function matchAgent(level: Level, seed: number): Agent {
  const byGame = new Map<GameId, Agent>();
  return {
    decide(match: MatchState, me: Player): Decision | Promise<Decision> {
      const game = match.game.settings.game;
      let agent = byGame.get(game);
      if (agent === undefined) {
        agent = agentFor(game, level, seed);
        byGame.set(game, agent);
      }
      return agent.decide(match, me);
    },
  };
}
