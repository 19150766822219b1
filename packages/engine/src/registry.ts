import { createBackgammon } from './games/backgammon.js';
import { createFevga } from './games/fevga.js';
import { createGulBara } from './games/gul-bara.js';
import { createLongNardy } from './games/long-nardy.js';
import { createPlakoto } from './games/plakoto.js';
import { err, ok, type Result } from './result.js';
import type { Rules } from './rules.js';
import { type GameId, isGameId } from './types.js';

/**
 * The one place that maps a game's name to its rules. Everything else asks here; nothing
 * else branches on the game.
 */
const FACTORIES: Record<GameId, (options?: Record<string, unknown>) => Rules> = {
  backgammon: (o) => createBackgammon(o),
  'long-nardy': (o) => createLongNardy(o),
  plakoto: (o) => createPlakoto(o),
  fevga: (o) => createFevga(o),
  'gul-bara': (o) => createGulBara(o),
};

const defaults = new Map<GameId, Rules>();

/** The rules of a game with its default options (cached). */
export function rulesFor(game: GameId): Rules {
  let r = defaults.get(game);
  if (!r) {
    r = FACTORIES[game]();
    defaults.set(game, r);
  }
  return r;
}

/** The rules of a game with options; unknown game names are an error value. */
export function createRules(game: unknown, options?: Record<string, unknown>): Result<Rules, 'ERR_UNKNOWN_GAME'> {
  if (!isGameId(game)) return err('ERR_UNKNOWN_GAME', `unknown game ${JSON.stringify(game)}`);
  return ok(options ? FACTORIES[game](options) : rulesFor(game));
}
