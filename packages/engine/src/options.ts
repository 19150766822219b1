import { err, ok, type Result } from './result.js';
import type { LaterGames, OpeningRoll } from './rules.js';

/** Every value an option may take; options are small enumerations, flags and counts. */
export type OptionValues<O> = { readonly [K in keyof O]: readonly O[K][] };

export const OPENING_ROLL_VALUES: readonly OpeningRoll[] = ['play-opening-dice', 'winner-rolls-again'];
export const LATER_GAMES_VALUES: readonly LaterGames[] = ['opening-roll', 'previous-winner'];

/**
 * Options from untrusted input: unknown names and values outside their list are errors;
 * what is missing takes the default.
 */
export function parseOptions<O extends object>(
  game: string,
  values: OptionValues<O>,
  defaults: O,
  input: unknown,
): Result<O, 'ERR_OPTIONS'> {
  if (input === undefined || input === null) return ok(defaults);
  if (typeof input !== 'object' || Array.isArray(input)) return err('ERR_OPTIONS', `${game} options must be an object`);
  const out = { ...defaults } as Record<string, unknown>;
  for (const [name, value] of Object.entries(input)) {
    if (!Object.hasOwn(values, name)) {
      return err('ERR_OPTIONS', `${game} has no option "${name}"; it has ${Object.keys(values).join(', ')}`);
    }
    const allowed = (values as Record<string, readonly unknown[]>)[name] ?? [];
    if (!allowed.includes(value)) {
      return err(
        'ERR_OPTIONS',
        `${game} option "${name}" is one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
      );
    }
    out[name] = value;
  }
  return ok(out as O);
}
