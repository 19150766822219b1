import { type GameId, type Position, rulesFor } from '@zar/engine';
import { seededRandom } from '../../src/random.js';

/** The four games the game nets play. */
export const NET_GAMES: readonly GameId[] = ['long-nardy', 'plakoto', 'fevga', 'gul-bara'];

/**
 * The positions of one game of uniformly random legal play from the start, dice and choices
 * from `seed`: the side on roll's view each time, finished game last (or after `maxPlies`).
 */
export function randomGame(game: GameId, seed: number, maxPlies = 400): Position[] {
  const rules = rulesFor(game);
  const random = seededRandom(seed);
  const die = () => 1 + Math.floor(random() * 6);
  let pos = rules.start();
  const out = [pos];
  for (let i = 0; i < maxPlies && rules.outcome(pos) === null; i++) {
    const dice: [number, number] = pos.run > 0 ? [pos.run, pos.run] : [die(), die()];
    const plays = rules.legalPlays(pos, dice);
    pos = plays.length > 0 ? (plays[Math.floor(random() * plays.length)]?.next ?? pos) : rules.pass(pos, dice);
    out.push(pos);
  }
  return out;
}
