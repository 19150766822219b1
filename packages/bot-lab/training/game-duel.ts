import { readFileSync } from 'node:fs';
import {
  choosePlay,
  createGameEvaluator,
  createGamePlayChooser,
  GAME_NET_LEVELS,
  type Network,
  parseGameNetWeights,
  type Random,
  seededRandom,
} from '@zar/bot';
import type { GameId, Play, Position, Rules } from '@zar/engine';
import { MATCH_DEFAULTS, newMatch } from '@zar/match';
import { type DuelStats, PairTally, pairSeed } from './duel-stats.js';
import { checkpointNet, type GameTdCheckpoint } from './game-td-run.js';

/** A player in a duel: picks one of `plays` (the legal plays of `pos` for its roll; never empty). */
export type GameChooser = (rules: Rules, pos: Position, plays: readonly Play[]) => Play;

/** A game net at 0-ply, or at 1-ply as the expert level searches; no noise. */
export function gameNetChooser(net: Network, plies: 0 | 1): GameChooser {
  const search = plies === 1 ? GAME_NET_LEVELS.expert : { plies, candidates: 1, window: 0, noise: 0 };
  const chooser = createGamePlayChooser(createGameEvaluator(net), search, seededRandom(1));
  return (rules, _pos, plays) => chooser.choose(rules, plays) as Play;
}

/** The baseline bot at its strongest ('expert': no noise), through its own play choice. */
export function baselineGameChooser(game: GameId): GameChooser {
  const match = newMatch({ ...MATCH_DEFAULTS, length: 0, cycle: [{ game }] });
  const random = seededRandom(1);
  return (_rules, _pos, plays) => choosePlay(match, plays, 0, random);
}

/** Longer duel games are scored 0 (none has been seen; a guard against a stuck position). */
const MAX_DUEL_PLIES = 5000;

/**
 * Points the first mover wins (negative: loses) in one cubeless game, dice from `random`; the
 * blocks of a gul bara run have fixed dice and draw none. A draw scores 0.
 */
export function playDuelGame(rules: Rules, first: GameChooser, second: GameChooser, random: Random): number {
  const roll = () => 1 + Math.floor(random() * 6);
  let pos = rules.start();
  let firstOnRoll = true;
  for (let ply = 0; ply < MAX_DUEL_PLIES; ply++) {
    const o = rules.outcome(pos);
    if (o) {
      if (o.winner === null) return 0;
      const firstWon = (o.winner === 'onRoll') === firstOnRoll;
      return firstWon ? o.points : -o.points;
    }
    const dice: [number, number] = pos.run > 0 ? [pos.run, pos.run] : [roll(), roll()];
    const plays = rules.legalPlays(pos, dice);
    const next = plays.length > 0 ? (firstOnRoll ? first : second)(rules, pos, plays).next : rules.pass(pos, dice);
    if (!(next.run > 0 && rules.outcome(next) === null)) firstOnRoll = !firstOnRoll;
    pos = next;
  }
  return 0;
}

/**
 * `pairs` duplicate pairs: each dice stream is played twice, `a` moving first then `b`, so the
 * luck of the dice mostly cancels. Points are from `a`'s side.
 */
export function gameDuel(rules: Rules, a: GameChooser, b: GameChooser, pairs: number, seed: number): DuelStats {
  const tally = new PairTally();
  for (let i = 0; i < pairs; i++) {
    const s = pairSeed(seed, i);
    tally.add(playDuelGame(rules, a, b, seededRandom(s)), -playDuelGame(rules, b, a, seededRandom(s)));
  }
  return tally.stats();
}

/** A net from a weights file (weights/<game>.json) or a TD checkpoint of the game. */
export function loadGameNetFile(path: string, game: GameId): Network {
  const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<GameTdCheckpoint> & { format?: string };
  if (v.kind === 'zar-game-td-checkpoint/1') {
    if (v.game !== game) throw new Error(`${path} is a ${String(v.game)} checkpoint, not ${game}`);
    return checkpointNet(v as GameTdCheckpoint);
  }
  const parsed = parseGameNetWeights(v, game);
  if (!parsed.ok) throw new Error(`${path}: ${parsed.error.message}`);
  return parsed.value;
}
