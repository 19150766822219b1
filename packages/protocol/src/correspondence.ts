import * as v from 'valibot';
import { DaysPerMoveSchema } from './clock.js';
import { count, IdSchema, list, pair } from './values.js';

/*
 * A player's correspondence matches, as GET /api/correspondence lists them: the unfinished
 * matches on a clock of days per move in which he holds a seat.
 */

export const CorrespondenceEntrySchema = v.strictObject({
  id: IdSchema,
  /** The game's id, or the mixed cycle's name. */
  game: v.string(),
  /** The opponent's name; null while his seat is open. */
  opponent: v.nullable(v.string()),
  /** The player must act (roll, move, answer a double, …). */
  yourTurn: v.boolean(),
  /** When the current stretch runs out (ms since the epoch); null while no clock runs. */
  deadline: v.nullable(v.number()),
  daysPerMove: DaysPerMoveSchema,
  /** The match score: the player's, then the opponent's. */
  score: pair(count),
  /** The match length; 0 for money play. */
  length: count,
});
export type CorrespondenceEntry = v.InferOutput<typeof CorrespondenceEntrySchema>;

/** Sorted: the matches where it is the player's turn first, by deadline; then the others by deadline. */
export const CorrespondenceListSchema = v.strictObject({ games: list(CorrespondenceEntrySchema) });
export type CorrespondenceList = v.InferOutput<typeof CorrespondenceListSchema>;
