import type { Rules } from '@zar/engine';
import { type Agent, type Decision, type MatchState, type Phase, type Player, rulesOf } from '@zar/match';
import { type BaselineLevel, baselineAgent } from './baseline/agent.js';
import type { Level } from './levels.js';
import { type AgentMaker, type BotPlayer, PLAYERS, playerFor } from './players.js';
import { type NoiseSeed, restartableRandom } from './random.js';

/** The baseline bot has no master level: its strongest stands in. */
export const baselineLevelOf = (level: Level): BaselineLevel => (level === 'master' ? 'expert' : level);

const makers = new Map<string, Promise<AgentMaker>>();
const ready = new Map<string, AgentMaker>();

/** Loads a player's weights (nothing for one without); safe to call often. */
function load(player: BotPlayer): Promise<void> {
  const loadWeights = player.load;
  if (loadWeights === null) return Promise.resolve();
  let making = makers.get(player.id);
  if (making === undefined) {
    making = loadWeights().then((make) => {
      ready.set(player.id, make);
      return make;
    });
    // A failed load is tried again by the next caller rather than remembered.
    making.catch(() => makers.delete(player.id));
    makers.set(player.id, making);
  }
  return making.then(() => undefined);
}

/** Loads the weights of the player of `rules` (players.ts), so that its first decisions do not wait. */
export function loadPlayer(rules: Rules): Promise<void> {
  return load(playerFor(rules).player);
}

/** Loads the weights of every player of the table (a bot worker while it is idle). */
export async function loadPlayers(): Promise<void> {
  await Promise.all(PLAYERS.map(load));
}

/**
 * The player Zar has for a game under `rules` at `level` (players.ts): the net that values the
 * rules exactly, else the nearest net of their game, else the baseline bot at the nearest
 * level. The first decisions of a net wait for its weights to load; after that `decide`
 * answers synchronously.
 */
export function agentFor(rules: Rules, level: Level, seed: NoiseSeed): Agent {
  const { player } = playerFor(rules);
  if (player.load === null) return baselineAgent(baselineLevelOf(level), seed);
  let agent: Agent | null = null;
  const decide = (match: MatchState, me: Player): Decision | Promise<Decision> => {
    if (agent === null) {
      const make = ready.get(player.id);
      if (make === undefined) return load(player).then(() => decide(match, me));
      agent = make(level, seed);
    }
    return agent.decide(match, me);
  };
  return { decide };
}

/**
 * An agent for a whole match at `level`: whatever game the match is at (a cycle may go from
 * portes to plakoto), the player for its rules, each kept for the rest of the match so that
 * its seeded noise runs on as one stream.
 */
export function matchAgent(level: Level, seed: NoiseSeed): Agent {
  const byRules = new Map<Rules, Agent>();
  return {
    decide(match: MatchState, me: Player): Decision | Promise<Decision> {
      const rules = rulesOf(match.game.settings);
      let agent = byRules.get(rules);
      if (agent === undefined) {
        agent = agentFor(rules, level, seed);
        byRules.set(rules, agent);
      }
      return agent.decide(match, me);
    },
  };
}

/**
 * An agent for a whole match whose noise for each decision is drawn from the seed and the
 * decision's place in the match (the game's number, its turns so far, its phase), not from
 * where one stream has got to: an agent made afresh for a match resumed from its actions decides
 * as the unbroken match's did. `zar play` and the browser's offline match seat it, so that a
 * seed plays the same match through both whether or not it was interrupted.
 */
export function resumableMatchAgent(level: Level, seed: number): Agent {
  const noise = restartableRandom(seed);
  const agent = matchAgent(level, noise.random);
  return {
    decide(match: MatchState, me: Player): Decision | Promise<Decision> {
      // A decision that waits for its net to load draws after the wait; nothing else draws
      // from this stream meanwhile, since a match asks for one decision at a time.
      noise.restart(decisionSeed(seed, match));
      return agent.decide(match, me);
    },
  };
}

/** The phases as numbers for a decision's seed (any distinct ones: a seed is only ever compared with itself). */
const PHASE_KEYS: Record<Phase, number> = {
  opening: 1,
  roll: 2,
  doubled: 3,
  beavered: 4,
  raccooned: 5,
  move: 6,
  resigning: 7,
  over: 8,
};

/** Mixes a word into a 32-bit hash (MurmurHash3's finaliser after each), so that nearby places give unrelated streams. */
function mix(h: number, word: number): number {
  h = Math.imul(h ^ word, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed of the noise of the decision asked at `match`: one per seed, game, turn and phase. */
function decisionSeed(seed: number, match: MatchState): number {
  const g = match.game;
  return mix(mix(mix(seed, match.gameNumber), g.moves), PHASE_KEYS[g.phase]);
}
