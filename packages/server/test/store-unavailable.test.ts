import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from '../src/store/index.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isStoreUnavailable', () => {
  it.each([
    ['PostgreSQL refusing connections (stopped)', withCode('ECONNREFUSED')],
    ['a connection reset', withCode('ECONNRESET')],
    ['pg: a connection lost under a query', new Error('Connection terminated unexpectedly')],
    ['pg: a connection that never came', new Error('timeout exceeded when trying to connect')],
    ['PostgreSQL shutting down (57P01)', withCode('57P01')],
    ['PostgreSQL starting up (57P03)', withCode('57P03')],
    ['PostgreSQL disk full (53100)', withCode('53100')],
    ['a connection exception (08006)', withCode('08006')],
    ['a read-only transaction (25006)', withCode('25006')],
    ['SQLite disk full', withCode('SQLITE_FULL')],
    ['SQLite read-only file', withCode('SQLITE_READONLY')],
    ['SQLite I/O error', withCode('SQLITE_IOERR_WRITE')],
    ['SQLite busy', withCode('SQLITE_BUSY')],
    ['SQLite busy: a snapshot another connection wrote past', withCode('SQLITE_BUSY_SNAPSHOT')],
    ['SQLite locked', withCode('SQLITE_LOCKED')],
  ])('%s: unavailable', (_, e) => {
    expect(isStoreUnavailable(e)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError('cannot read properties of undefined')],
    ['a constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a unique violation (23505)', withCode('23505')],
    ['a syntax error (42601)', withCode('42601')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', null],
  ])('%s: not unavailable', (_, e) => {
    expect(isStoreUnavailable(e)).toBe(false);
  });
});
