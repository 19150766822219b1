import * as v from 'valibot';
import { count } from './values.js';

/*
 * What GET /api/stats tells every visitor (no session needed): how busy the server is. The
 * server counts at most every few seconds, so the numbers may be that old.
 */
export const StatsSchema = v.strictObject({
  /** Games being played now: both seats taken, not over. */
  playing: count,
  /** Open games waiting for an opponent. */
  waiting: count,
});
export type Stats = v.InferOutput<typeof StatsSchema>;
