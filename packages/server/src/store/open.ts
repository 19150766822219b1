import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { settingOrStop } from '../env.js';
import { rememberPostgres } from './postgres-handle.js';
import { sqlStore } from './sql.js';
import {
  DEFAULT_SQLITE_BUSY_MS,
  START_SQLITE_BUSY_MS,
  setBusyTimeout,
  sqliteBusyFrom,
  whileStarting,
} from './sqlite-busy.js';
import { rememberSqlite, sqliteOf } from './sqlite-handle.js';
import type { Database } from './tables.js';
import type { Store } from './types.js';

export interface StoreEnv {
  /** postgres://… or postgresql://…: use PostgreSQL. */
  readonly DATABASE_URL?: string | undefined;
  /** The SQLite file when DATABASE_URL is not set; default ./data/zar.sqlite. */
  readonly ZAR_DB?: string | undefined;
  /** How long a SQLite write waits for another process's lock before it is refused (sqlite-busy.ts). */
  readonly ZAR_SQLITE_BUSY_MS?: string | undefined;
}

export const DEFAULT_SQLITE_FILE = './data/zar.sqlite';

/**
 * The server's store as the environment asks: PostgreSQL when DATABASE_URL is set, otherwise a
 * SQLite file that needs no set-up. Tables are created when missing. A DATABASE_URL that is set
 * but is not a PostgreSQL URL is refused rather than quietly falling back to SQLite, which
 * would hide the mistake until someone looked for their games in the wrong database.
 */
export async function openStore(env: StoreEnv): Promise<Store> {
  const url = env.DATABASE_URL ?? '';
  let db: Kysely<Database>;
  if (url !== '') {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('DATABASE_URL must start with postgres:// or postgresql:// (unset it to use SQLite)');
    }
    db = openPostgres(url);
  } else {
    db = openSqlite(env.ZAR_DB || DEFAULT_SQLITE_FILE, { busyMs: settingOrStop(sqliteBusyFrom(env)) });
  }
  const store = sqlStore(db);
  try {
    await whileStarting(sqliteOf(db), () => store.migrate());
  } catch (e) {
    await store.close();
    throw e;
  }
  return store;
}

/**
 * A SQLite database in WAL mode. synchronous=NORMAL is enough for "stored before acknowledged"
 * against a killed process (kill -9, a crash): a commit returns only after its frames are
 * written to the WAL file, and what was written survives the process in the OS page cache.
 * What NORMAL gives up is the fsync at each commit, so a power cut or kernel crash can lose
 * the last commits (never corrupt the file); use synchronous=FULL if that matters more than
 * the speed. `busyMs`: how long a statement waits for another connection's lock once the
 * file is open (sqlite-busy.ts; the write check at open waits longer).
 */
export function openSqlite(file: string, options: { readonly busyMs?: number } = {}): Kysely<Database> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { timeout: START_SQLITE_BUSY_MS });
  const mode = sqlite.pragma('journal_mode = WAL', { simple: true });
  if (file !== ':memory:' && mode !== 'wal') {
    sqlite.close();
    throw new Error(`SQLite at ${file} refused WAL mode (journal_mode is ${String(mode)})`);
  }
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // The automatic checkpoint runs (and fsyncs) on the event loop; every 1000 pages it stalled
  // appends for up to 25 ms under load. Ten times rarer keeps the WAL under ~40 MB. sqlStore
  // turns it off and checkpoints in a worker thread instead (checkpointer.ts).
  sqlite.pragma('wal_autocheckpoint = 10000');
  refuseUnwritable(sqlite, file);
  setBusyTimeout(sqlite, options.busyMs ?? DEFAULT_SQLITE_BUSY_MS);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  rememberSqlite(db, sqlite);
  return db;
}

/** How long opening a PostgreSQL connection may take before the query that needed it fails. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Fails at start, naming the file, when SQLite cannot write to it: a file or directory without
 * write permission, a read-only mount, a file whose header says it is read-only. SQLite opens
 * such a file read-only without a word and refuses only the first write (even BEGIN IMMEDIATE
 * passes), so without this probe the server would say it is serving and then answer every
 * visitor with an error. The probe creates a table inside a transaction it rolls back: a
 * real write, of which nothing stays.
 */
function refuseUnwritable(sqlite: SQLite.Database, file: string): void {
  try {
    sqlite.exec('BEGIN IMMEDIATE; CREATE TABLE zar_write_probe (x INTEGER); ROLLBACK');
  } catch (e) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    sqlite.close();
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(
      `SQLite at ${file} cannot be written (${reason}): check the permissions of the file and its directory, and the free space`,
    );
  }
}

export interface PostgresOptions {
  /** A schema to work in (created by the caller), e.g. to keep test runs apart. */
  readonly schema?: string;
  /** Connections in the pool; default 10. */
  readonly max?: number;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Kysely<Database> {
  const { schema, max = 10 } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`PostgreSQL schema name ${JSON.stringify(schema)} must be lower-case letters, digits and _`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A database that does not answer at all (a host gone, packets dropped) fails a query after
    // this long, as one that refuses connections does at once, rather than holding it for ever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // A connection that drops (the database stopped or restarting) emits 'error', and an event
  // nobody listens to ends the process. The pool listens to its idle connections only; each
  // connection gets a listener of its own, so one lost while checked out (a query under way)
  // fails that query (ERR_STORE_UNAVAILABLE, store/unavailable.ts) and nothing else. The pool
  // drops a connection that failed and opens new ones on demand, so play resumes by itself
  // once the database is back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  rememberPostgres(db, pool);
  return db;
}
