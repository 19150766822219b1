import { borneOff, type Dice, formatPlay, type Play } from '@zar/engine';
import { type Agent, type Decision, doubleRefusal, type MatchState, type Player, rulesOf } from '@zar/match';
import { gaussian, type NoiseSeed, type Random, randomOf } from '../random.js';
import { resignWinsMatch } from '../resign-wins-match.js';
import { shouldDouble, shouldTake } from './cube-heuristic.js';
import { heuristicScore } from './heuristic.js';

/**
 * The baseline bot's levels: the same heuristic with less noise the stronger it is. Strength
 * is measured by `npm run bench:strength -w @zar/bot-lab` once the neural bot lands; until then
 * the order holds by construction (more noise, worse choices).
 */
export const BASELINE_LEVELS = {
  beginner: 18,
  casual: 8,
  club: 3,
  expert: 0,
} as const;

export type BaselineLevel = keyof typeof BASELINE_LEVELS;

export function isBaselineLevel(s: unknown): s is BaselineLevel {
  return typeof s === 'string' && s in BASELINE_LEVELS;
}

/** The play the baseline heuristic prefers, with `noise` pips of random error per play. */
export function choosePlay(match: MatchState, plays: readonly Play[], noise: number, random: Random): Play {
  const rules = rulesOf(match.game.settings);
  let best = plays[0] as Play;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const play of plays) {
    const view = play.next.run > 0 ? play.next : rules.swapSides(play.next);
    const ended = rules.outcome(play.next);
    const score =
      (ended ? 1000 * ended.points * (ended.winner === 'opponent' ? 1 : -1) : heuristicScore(rules, view)) +
      (noise > 0 ? noise * gaussian(random) : 0);
    if (score > bestScore) {
      bestScore = score;
      best = play;
    }
  }
  return best;
}

export function baselineAgent(level: BaselineLevel = 'club', seed: NoiseSeed = 1): Agent {
  const noise = BASELINE_LEVELS[level];
  const random = randomOf(seed);
  return {
    decide(match: MatchState, me: Player): Decision {
      const g = match.game;
      const rules = rulesOf(g.settings);
      switch (g.phase) {
        case 'roll':
          return doubleRefusal(g) === null && shouldDouble(rules, g.position, match, me)
            ? { type: 'double' }
            : { type: 'roll' };
        case 'doubled':
          return shouldTake(rules, g.position, match, me) ? { type: 'take' } : { type: 'drop' };
        case 'beavered':
        case 'raccooned':
          return { type: 'take' };
        case 'resigning': {
          // Accept a gammon or more; a single only when no gammon is left to win, or when it
          // wins the match.
          const offer = g.resign?.level ?? 1;
          const resigner = g.resign?.by === g.turn ? 'onRoll' : 'opponent';
          const enough = offer >= 2 || borneOff(g.position.board, resigner) > 0 || resignWinsMatch(match, me);
          return enough ? { type: 'accept' } : { type: 'decline' };
        }
        case 'move': {
          const plays = rules.legalPlays(g.position, g.dice as Dice);
          return { type: 'play', play: formatPlay(choosePlay(match, plays, noise, random).steps) };
        }
        default:
          throw new Error(`the baseline bot was asked to act in phase ${g.phase}`);
      }
    },
  };
}
