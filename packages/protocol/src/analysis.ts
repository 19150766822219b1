import * as v from 'valibot';
import { count, DiceSchema, GameIdSchema, list, PlayerSchema, pair } from './values.js';

/*
 * The analysis of a finished match as GET /api/games/:id/analysis sends it. The bot computes
 * it; the server checks at compile time that the bot's type fits this one.
 */

export const MarkSchema = v.picklist(['none', 'doubtful', 'error', 'blunder']);
export type Mark = v.InferOutput<typeof MarkSchema>;

export const CubeActionSchema = v.picklist(['no-double', 'double', 'take', 'drop', 'beaver']);
export type CubeAction = v.InferOutput<typeof CubeActionSchema>;

const decision = {
  /** Index of the action in the record. */
  action: count,
  /** 1 for the first game. */
  game: count,
  player: PlayerSchema,
  /**
   * Which of the five games the decision was made in (a tavla cycle mixes three); `game` is
   * its number in the match. Analyses made before every game was analysed lack it: backgammon.
   */
  gameId: v.optional(GameIdSchema),
  /**
   * The position before the decision in Zar text (engine's zar-position.ts), seen from the
   * side on roll: what a page draws, for every game. Older analyses lack it (positionId has it).
   */
  position: v.optional(v.string()),
  /** gnubg's Position ID and Match ID: backgammon's decisions only (other games have no such form). */
  positionId: v.optional(v.string()),
  matchId: v.optional(v.string()),
  /** Normalised equity lost against the best found (0 when the choice was best). */
  loss: v.number(),
  mark: MarkSchema,
};

export const MoveAnalysisSchema = v.strictObject({
  ...decision,
  kind: v.literal('move'),
  dice: DiceSchema,
  played: v.string(),
  best: v.string(),
  /** The best plays found, best first, with their equities for the mover. */
  alternatives: list(v.strictObject({ play: v.string(), equity: v.number() })),
  equityPlayed: v.number(),
  equityBest: v.number(),
});
export type MoveAnalysis = v.InferOutput<typeof MoveAnalysisSchema>;

export const CubeAnalysisSchema = v.strictObject({
  ...decision,
  kind: v.literal('cube'),
  chosen: CubeActionSchema,
  best: CubeActionSchema,
  /** The doubler's equities (no double, double/take, double/drop). */
  equities: v.strictObject({ noDouble: v.number(), doubleTake: v.number(), doubleDrop: v.number() }),
});
export type CubeAnalysis = v.InferOutput<typeof CubeAnalysisSchema>;

export const DecisionAnalysisSchema = v.variant('kind', [MoveAnalysisSchema, CubeAnalysisSchema]);
export type DecisionAnalysis = v.InferOutput<typeof DecisionAnalysisSchema>;

export const PlayerReportSchema = v.strictObject({
  name: v.string(),
  /** Non-obvious decisions: moves with a choice, and close or taken cube decisions. */
  decisions: count,
  moves: count,
  cubeDecisions: count,
  equityLost: v.number(),
  /** mEMG per decision. */
  errorRate: v.number(),
  /** 500 × equity lost per decision. */
  pr: v.number(),
  marks: v.strictObject({ doubtful: count, error: count, blunder: count }),
  /**
   * Luck in equity (EMG): the sum over his rolls of the equity after his best play with
   * the roll he got minus its average over the 36 rolls (0-ply). Analyses stored before it lack it.
   */
  luck: v.optional(v.number()),
});
export type PlayerReport = v.InferOutput<typeof PlayerReportSchema>;

export const MatchAnalysisSchema = v.strictObject({
  length: count,
  plies: count,
  cubePlies: count,
  players: pair(PlayerReportSchema),
  /** Every non-obvious decision, in the order of the record. */
  decisions: list(DecisionAnalysisSchema),
});
export type MatchAnalysis = v.InferOutput<typeof MatchAnalysisSchema>;

/** 202 while the analysis waits or runs (ask again), 200 with it once ready. */
export const AnalysisStatusSchema = v.variant('state', [
  v.strictObject({ state: v.literal('queued'), ahead: count }),
  v.strictObject({ state: v.literal('running'), done: count, total: count }),
  v.strictObject({ state: v.literal('ready'), analysis: MatchAnalysisSchema }),
]);
export type AnalysisStatus = v.InferOutput<typeof AnalysisStatusSchema>;

/**
 * A finished match's analysis if the server holds one, for anyone who may see the match; asking
 * never starts one (GET /api/games/:id/analysis does, for players). Null: none is held.
 */
export const AnalysisHeldSchema = v.strictObject({ analysis: v.nullable(MatchAnalysisSchema) });
export type AnalysisHeld = v.InferOutput<typeof AnalysisHeldSchema>;
