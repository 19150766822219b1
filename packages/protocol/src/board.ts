import { POSITION_TEXT_MAX } from '@zar/match';
import * as v from 'valibot';
import { count, DiceSchema, GameIdSchema, list, PlayerSchema, pair } from './values.js';

/*
 * The analysis board (POST /api/board/evaluate and /api/board/temperature): any position of
 * any game, pasted as a gnubg Position ID (with or without its Match ID), an XGID or Zar's
 * position text (@zar/match position-text.ts), valued by the bot. For every visitor; a
 * session is not needed and none is made.
 */

/** The most plays an evaluation lists (a roll of doubles may have more: `legal` says how many). */
export const BOARD_MAX_PLAYS = 200;

/** What is pasted: a Position ID[:Match ID], gnubg's "Position ID: … Match ID: …" line, an XGID or Zar text. */
const PositionTextSchema = v.pipe(v.string(), v.maxLength(POSITION_TEXT_MAX));

export const BoardEvaluateSchema = v.strictObject({
  position: PositionTextSchema,
  /** The roll whose plays are ranked; the text's own dice when left out; none: the cube decision only. */
  dice: v.optional(DiceSchema),
  /** Depth of the plays' search: backgammon 0 to 2 (2 unless given), the other games 0 or 1 (1 unless given). */
  plies: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2))),
});
export type BoardEvaluateRequest = v.InferOutput<typeof BoardEvaluateSchema>;

export const BoardTemperatureSchema = v.strictObject({
  position: PositionTextSchema,
  /** Depth of each roll's ranking, 0 or 1 (1 unless given). */
  plies: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1))),
});
export type BoardTemperatureRequest = v.InferOutput<typeof BoardTemperatureSchema>;

/** Backgammon's cube and match, from the side on roll (position-text.ts BoardCube). */
export const BoardCubeSettingSchema = v.strictObject({
  value: v.pipe(v.number(), v.integer(), v.minValue(1)),
  owner: v.picklist(['centre', 'onRoll', 'opponent']),
  doubled: v.boolean(),
  /** 0: money play. */
  matchLength: count,
  /** [side on roll, opponent]. */
  score: pair(count),
  crawford: v.boolean(),
  jacoby: v.boolean(),
  beaver: v.boolean(),
});

/** The position as the server read it: what the page draws, and the text of a link to it. */
export const BoardSetupSchema = v.strictObject({
  game: GameIdSchema,
  /** The form it was pasted in. */
  form: v.picklist(['position-id', 'xgid', 'zar']),
  /** Zar's text of the position, the side on roll's view (engine zar-position.ts). */
  position: v.string(),
  onRoll: PlayerSchema,
  /** The dice the plays are ranked for; null: none. */
  dice: v.nullable(DiceSchema),
  /** Backgammon's cube and score; null in the games without a cube. */
  cube: v.nullable(BoardCubeSettingSchema),
  /** The setup's canonical text (an XGID for backgammon, else Zar text with its dice): a link holds it. */
  link: v.string(),
});
export type BoardSetupView = v.InferOutput<typeof BoardSetupSchema>;

/** The five cumulative chances of the mover (a game net's gammon is its mars or mother pin). */
export const ChancesSchema = v.strictObject({
  win: v.number(),
  winGammon: v.number(),
  winBackgammon: v.number(),
  loseGammon: v.number(),
  loseBackgammon: v.number(),
});

export const BoardPlaySchema = v.strictObject({
  /** Standard notation (engine formatPlay). */
  play: v.string(),
  /** The position after it in Zar text, the mover still on roll (as a hint's). */
  position: v.string(),
  /** Cubeful and normalised per cube in backgammon with a cube, else cubeless. */
  equity: v.number(),
  loss: v.pipe(v.number(), v.minValue(0)),
  plies: count,
  chances: ChancesSchema,
});
export type BoardPlay = v.InferOutput<typeof BoardPlaySchema>;

export const BoardCubeDecisionSchema = v.strictObject({
  plies: count,
  mayDouble: v.boolean(),
  /** The side on roll's cubeful equities, normalised to the cube before the double. */
  noDouble: v.number(),
  doubleTake: v.number(),
  doubleDrop: v.number(),
  proper: v.picklist(['no-double', 'double-take', 'double-drop', 'too-good']),
  answer: v.picklist(['take', 'drop', 'beaver']),
});

