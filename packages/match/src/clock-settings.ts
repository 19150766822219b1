import { err, ok, type Result } from '@zar/engine';

/**
 * How a match is timed: a simple delay for each stretch a player must act, then a reserve
 * that counts down only once the delay is used (the tournament clock of backgammon); or, for
 * a correspondence match, a number of days for each stretch, nothing carried over. Times
 * are whole milliseconds.
 */
export type ClockSettings =
  | { readonly kind: 'untimed' }
  | {
      readonly kind: 'timed';
      /** Free time at the start of every stretch; what is left of it is not carried over. */
      readonly delayMs: number;
      /** The reserve each player gets per point of the match length. */
      readonly perPointMs: number;
    }
  | {
      readonly kind: 'correspondence';
      /** Days for each stretch; what is left of them is not carried over. */
      readonly daysPerMove: DaysPerMove;
    };

export type TimedClockSettings = Extract<ClockSettings, { kind: 'timed' }>;
export type CorrespondenceClockSettings = Extract<ClockSettings, { kind: 'correspondence' }>;

/** The days per move a correspondence match may have (DailyGammon's and lichess's usual choices). */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7] as const;
export type DaysPerMove = (typeof DAYS_PER_MOVE)[number];

/**
 * One day of a correspondence clock. The clock's functions take the day's length as a
 * parameter (this by default) so that a test server can run correspondence matches on short days.
 */
export const DAY_MS = 86_400_000;

export const LIVE_CLOCK_PRESET_IDS = ['speed', 'normal', 'casual', 'tournament', 'untimed'] as const;
export const CORRESPONDENCE_PRESET_IDS = ['days-1', 'days-2', 'days-3', 'days-5', 'days-7'] as const;
export const CLOCK_PRESET_IDS = [...LIVE_CLOCK_PRESET_IDS, ...CORRESPONDENCE_PRESET_IDS] as const;
export type ClockPresetId = (typeof CLOCK_PRESET_IDS)[number];

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const UNTIMED: ClockSettings = { kind: 'untimed' };

export const CLOCK_PRESETS: { readonly [id in ClockPresetId]: ClockSettings } = {
  speed: { kind: 'timed', delayMs: 8 * SECOND, perPointMs: 20 * SECOND },
  normal: { kind: 'timed', delayMs: 10 * SECOND, perPointMs: MINUTE },
  casual: { kind: 'timed', delayMs: 15 * SECOND, perPointMs: 3 * MINUTE },
  tournament: { kind: 'timed', delayMs: 12 * SECOND, perPointMs: 2 * MINUTE },
  untimed: UNTIMED,
  'days-1': { kind: 'correspondence', daysPerMove: 1 },
  'days-2': { kind: 'correspondence', daysPerMove: 2 },
  'days-3': { kind: 'correspondence', daysPerMove: 3 },
  'days-5': { kind: 'correspondence', daysPerMove: 5 },
  'days-7': { kind: 'correspondence', daysPerMove: 7 },
};

/** A clock of days per move: a match its players may leave and come back to. */
export const isCorrespondence = (settings: ClockSettings): settings is CorrespondenceClockSettings =>
  settings.kind === 'correspondence';

/** The time each stretch of a correspondence match gets, on days of `dayMs`. */
export const stretchMs = (settings: CorrespondenceClockSettings, dayMs: number): number => settings.daysPerMove * dayMs;

/**
 * What a custom clock may be, both ends included. A delay of 0 is a pure reserve clock; the
 * reserve per point is at least 5 s, so that a 1-point match still leaves time to think, and
 * at most 10 min, beyond which a clock no longer stops anyone from stalling.
 */
export const CUSTOM_CLOCK_BOUNDS = {
  delayMs: { min: 0, max: MINUTE },
  perPointMs: { min: 5 * SECOND, max: 10 * MINUTE },
} as const;

/**
 * Money play has no length to scale the reserve by, and a session goes on until the players
 * stop, so a session-long reserve would run out however well one played. Instead each game
 * brings a fresh reserve worth this many points: about what a game with the cube is worth on
 * average, so a money game gets roughly the time a match game gets.
 */
