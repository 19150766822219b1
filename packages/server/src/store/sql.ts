import type { Kysely, Transaction } from 'kysely';
import { queueAnalysisAtEnd, sqlAnalysis } from './analysis/sql.js';
import { sqlChat } from './chat/sql.js';
import { type Checkpointer, startCheckpointer } from './checkpointer.js';
import { isSqlite } from './dialect.js';
import { sqlDice } from './dice/sql.js';
import { countMatchDice } from './dice/totals-sql.js';
import { postgresAppend } from './games/postgres-append.js';
import { sqlGames } from './games/sql.js';
import { sqlImports } from './imports/sql.js';
import { rateInTransaction } from './people/ratings-sql.js';
import { sqlPeople } from './people/sql.js';
import { sqlPuzzles } from './puzzles/sql.js';
import { migrate } from './schema.js';
import { sqliteAppend } from './sqlite-append.js';
import { sqliteOf } from './sqlite-handle.js';
import type { Database } from './tables.js';
import { sqlTournaments } from './tournament/sql.js';
import type { Store } from './types.js';

export interface SqlStoreOptions {
  /**
   * Over a SQLite file from openSqlite: append actions through statements prepared once, and
   * checkpoint the WAL in a worker thread (default true). False keeps everything on kysely and
   * SQLite's automatic checkpoint, the baseline the load benchmark compares against.
   */
  readonly sqliteFastPath?: boolean;
}

/**
 * The Store over SQL: one kysely query path for SQLite and PostgreSQL. Every value goes in as a
 * bound parameter, so no name or action text can change a statement; JSON is written as TEXT
 * and read back with JSON.parse (the server wrote it, so a parse failure is a broken invariant).
 * Over SQLite the hot write, appendAction, skips kysely (sqlite-append.ts) unless told not to;
 * over PostgreSQL it is one statement rather than a transaction (games/postgres-append.ts).
 * Each domain's queries are in its folder (games/sql.ts, people/sql.ts, …) over the one handle;
 * they are put together here, where the games' appendAction is given the dice's count, the
 * analysis queue and the people's rating to run in its transaction.
 */
export function sqlStore(db: Kysely<Database>, options: SqlStoreOptions = {}): Store {
  // The end of a match counts its dice and, between two people, queues its analysis, in its transaction.
  const atEnd = async (trx: Transaction<Database>, gameId: string): Promise<void> => {
    await countMatchDice(trx, gameId);
    await queueAnalysisAtEnd(trx, gameId);
  };
  const sqlite = options.sqliteFastPath === false ? null : sqliteOf(db);
  let checkpointer: Checkpointer | null = null;
  const store: Store = {
    migrate: () => migrate(db),
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },

    ...sqlGames(db, { countMatch: atEnd, rate: rateInTransaction }),
    ...sqlPeople(db),
    ...sqlTournaments(db),
    ...sqlChat(db),
    ...sqlDice(db),
    ...sqlAnalysis(db),
    ...sqlImports(db),
    ...sqlPuzzles(db),
  };
  if (sqlite === null) return isSqlite(db) ? store : { ...store, appendAction: postgresAppend(db, store.appendAction) };
  if (!sqlite.memory) checkpointer = startCheckpointer(sqlite);
  return { ...store, appendAction: sqliteAppend(sqlite, store.appendAction) };
}
