import * as v from 'valibot';
import { IdSchema, pair } from './values.js';

/*
 * What a game between people shows beyond the board: who is connected, whether the
 * viewer may claim the match of an absent opponent, a rematch, the series and the ratings.
 */

/** A rating as shown: the FIBS rating, unrounded (a client rounds for display). */
export const RatingSchema = v.pipe(v.number(), v.finite());

/** One player's rating before and after a rated match (shown in the end-of-match dialog). */
export const RatingChangeSchema = v.strictObject({ before: RatingSchema, after: RatingSchema });
export type RatingChange = v.InferOutput<typeof RatingChangeSchema>;

export const RematchViewSchema = v.strictObject({
  /** Each seat has offered (or accepted) a rematch. */
  offered: pair(v.boolean()),
  /** The viewer may offer or accept a rematch now (the match is over, he played in it, none started yet). */
  allowed: v.boolean(),
  /** The match the rematch started, once both agreed: clients go there. */
  next: v.nullable(IdSchema),
});
export type RematchView = v.InferOutput<typeof RematchViewSchema>;
