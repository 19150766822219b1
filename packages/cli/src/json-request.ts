import { err, ok, type Result } from '@zar/engine';

/**
 * One JSON request line of `zar moves` or `zar bot`: an object whose fields are all among
 * `fields`. A field the command does not know is an error, so a misspelled one ("gmae")
 * never silently takes the default.
 */
export function parseRequestLine<F extends string>(
  line: string,
  fields: readonly F[],
  example: string,
): Result<{ readonly [K in F]?: unknown }> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return err('ERR_JSON', `not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err('ERR_REQUEST', `each line is a JSON object like ${example}`);
  }
  const stray = Object.keys(value).find((name) => !(fields as readonly string[]).includes(name));
  if (stray !== undefined) {
    return err('ERR_REQUEST', `a request has no field "${stray}"; its fields are ${fields.join(', ')}`);
  }
  return ok(value as { readonly [K in F]?: unknown });
}
