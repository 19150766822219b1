import * as v from 'valibot';
import { DiceSchema, PlayerSchema, ResignLevelSchema } from './values.js';

/**
 * What a player may ask for; the seat comes from the session, never from the message. Strict:
 * an action carrying a seat or dice is refused, not trimmed and played.
 */
export const ClientActionSchema = v.variant('type', [
  v.strictObject({ type: v.literal('roll') }),
  v.strictObject({ type: v.literal('play'), play: v.pipe(v.string(), v.maxLength(80)) }),
  v.strictObject({ type: v.literal('double') }),
  v.strictObject({ type: v.literal('take') }),
  v.strictObject({ type: v.literal('drop') }),
  v.strictObject({ type: v.literal('beaver') }),
  v.strictObject({ type: v.literal('raccoon') }),
  v.strictObject({ type: v.literal('resign'), level: ResignLevelSchema }),
  v.strictObject({ type: v.literal('accept') }),
  v.strictObject({ type: v.literal('decline') }),
]);
export type ClientAction = v.InferOutput<typeof ClientActionSchema>;

const by = <T extends string>(type: T) => v.strictObject({ type: v.literal(type), player: PlayerSchema });

/**
 * One action applied to a game, as an event tells it: who did what, with the dice the server
 * rolled. The server maps the match layer's own actions onto this; they may grow apart.
 */
export const EventActionSchema = v.variant('type', [
  /** One die each: dice[0] is player 0's die, dice[1] player 1's. */
  v.strictObject({ type: v.literal('opening'), dice: DiceSchema }),
  v.strictObject({ type: v.literal('roll'), player: PlayerSchema, dice: DiceSchema }),
  /** A play in standard notation, mover's numbering; '' for "no play". */
  v.strictObject({ type: v.literal('play'), player: PlayerSchema, play: v.string() }),
  by('double'),
  by('take'),
  by('drop'),
  by('beaver'),
  by('raccoon'),
  v.strictObject({ type: v.literal('resign'), player: PlayerSchema, level: ResignLevelSchema }),
  by('accept'),
  by('decline'),
  /** The player ran out of time. */
  by('timeout'),
]);
export type EventAction = v.InferOutput<typeof EventActionSchema>;
