export { memoryStore } from './memory.js';
export {
  DEFAULT_SQLITE_FILE,
  openPostgres,
  openSqlite,
  openStore,
  type PostgresOptions,
  type StoreEnv,
} from './open.js';
export { type Database, migrate } from './schema.js';
export { type SqlStoreOptions, sqlStore } from './sql.js';
export * from './types.js';
export { isStoreUnavailable } from './unavailable.js';
