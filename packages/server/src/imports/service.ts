import type { ImportSummary } from '@zar/protocol';
import { randomId } from '../common/ids.js';
import type { ImportRow, ImportsStore } from '../store/types.js';
import type { ReadFile } from './read-file.js';

/** The imports an owner's list shows, newest first. */
export const LISTED = 50;

/** 10 bytes: 14 characters, within the protocol's id pattern, as a game's id. */
const newImportId = (): string => randomId(10);

/**
 * Keeps the match of a file that checked (readFile), owned by `owner`. The route reads the file
 * first and makes a visitor a guest only then, so nothing at all is kept from a file that does
 * not check.
 */
export async function keepImport(
  store: ImportsStore,
  upload: { readonly owner: string; readonly name: string | null; readonly file: ReadFile },
  now: number,
): Promise<ImportRow> {
  const { format, record, outcome } = upload.file;
  const row: ImportRow = {
    id: newImportId(),
    owner: upload.owner,
    format,
    name: upload.name,
    record,
    outcome,
    createdAt: now,
  };
  await store.saveImport(row);
  return row;
}

/** An import as the contract sends it. */
export function importSummary(row: ImportRow): ImportSummary {
  const { id, format, name, record, outcome } = row;
  return {
    id,
    format,
    name,
    players: [record.players[0], record.players[1]],
    settings: record.settings,
    score: [outcome.score[0], outcome.score[1]],
    winner: outcome.winner,
    games: outcome.games,
    at: row.createdAt,
  };
}

/** The analysis key of an import, apart from the games' (theirs are `id:version`; no id holds a slash). */
export const analysisKey = (id: string): string => `imports/${id}`;