export const BoardEvaluationSchema = v.strictObject({
  setup: BoardSetupSchema,
  /** The bot player that valued it ("the backgammon net"). */
  bot: v.string(),
  /** The deepest search of the plays (0 without dice). */
  plies: count,
  cubeful: v.boolean(),
  /** Pips to bear off: [side on roll, opponent]. */
  pips: pair(count),
  /** Rolls of 36 that hit a blot, each side's; null in the games without hitting. */
  shots: v.nullable(v.strictObject({ onRoll: count, opponent: count })),
  /** The side on roll's chances before the roll, and their cubeless equity. */
  chances: ChancesSchema,
  equity: v.number(),
  /** Backgammon with a cube: the side on roll's cube decision. */
  cube: v.nullable(BoardCubeDecisionSchema),
  /** Best first, at most BOARD_MAX_PLAYS; empty when the roll cannot be played; null without dice. */
  plays: v.nullable(v.pipe(list(BoardPlaySchema), v.maxLength(BOARD_MAX_PLAYS))),
  /** How many legal plays the roll has. */
  legal: count,
});
export type BoardEvaluation = v.InferOutput<typeof BoardEvaluationSchema>;

export const TemperatureRollSchema = v.strictObject({
  dice: DiceSchema,
  /** Ways out of 36. */
  weight: v.picklist([1, 2]),
  /** The best play; null when the roll cannot be played. */
  play: v.nullable(v.string()),
  equity: v.number(),
  chances: ChancesSchema,
});

export const TemperatureMapSchema = v.strictObject({
  setup: BoardSetupSchema,
  bot: v.string(),
  plies: count,
  cubeful: v.boolean(),
  /** The 21 rolls, larger die first, 6-6 down to 1-1. */
  rolls: v.pipe(list(TemperatureRollSchema), v.length(21)),
  /** The rolls' equities weighed over 36: the position's worth before the roll. */
  equity: v.number(),
});
export type TemperatureMap = v.InferOutput<typeof TemperatureMapSchema>;

/** The most trials of a rollout, and of plays rolled out side by side on the same dice. */
export const ROLLOUT_MAX_TRIALS = 1296;
export const ROLLOUT_MAX_PLAYS = 4;

/**
 * A cubeless rollout (backgammon): of the position before its roll, or of a few plays of its
 * dice side by side (each the position it leaves, on the same dice). Played at 0-ply.
 */
export const BoardRolloutSchema = v.strictObject({
  position: PositionTextSchema,
  /** The roll the plays are of; the text's own dice when left out. */
  dice: v.optional(DiceSchema),
  /** The plays to roll out, in standard notation; none: the position before its roll. */
  plays: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(60))), v.maxLength(ROLLOUT_MAX_PLAYS))),
  trials: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ROLLOUT_MAX_TRIALS)), 324),
  /** Plies played before the net's value ends a trial; 0 plays every game out. */
  truncate: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)), 10),
  /** Luck cancellation (gnubg's variance reduction): fewer trials for the same error, each dearer. */
  varianceReduction: v.optional(v.boolean(), true),
  seed: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31 - 1)), 1),
});
export type BoardRolloutRequest = v.InferInput<typeof BoardRolloutSchema>;
export type BoardRollout = v.InferOutput<typeof BoardRolloutSchema>;

export const RolloutLineSchema = v.strictObject({
  /** The play rolled out; null: the position before its roll. */
  play: v.nullable(v.string()),
  /** The mover's cubeless chances and equity, and the equity's standard error. */
  chances: ChancesSchema,
  equity: v.number(),
  stdError: v.number(),
});

export const RolloutStatusSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{6,32}$/)),
  /** Stopped: by its asker; failed: the bots could not go on (message says why). */
  state: v.picklist(['running', 'done', 'stopped', 'failed']),
  setup: BoardSetupSchema,
  /** Trials asked for, and done so far (each play has had as many). */
  trials: count,
  done: count,
  truncate: count,
  varianceReduction: v.boolean(),
  seed: count,
  lines: list(RolloutLineSchema),
  message: v.optional(v.string()),
});
export type RolloutStatus = v.InferOutput<typeof RolloutStatusSchema>;
