import * as v from 'valibot';
import { CubeActionSchema } from './analysis.js';
import { count, DiceSchema, list } from './values.js';

/*
 * A hint as GET /api/games/:id/hint sends it: the bot's view of the decision the asker is to
 * make now, in a game against a bot, for rules the bot values exactly. Either every legal play
 * of his roll, ranked, or his cube decision. The server decides what a decision is; the page
 * only shows the list and finds the player's own play in it by its notation or position.
 */

/** The most plays a hint lists; a roll with more (some doubles) lists its best this many. */
export const HINT_MAX_PLAYS = 200;

export const HintPlaySchema = v.strictObject({
  /** Standard notation, as the engine's formatPlay writes it: the text a client sends to play it. */
  play: v.string(),
  /**
   * The position after the play in Zar's text form (engine makeZarPosition), the mover's view
   * before the turn passes: the page matches the play the player entered by it.
   */
  position: v.string(),
  /** The mover's equity after the play: cubeful and normalised per cube where the bot has a cube, else cubeless. */
  equity: v.number(),
  /** Equity lost against the best play (0 for the best). */
  loss: v.pipe(v.number(), v.minValue(0)),
  /** The depth this play was searched to (the best few are searched deepest). */
  plies: count,
});
export type HintPlay = v.InferOutput<typeof HintPlaySchema>;

export const PlaysHintSchema = v.strictObject({
  kind: v.literal('plays'),
  /** The bot player that valued them, as messages name it ("the backgammon net"). */
  bot: v.string(),
  /** The deepest search used. */
  plies: count,
  dice: DiceSchema,
  /** Best first. Empty when the roll cannot be played. */
  plays: v.pipe(list(HintPlaySchema), v.maxLength(HINT_MAX_PLAYS)),
  /** How many legal plays the roll has: more than plays.length when the list stops at HINT_MAX_PLAYS. */
  legal: count,
  /** Whether the equities count the cube (backgammon with a cube), else they are cubeless. */
  cubeful: v.boolean(),
});
export type PlaysHint = v.InferOutput<typeof PlaysHintSchema>;

/**
 * The proper cube action, gnubg's words. For the player on roll: no double (take), double and
 * the opponent takes, double and he drops, too good to double (play on for a gammon). For the
 * player answering a double: take, drop or beaver.
 */
export const ProperCubeActionSchema = v.picklist([
  'no-double',
  'double-take',
  'double-drop',
  'too-good',
  'take',
  'drop',
  'beaver',
]);
export type ProperCubeAction = v.InferOutput<typeof ProperCubeActionSchema>;

export const CubeHintChoiceSchema = v.strictObject({
  action: CubeActionSchema,
  /** The asker's equity after it, normalised to the cube before any double. */
  equity: v.number(),
  /** Equity lost against the best choice (0 for the best). */
  loss: v.pipe(v.number(), v.minValue(0)),
});
export type CubeHintChoice = v.InferOutput<typeof CubeHintChoiceSchema>;

export const CubeHintSchema = v.strictObject({
  kind: v.literal('cube'),
  bot: v.string(),
  plies: count,
  /** 'double': the asker is on roll and may double; 'take': he answers his opponent's double. */
  decision: v.picklist(['double', 'take']),
  proper: ProperCubeActionSchema,
  /** The doubler's cubeful equities, normalised to the cube before the double (gnubg's table). */
  equities: v.strictObject({ noDouble: v.number(), doubleTake: v.number(), doubleDrop: v.number() }),
  /**
   * The asker's choices, best first: no-double and double for the doubler (a double valued at
   * the answer the opponent should give), take, drop and (where the match allows) beaver for the taker.
   */
  choices: list(CubeHintChoiceSchema),
});
export type CubeHint = v.InferOutput<typeof CubeHintSchema>;

export const HintSchema = v.variant('kind', [PlaysHintSchema, CubeHintSchema]);
export type Hint = v.InferOutput<typeof HintSchema>;
