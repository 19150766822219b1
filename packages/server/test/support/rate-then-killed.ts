import { sql } from 'kysely';
import { openSqlite, sqlStore } from '../../src/store/index.js';
import { sqliteOf } from '../../src/store/sqlite-handle.js';
import { gameRowFor, ONE_POINT } from './game-row.js';

/**
 * Run as a separate process by store-rating-atomic.test.ts: in the SQLite file given as the
 * first argument, makes two accounts and a rated match between them and stores the action that
 * ends it with its rating. Then it SIGKILLs itself: no close, no checkpoint, no clean shutdown
 * of any kind. With `after-commit` it first prints what appendAction answered; with
 * `before-rating` it dies inside the transaction, after the action's rows and before the
 * rating_changes rows (a trigger calls a function of this process that kills it).
 */
const [file, when] = process.argv.slice(2);
if (file === undefined || (when !== 'after-commit' && when !== 'before-rating')) {
  throw new Error('usage: rate-then-killed.ts <sqlite file> after-commit|before-rating');
}

const db = openSqlite(file);
const store = sqlStore(db);
await store.migrate();
for (const [id, name] of [
  ['ana', 'Ana'],
  ['bo', 'Bo'],
] as const) {
  await store.createUser({ id, name, passwordHash: null, createdAt: 1 });
}
await store.createGame(
  gameRowFor({
    id: 'rated',
    settings: { ...ONE_POINT, length: 3, laterGames: 'opening-roll' },
    seats: [
      { kind: 'human', userId: 'ana', name: 'Ana', level: null },
      { kind: 'human', userId: 'bo', name: 'Bo', level: null },
    ],
    createdAt: 2,
    updatedAt: 2,
    clock: { kind: 'timed', delayMs: 8000, perPointMs: 20_000 },
    rated: true,
  }),
);
if (when === 'before-rating') {
  sqliteOf(db)?.function('zar_die', () => process.kill(process.pid, 'SIGKILL'));
  await sql`create trigger die_before_rating before insert on rating_changes begin select zar_die(); end`.execute(db);
}
const answer = await store.appendAction(
  'rated',
  0,
  { type: 'timeout', player: 1 },
  1_767_225_600_000,
  'over',
  { score: [3, 0], winner: 0, abandonedBy: 1 },
  { pool: 'backgammon', length: 3, winner: 'ana', loser: 'bo' },
);
process.stdout.write(`${JSON.stringify(answer)}\n`, () => process.kill(process.pid, 'SIGKILL'));
