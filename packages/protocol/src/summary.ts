import * as v from 'valibot';
import { ClockSettingsSchema } from './clock.js';
import { count, IdSchema, MatchSettingsSchema, PlayerSchema, pair } from './values.js';
import { GameStatusSchema, SeatViewSchema } from './view-schema.js';

/** A game as the lobby and the history list it. */
export const GameSummarySchema = v.strictObject({
  id: IdSchema,
  status: GameStatusSchema,
  settings: MatchSettingsSchema,
  players: pair(SeatViewSchema),
  you: v.nullable(PlayerSchema),
  /** The match is over and the server can analyse it. */
  analysable: v.boolean(),
  /** The match score now; at the end, the final score. */
  score: pair(count),
  /** Who won the match; null while it is played, and for a money session. */
  winner: v.nullable(PlayerSchema),
  /** A .mat file can hold the match (gnubg's format: backgammon, no beavers, raccoons or automatic doubles). */
  mat: v.boolean(),
  clock: ClockSettingsSchema,
  rated: v.boolean(),
  /** The seat that abandoned the match (lost on time while away, or claimed by the opponent); null otherwise. */
  abandonedBy: v.nullable(PlayerSchema),
  createdAt: v.number(),
  /** When the game last changed (an action, a player sitting down): for a finished match, when it ended. */
  updatedAt: v.number(),
  /** Played offline against the bot in a browser and uploaded: casual, unrated, its dice not provable. */
  offline: v.optional(v.literal(true)),
});
export type GameSummary = v.InferOutput<typeof GameSummarySchema>;
