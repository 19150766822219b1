import * as v from 'valibot';
import { count, IdSchema, list, pair } from './values.js';

/*
 * Dice statistics: the faces and the 21 rolls thrown in finished matches, for one
 * player and for the whole site, tested against fair dice (@zar/match's dice-stats.ts), and
 * the luck of each analysed backgammon match (from the bot's equity swings).
 */

export const ChiSquareSchema = v.strictObject({
  statistic: v.number(),
  degreesOfFreedom: count,
  /** The chance of a statistic at least this large with fair dice. */
  pValue: v.number(),
  observations: count,
  /** Every category expects at least 5: below that the p-value is only indicative. */
  reliable: v.boolean(),
});

export const DiceStatsSchema = v.strictObject({
  /** Finished matches counted. */
  matches: count,
  /** faces[f - 1]: dice that showed f, opening dice included. */
  faces: v.pipe(list(count), v.length(6)),
  /** rolls[i]: the i-th of the 21 rolls (1-1, 1-2, …, 1-6, 2-2, …, 6-6), unordered. */
  rolls: v.pipe(list(count), v.length(21)),
  /** Opening dice among the faces (one die each, not a roll). */
  openingDice: count,
  doubles: count,
  /** Faces against 1/6 each; null with no die thrown. */
  faceTest: v.nullable(ChiSquareSchema),
  /** The 21 rolls against 1/36 (doubles) and 2/36; null with no roll. */
  rollTest: v.nullable(ChiSquareSchema),
});
export type DiceStats = v.InferOutput<typeof DiceStatsSchema>;

/** One analysed backgammon match's luck for the player (and his opponent's). */
export const MatchLuckSchema = v.strictObject({
  game: IdSchema,
  /** When the analysis was saved. */
  at: v.number(),
  opponent: v.string(),
  /**
   * Luck in equity (EMG): the sum over his rolls of the equity after his best play with the roll
   * he got minus the average over the 36 rolls; positive: luckier than average. [his, opponent's].
   */
  luck: pair(v.number()),
  /** His performance rating in the match. */
  pr: v.number(),
});
export type MatchLuck = v.InferOutput<typeof MatchLuckSchema>;

export const PlayerDiceSchema = v.strictObject({
  name: v.string(),
  stats: DiceStatsSchema,
  /** His analysed backgammon matches, latest first; at most DICE_LUCK_MATCHES. */
  luck: list(MatchLuckSchema),
});
export type PlayerDice = v.InferOutput<typeof PlayerDiceSchema>;

export const DICE_LUCK_MATCHES = 50;

export const SiteDiceSchema = v.strictObject({ stats: DiceStatsSchema });
export type SiteDice = v.InferOutput<typeof SiteDiceSchema>;
