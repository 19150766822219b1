import type { MatchRecord, Player } from '@zar/match';

/** How a match was imported: a .mat, gnubg's SGF or a Zar JSON record. */
export type ImportFormat = 'mat' | 'sgf' | 'json';

/** Where the imported match ended: read once at import, so the list needs no replay. */
export interface ImportOutcome {
  readonly score: readonly [number, number];
  readonly winner: Player | null;
  readonly games: number;
}

/** A match imported from a file that checked: the record it replays to, and who imported it. */
export interface ImportRow {
  readonly id: string;
  /** The user who uploaded it (a guest or an account). */
  readonly owner: string;
  readonly format: ImportFormat;
  /** The file's name, as the uploader's computer called it. */
  readonly name: string | null;
  readonly record: MatchRecord;
  readonly outcome: ImportOutcome;
  readonly createdAt: number;
}

/** What the imports keep: only files that checked (the service replays every one first). */
export interface ImportsStore {
  /** Keeps an import; its id is new and its owner a user (both broken invariants otherwise: it throws). */
  saveImport(row: ImportRow): Promise<void>;
  importById(id: string): Promise<ImportRow | null>;
  /** An owner's imports, newest first (ties by id, descending), at most `limit`. */
  importsOf(owner: string, limit: number): Promise<ImportRow[]>;
}
