import * as v from 'valibot';
import { count, IdSchema, list, MatchSettingsSchema, PlayerSchema, pair } from './values.js';

/*
 * Imports: a match played elsewhere, uploaded as a .mat file (gnubg's, XG's, JellyFish's
 * export), gnubg's SGF or a Zar JSON record, checked by replaying it, then kept for its replay
 * and its analysis (GET /api/imports/:id/record, …/analysis). A file that does not check is
 * refused with its error's code, line and parameters (ErrorBody's `detail`); nothing is kept.
 */

/** The most a file may weigh, in bytes of UTF-8: more is refused with 413 ERR_TOO_LARGE. */
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** The formats an import is read in: chosen by the text itself (JSON starts with "{", gnubg's SGF with "("). */
export const ImportFormatSchema = v.picklist(['mat', 'sgf', 'json']);
export type ImportFormat = v.InferOutput<typeof ImportFormatSchema>;

/** What a client uploads: the file's text and, for the list, its name. */
export const NewImportSchema = v.strictObject({
  text: v.string(),
  /** The file's name as the reader's computer called it (shown in the list only). */
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type NewImport = v.InferOutput<typeof NewImportSchema>;

/** An imported match as the list and its page show it. */
export const ImportSummarySchema = v.strictObject({
  id: IdSchema,
  format: ImportFormatSchema,
  name: v.nullable(v.string()),
  /** The players' names as the file gives them. */
  players: pair(v.string()),
  settings: MatchSettingsSchema,
  score: pair(count),
  winner: v.nullable(PlayerSchema),
  games: count,
  /** Milliseconds since the epoch, when it was imported. */
  at: count,
});
export type ImportSummary = v.InferOutput<typeof ImportSummarySchema>;

/** The caller's own imports, newest first. */
export const ImportListSchema = v.strictObject({ imports: list(ImportSummarySchema) });
export type ImportList = v.InferOutput<typeof ImportListSchema>;