export const MONEY_GAME_POINTS = 2;

/**
 * The reserve each player starts with: perPoint × length in a match; in money play (length 0)
 * perPoint × MONEY_GAME_POINTS, given again at the start of every game.
 */
export function fullReserve(settings: TimedClockSettings, length: number): number {
  return settings.perPointMs * (length > 0 ? length : MONEY_GAME_POINTS);
}

const fail = (message: string) => err('ERR_SETTINGS', `clock: ${message}`);

function unknownField(input: object, known: readonly string[]): string | null {
  return Object.keys(input).find((name) => !known.includes(name)) ?? null;
}

function bounded(input: Record<string, unknown>, field: keyof typeof CUSTOM_CLOCK_BOUNDS): number | null {
  const value = input[field];
  const { min, max } = CUSTOM_CLOCK_BOUNDS[field];
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : null;
}

/**
 * Checks clock settings from untrusted input (a request, a stored record): `{ preset }` with a
 * preset id, `{ kind: 'untimed' }`, a custom `{ kind: 'timed', delayMs, perPointMs }` in
 * whole milliseconds within CUSTOM_CLOCK_BOUNDS, or `{ kind: 'correspondence', daysPerMove }`
 * with one of DAYS_PER_MOVE. What it returns parses to itself again, so a
 * stored setting is checked the same way on its way back in. Every refusal is ERR_SETTINGS,
 * the code match settings are refused with (the message says what is wrong).
 */
export function parseClockSettings(input: unknown): Result<ClockSettings, 'ERR_SETTINGS'> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('settings must be an object');
  const fields = input as Record<string, unknown>;
  if ('preset' in fields) {
    const stray = unknownField(fields, ['preset']);
    if (stray !== null) return fail(`a preset is {"preset"} alone; "${stray}" is not a field`);
    const id = fields.preset;
    if (typeof id !== 'string' || !(CLOCK_PRESET_IDS as readonly string[]).includes(id)) {
      return fail(`unknown preset ${JSON.stringify(id)}; presets are ${CLOCK_PRESET_IDS.join(', ')}`);
    }
    return ok(CLOCK_PRESETS[id as ClockPresetId]);
  }
  if (fields.kind === 'untimed') {
    const stray = unknownField(fields, ['kind']);
    return stray === null ? ok(UNTIMED) : fail(`an untimed clock has no field "${stray}"`);
  }
  if (fields.kind === 'correspondence') return parseCorrespondence(fields);
  if (fields.kind !== 'timed') return fail('kind is "timed", "correspondence" or "untimed", or give {"preset"}');
  const stray = unknownField(fields, ['kind', 'delayMs', 'perPointMs']);
  if (stray !== null) return fail(`a timed clock has kind, delayMs and perPointMs; "${stray}" is not a field`);
  const delayMs = bounded(fields, 'delayMs');
  const { delayMs: d, perPointMs: p } = CUSTOM_CLOCK_BOUNDS;
  if (delayMs === null) return fail(`delayMs is a whole number of milliseconds from ${d.min} to ${d.max}`);
  const perPointMs = bounded(fields, 'perPointMs');
  if (perPointMs === null) return fail(`perPointMs is a whole number of milliseconds from ${p.min} to ${p.max}`);
  return ok({ kind: 'timed', delayMs, perPointMs });
}

function parseCorrespondence(fields: Record<string, unknown>): Result<ClockSettings, 'ERR_SETTINGS'> {
  const stray = unknownField(fields, ['kind', 'daysPerMove']);
  if (stray !== null) return fail(`a correspondence clock has kind and daysPerMove; "${stray}" is not a field`);
  const days = DAYS_PER_MOVE.find((d) => d === fields.daysPerMove);
  if (days === undefined) return fail(`daysPerMove is one of ${DAYS_PER_MOVE.join(', ')}`);
  return ok({ kind: 'correspondence', daysPerMove: days });
}
