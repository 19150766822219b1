export { memoryStore } from './memory.js';
export {
  DEFAULT_SQLITE_FILE,
  openPostgres,
  openSqlite,
  openStore,
  type PostgresOptions,
  type StoreEnv,
} from './open.js';
export { migrate } from './schema.js';
export { type SqlStoreOptions, sqlStore } from './sql.js';
export type { Database } from './tables.js';
export * from './types.js';
export { isStoreUnavailable } from './unavailable.js';
