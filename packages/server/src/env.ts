/** The environment a setting is read from: process.env, or a test's object. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A unit an operator gives a length of time in, and the most he may give. */
export interface TimeUnit {
  readonly name: string;
  readonly ms: number;
  readonly max: number;
}

/**
 * The length of time `env[name]` gives in `unit` (fractions allowed), in ms: `fallbackMs` when
 * unset, or what is wrong with it, for the operator, when it is not above 0 and at most the max.
 */
export function durationFrom(env: Env, name: string, unit: TimeUnit, fallbackMs: number): number | string {
  const given = env[name];
  if (given === undefined || given === '') return fallbackMs;
  const n = Number(given);
  return Number.isFinite(n) && n > 0 && n <= unit.max
    ? n * unit.ms
    : `${name} is "${given}"; give ${unit.name}, more than 0, at most ${unit.max}`;
}

/** A setting's value; a setting the operator got wrong stops the server rather than being guessed. */
export function settingOrStop<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
