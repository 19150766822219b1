/**
 * Whether an error thrown by the store means the database is away or cannot take writes (for
 * now), rather than a bug: PostgreSQL stopped or restarting, its connection cut, its disk full;
 * a SQLite file that is read-only, locked, full or failing to read or write. Such a refusal is
 * answered with ERR_STORE_UNAVAILABLE (503) and is worth trying again later; anything else is
 * ERR_INTERNAL.
 */
export function isStoreUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const code = 'code' in e && typeof e.code === 'string' ? e.code : '';
  if (NODE_CODES.has(code)) return true;
  // SQLSTATE: 08 connection exception, 53 insufficient resources (disk full, too many
  // connections), 57P01-57P03 the server shutting down or starting, 25006 a read-only transaction.
  if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '25006') return true;
  if (/^SQLITE_(FULL|READONLY|IOERR|BUSY|LOCKED|CANTOPEN)/.test(code)) return true;
  // pg reports a connection it lost, or never got, by message only.
  const message = e instanceof Error ? e.message : '';
  return PG_MESSAGES.some((m) => message.includes(m));
}

const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const PG_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];
