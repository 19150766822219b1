import * as v from 'valibot';
import { EventActionSchema } from './actions.js';
import { type BotLevel, count, IdSchema, list, MatchSettingsSchema, pair } from './values.js';

/*
 * A match played offline against the bot, wholly in the browser: kept there after every
 * action, exported, and uploaded once online to the player's history (POST /api/offline).
 * Its dice come from a seed the browser chose (@zar/match seedsFromText), so the server can
 * check that every roll is the seed's, but not that the seed was not chosen for its dice: an
 * offline match is casual and unrated, its dice not provable, and the pages say so.
 */

/** The levels the browser plays offline: up to expert (master's 2-ply search is too slow for a phone). */
export const OFFLINE_LEVELS = ['beginner', 'casual', 'club', 'expert'] as const satisfies readonly BotLevel[];
export const OfflineLevelSchema = v.picklist(OFFLINE_LEVELS);
export type OfflineLevel = v.InferOutput<typeof OfflineLevelSchema>;

/** The seed text: what `zar play --seed` takes, printable ASCII. */
export const OfflineSeedSchema = v.pipe(
  v.string(),
  v.regex(/^[\x21-\x7e]{1,64}$/, 'a seed is 1-64 printable ASCII characters'),
);

/** The most actions an offline record may hold (a long match's is a few thousand). */
export const OFFLINE_MAX_ACTIONS = 20_000;

/** The most a record may weigh in the request, in bytes. */
export const OFFLINE_MAX_BYTES = 1024 * 1024;

/**
 * An offline match as the browser keeps and uploads it: its settings, the bot's level, the
 * seed of the dice and the bot's choices, the players' names (the person first, in seat 0),
 * and every action with its dice, as the events tell them.
 */
export const OfflineRecordSchema = v.strictObject({
  id: IdSchema,
  settings: MatchSettingsSchema,
  level: OfflineLevelSchema,
  seed: OfflineSeedSchema,
  names: pair(v.pipe(v.string(), v.maxLength(40))),
  actions: v.pipe(list(EventActionSchema), v.maxLength(OFFLINE_MAX_ACTIONS)),
  /** Milliseconds since the epoch, when the match began in the browser. */
  startedAt: count,
});
export type OfflineRecord = v.InferOutput<typeof OfflineRecordSchema>;

/** What the upload answers: the game in the player's history. */
export const OfflineUploadedSchema = v.strictObject({ id: IdSchema });
export type OfflineUploaded = v.InferOutput<typeof OfflineUploadedSchema>;
