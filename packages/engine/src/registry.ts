import { BACKGAMMON_DEFAULTS, BACKGAMMON_OPTION_VALUES, createBackgammon } from './games/backgammon.js';
import { createFevga, FEVGA_DEFAULTS, FEVGA_OPTION_VALUES } from './games/fevga.js';
import { createGulBara, GUL_BARA_DEFAULTS, GUL_BARA_OPTION_VALUES } from './games/gul-bara.js';
import { createLongNardy, LONG_NARDY_DEFAULTS, LONG_NARDY_OPTION_VALUES } from './games/long-nardy.js';
import { createPlakoto, PLAKOTO_DEFAULTS, PLAKOTO_OPTION_VALUES } from './games/plakoto.js';
import { type OptionValues, parseOptions } from './options.js';
import { err, ok, type Result } from './result.js';
import type { Rules } from './rules.js';
import { type GameId, isGameId } from './types.js';

interface Entry<O extends object> {
  readonly create: (options: O) => Rules<O>;
  readonly values: OptionValues<O>;
  readonly defaults: O;
}

/**
 * The one place that maps a game's name to its rules and their options. Everything else
 * asks here; nothing else branches on the game. `satisfies` makes a game missing from this
 * table (or one that is not a GameId) a compile error.
 */
const GAMES = {
  backgammon: { create: createBackgammon, values: BACKGAMMON_OPTION_VALUES, defaults: BACKGAMMON_DEFAULTS },
  'long-nardy': { create: createLongNardy, values: LONG_NARDY_OPTION_VALUES, defaults: LONG_NARDY_DEFAULTS },
  plakoto: { create: createPlakoto, values: PLAKOTO_OPTION_VALUES, defaults: PLAKOTO_DEFAULTS },
  fevga: { create: createFevga, values: FEVGA_OPTION_VALUES, defaults: FEVGA_DEFAULTS },
  'gul-bara': { create: createGulBara, values: GUL_BARA_OPTION_VALUES, defaults: GUL_BARA_DEFAULTS },
} satisfies { readonly [G in GameId]: Entry<object> };

/** Each game's typed options (what its presets and factory take). */
export type GameOptions = { readonly [G in GameId]: (typeof GAMES)[G]['defaults'] };

/** The table's entry of a game, with its options' type erased for code that serves every game. */
const entryOf = (game: GameId): Entry<object> => GAMES[game] as unknown as Entry<object>;

const defaults = new Map<GameId, Rules>();
const withOptions = new Map<string, Rules>();

/** The rules of a game with its default options (cached). */
export function rulesFor(game: GameId): Rules {
  let r = defaults.get(game);
  if (!r) {
    const e = entryOf(game);
    r = e.create(e.defaults);
    defaults.set(game, r);
  }
  return r;
}

/** Every value each option of a game may take, and the defaults. */
export function optionsOf(game: GameId): { readonly values: OptionValues<object>; readonly defaults: object } {
  return entryOf(game);
}

/**
 * The rules of a game with options from untrusted input: an unknown game, an unknown option
 * or a value outside its list is an error value. Rules are cached by their options.
 */
export function createRules(game: unknown, options?: unknown): Result<Rules, 'ERR_UNKNOWN_GAME' | 'ERR_OPTIONS'> {
  if (!isGameId(game)) return err('ERR_UNKNOWN_GAME', `unknown game ${JSON.stringify(game)}`);
  if (options === undefined) return ok(rulesFor(game));
  const e = entryOf(game);
  const parsed = parseOptions(game, e.values, e.defaults, options);
  if (!parsed.ok) return parsed;
  const key = `${game}|${JSON.stringify(Object.entries(parsed.value).sort())}`;
  let r = withOptions.get(key);
  if (!r) {
    r = e.create(parsed.value);
    withOptions.set(key, r);
  }
  return ok(r);
}
