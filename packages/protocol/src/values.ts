import { GAME_IDS } from '@zar/engine';
import { MAX_MATCH_LENGTH } from '@zar/match';
import * as v from 'valibot';

/*
 * The engine's and the match layer's values as they travel. Objects the server sends are
 * strict: a field the schema does not name is a mismatch, so the contract cannot drift from
 * what the server writes without a test failing (server/test/support/harness.ts checks every
 * frame and body). Lists and pairs are readonly, as the match layer's own values are.
 */

/** A readonly list of `item`. */
export const list = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.readonly());

/** A readonly pair of `item`: the two seats, the two dice. */
export const pair = <T extends v.GenericSchema>(item: T) => v.pipe(v.strictTuple([item, item]), v.readonly());

export const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Game ids, invite tokens: what a URL may carry. */
export const IdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{6,32}$/, 'an id is 6-32 letters, digits, - or _'));

/** The number of actions applied to a game so far. */
export const VersionSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));

export const PlayerSchema = v.picklist([0, 1]);
export const DieSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6));
export const DiceSchema = pair(DieSchema);
export const GameIdSchema = v.picklist(GAME_IDS);
/**
 * Which game a request asks for, as NewGame, a pairing request and a tournament name it: one of
 * game, preset or cycle (default: backgammon), spread into each request's schema.
 */
export const GameChoiceEntries = {
  game: v.optional(GameIdSchema),
  preset: v.optional(v.pipe(v.string(), v.maxLength(40))),
  cycle: v.optional(v.pipe(v.string(), v.maxLength(40))),
};

/** A match length of at least one point (no money session): a pairing request, a tournament round. */
export const PointsLengthSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_MATCH_LENGTH));

/** A game's rule options, checked by the engine's factory where they are used. */
export const OptionsSchema = v.record(v.pipe(v.string(), v.maxLength(40)), v.unknown());

export const CubeSchema = v.strictObject({
  value: v.pipe(v.number(), v.integer(), v.minValue(1)),
  owner: v.nullable(PlayerSchema),
});

export const PhaseSchema = v.picklist([
  'opening',
  'roll',
  'doubled',
  'beavered',
  'raccooned',
  'move',
  'resigning',
  'over',
]);

export const ResignLevelSchema = v.picklist([1, 2, 3]);
export type ResignLevel = v.InferOutput<typeof ResignLevelSchema>;

export const ResignOfferSchema = v.strictObject({
  by: PlayerSchema,
  level: ResignLevelSchema,
  resume: v.picklist(['roll', 'move']),
});

export const ResultKindSchema = v.picklist([
  'single',
  'gammon',
  'backgammon',
  'mother',
  'draw',
  'drop',
  'resign',
  'timeout',
]);

export const GameResultSchema = v.strictObject({
  winner: v.nullable(PlayerSchema),
  kind: ResultKindSchema,
  points: count,
});
export type GameResult = v.InferOutput<typeof GameResultSchema>;

export const GameChoiceSchema = v.strictObject({ game: GameIdSchema, options: v.optional(OptionsSchema) });

export const MatchSettingsSchema = v.strictObject({
  length: v.pipe(count, v.maxValue(MAX_MATCH_LENGTH)),
  cycle: list(GameChoiceSchema),
  jacoby: v.boolean(),
  beaver: v.boolean(),
  raccoon: v.boolean(),
  automaticDoubles: count,
  laterGames: v.picklist(['opening-roll', 'previous-winner', 'game-rule']),
});
export type MatchSettings = v.InferOutput<typeof MatchSettingsSchema>;

export const CrawfordStateSchema = v.picklist(['pending', 'active', 'done']);

/** The bot's levels, weakest first; the server checks at compile time that the bot has exactly these. */
export const BOT_LEVELS = ['beginner', 'casual', 'club', 'expert', 'master'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
export const BotLevelSchema = v.picklist(BOT_LEVELS);
