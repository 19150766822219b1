import { CLOCK_PRESET_IDS, CUSTOM_CLOCK_BOUNDS, DAYS_PER_MOVE } from '@zar/match';
import * as v from 'valibot';
import { count, PlayerSchema, pair } from './values.js';

/*
 * Clocks as they travel. The match layer owns the clock (match/src/clock.ts); the
 * server alone decides a timeout. A client is sent readings and counts down from them locally,
 * for display only.
 */

const ms = (bound: { readonly min: number; readonly max: number }) =>
  v.pipe(v.number(), v.integer(), v.minValue(bound.min), v.maxValue(bound.max));

export const ClockPresetIdSchema = v.picklist(CLOCK_PRESET_IDS);

/** A correspondence clock's days per move. */
export const DaysPerMoveSchema = v.picklist(DAYS_PER_MOVE);

const CorrespondenceSettingsSchema = v.strictObject({
  kind: v.literal('correspondence'),
  daysPerMove: DaysPerMoveSchema,
});

/**
 * What a client asks for when making a game: a preset by id, untimed, a custom simple delay
 * and reserve per point in whole milliseconds, or days per move (the match layer's
 * parseClockSettings checks it again on the server).
 */
export const ClockRequestSchema = v.union([
  v.strictObject({ preset: ClockPresetIdSchema }),
  v.strictObject({ kind: v.literal('untimed') }),
  v.strictObject({
    kind: v.literal('timed'),
    delayMs: ms(CUSTOM_CLOCK_BOUNDS.delayMs),
    perPointMs: ms(CUSTOM_CLOCK_BOUNDS.perPointMs),
  }),
  CorrespondenceSettingsSchema,
]);
export type ClockRequest = v.InferOutput<typeof ClockRequestSchema>;

/** A game's clock as stored and listed: the match layer's ClockSettings. */
export const ClockSettingsSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('untimed') }),
  v.strictObject({ kind: v.literal('timed'), delayMs: count, perPointMs: count }),
  CorrespondenceSettingsSchema,
]);
export type ClockSettingsView = v.InferOutput<typeof ClockSettingsSchema>;

/**
 * A timed game's clock read at the moment the server wrote the frame. A client shows
 * `reserve[p]` for the player not acting, and for the actor counts `delay` down first, then
 * his reserve, from when the frame arrived, while `running`. A correspondence clock reads the
 * same way: no delay (`delayMs` and `delay` 0), `perPointMs` the time each move gets (its days),
 * `reserve[p]` what is left of it (the player not acting has all of it).
 */
export const ClockViewSchema = v.strictObject({
  delayMs: count,
  perPointMs: count,
  /** Each player's reserve left, in ms (the actor's as of this frame). */
  reserve: pair(count),
  /** The actor's delay left, in ms; 0 when no one acts. */
  delay: count,
  /** Whose time runs; null between games, before the opening roll, and once the match is over. */
  actor: v.nullable(PlayerSchema),
  /** The actor's time is running now (false while no one acts, or the server has paused the clock). */
  running: v.boolean(),
});
export type ClockView = v.InferOutput<typeof ClockViewSchema>;
