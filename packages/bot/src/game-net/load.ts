import type { GameId } from '@zar/engine';
import type { Network } from '../nn/network.js';
import { parseGameNetWeights } from './weights.js';

/**
 * The game nets committed in weights/, each imported as a JSON module on first use (the
 * weights are big and most processes never need them). A newly trained game is one more row.
 */
const COMMITTED: Partial<Record<GameId, () => Promise<{ default: unknown }>>> = {
  'long-nardy': () => import('../../weights/long-nardy.json', { with: { type: 'json' } }),
  plakoto: () => import('../../weights/plakoto.json', { with: { type: 'json' } }),
  fevga: () => import('../../weights/fevga.json', { with: { type: 'json' } }),
  'gul-bara': () => import('../../weights/gul-bara.json', { with: { type: 'json' } }),
};

/** The games that have a committed game net. */
export const GAME_NET_GAMES = Object.keys(COMMITTED) as GameId[];

const loaded = new Map<GameId, Promise<Network | null>>();

/**
 * The committed net of a game, read once per thread; null for a game without one. A committed
 * file that does not parse is a broken invariant of the repository, so the promise rejects.
 */
export function committedGameNet(game: GameId): Promise<Network | null> {
  let net = loaded.get(game);
  if (net === undefined) {
    const load = COMMITTED[game];
    net = load
      ? load().then((file) => {
          const parsed = parseGameNetWeights(file.default, game);
          if (!parsed.ok) throw new Error(`weights/${game}.json: ${parsed.error.message}`);
          return parsed.value;
        })
      : Promise.resolve(null);
    loaded.set(game, net);
  }
  return net;
}
