import { type Dice, formatPlay } from '@zar/engine';
import { type Agent, type Decision, type MatchState, type Player, rulesOf } from '@zar/match';
import { baselineAgent } from '../baseline/agent.js';
import type { Level } from '../levels.js';
import type { Network } from '../nn/network.js';
import { type NoiseSeed, type Random, randomOf } from '../random.js';
import { resignWinsMatch } from '../resign-wins-match.js';
import { createGameEvaluator } from './evaluator.js';
import { createGamePlayChooser, type GameNetSearch } from './search.js';

/**
 * The game nets' levels, named as the backgammon bot's (src/levels.ts): the noisy levels play
 * at 0-ply with the same noise; expert and master look one roll ahead, master over more
 * candidates. 2-ply is not offered: the engine's play generator makes it cost seconds a move.
 * Measured cost and strength: docs/bot-levels.md.
 */
export const GAME_NET_LEVELS: Record<Level, GameNetSearch> = {
  beginner: { plies: 0, candidates: 1, window: 0, noise: 0.08 },
  casual: { plies: 0, candidates: 1, window: 0, noise: 0.04 },
  club: { plies: 0, candidates: 1, window: 0, noise: 0.015 },
  expert: { plies: 1, candidates: 3, window: 0.1, noise: 0 },
  master: { plies: 1, candidates: 6, window: 0.2, noise: 0 },
};

/**
 * An agent for @zar/match's driver playing with a game's net (the committed one comes from
 * committedGameNet; agentFor puts the two together). These games have no doubling cube (their
 * Rules say so, and the match layer then disables it), so the cube phases never come; should
 * one come, the baseline bot answers it.
 */
export function gameNetAgentFrom(net: Network, level: Level | GameNetSearch, seed: NoiseSeed = 1): Agent {
  const search = typeof level === 'string' ? GAME_NET_LEVELS[level] : level;
  const random: Random = randomOf(seed);
  const ev = createGameEvaluator(net);
  const chooser = createGamePlayChooser(ev, search, random);
  const cube = baselineAgent(level === 'master' || typeof level !== 'string' ? 'expert' : level, seed);

  return {
    decide(match: MatchState, me: Player): Decision | Promise<Decision> {
      const g = match.game;
      const rules = rulesOf(g.settings);
      switch (g.phase) {
        case 'roll':
        case 'doubled':
        case 'beavered':
        case 'raccooned':
          return cube.decide(match, me);
        case 'resigning': {
          // Accept an offer that wins me the match, else one worth at least what playing on is
          // worth to me, cubeless.
          if (resignWinsMatch(match, me)) return { type: 'accept' };
          const offered = Math.min(g.resign?.level ?? 1, rules.maxPoints);
          const onRoll = chooser.positionEquity(rules, g.position, 0);
          const mine = g.turn === me ? onRoll : -onRoll;
          return offered >= mine ? { type: 'accept' } : { type: 'decline' };
        }
        case 'move': {
          const play = chooser.choose(rules, rules.legalPlays(g.position, g.dice as Dice));
          return { type: 'play', play: play ? formatPlay(play.steps) : '' };
        }
        default:
          throw new Error(`the ${g.settings.game} net was asked to act in phase ${g.phase}`);
      }
    },
  };
}
