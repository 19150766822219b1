import type { Result } from '@zar/engine';

/** The environment a setting is read from: process.env, or a test's object. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A unit an operator gives a length of time in, and the most he may give. */
export interface TimeUnit {
  readonly name: string;
  readonly ms: number;
  readonly max: number;
  /** Whole numbers of the unit from 0 (0 turns the wait off), rather than any length above 0. */
  readonly whole?: true;
}

/**
 * The length of time `env[name]` gives in `unit`, in ms: `fallbackMs` when unset, or what is
 * wrong with it, for the operator, when it is out of the unit's range: above 0 (fractions
 * allowed) and at most the max, or for a `whole` unit a whole number from 0 to the max.
 */
export function durationFrom(env: Env, name: string, unit: TimeUnit, fallbackMs: number): number | string {
  const given = env[name];
  if (given === undefined || given === '') return fallbackMs;
  const n = Number(given);
  if (unit.whole === true) {
    return Number.isInteger(n) && n >= 0 && n <= unit.max
      ? n * unit.ms
      : `${name} is "${given}"; give ${unit.name}, a whole number from 0 to ${unit.max}`;
  }
  return Number.isFinite(n) && n > 0 && n <= unit.max
    ? n * unit.ms
    : `${name} is "${given}"; give ${unit.name}, more than 0, at most ${unit.max}`;
}

/** durationFrom as a setting's Result, refused with the setting's own error code. */
export function durationSetting<C extends string>(
  env: Env,
  name: string,
  unit: TimeUnit,
  fallbackMs: number,
  code: C,
): Result<number, C> {
  const value = durationFrom(env, name, unit, fallbackMs);
  return typeof value === 'number' ? { ok: true, value } : { ok: false, error: { code, message: value } };
}

/** A setting's value; a setting the operator got wrong stops the server rather than being guessed. */
export function settingOrStop<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** How long a fair match's opening roll waits for its players' seeds, by default (game/company/fair.ts). */
export const DEFAULT_SEED_WAIT_MS = 5000;
/** The longest wait an operator may set (a minute): a player whose page sent nothing is not kept waiting longer. */
const SEED_WAIT: TimeUnit = { name: 'milliseconds', ms: 1, max: 60_000, whole: true };

/**
 * ZAR_SEED_WAIT_MS: how long the opening roll waits for a player's seed before it is drawn
 * with the absent seed; 0 draws it at once (tests). Default 5 s.
 */
export function seedWaitFrom(env: Env): Result<number, 'ERR_SEED_WAIT'> {
  return durationSetting(env, 'ZAR_SEED_WAIT_MS', SEED_WAIT, DEFAULT_SEED_WAIT_MS, 'ERR_SEED_WAIT');
}
