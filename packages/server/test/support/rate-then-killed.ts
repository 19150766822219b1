import { openSqlite, sqlStore } from '../../src/store/index.js';

/**
 * Run as a separate process by store-rating-atomic.test.ts: in the SQLite file given as the
 * first argument, makes two accounts and a rated match between them, stores the action that
 * ends it with its rating, prints what appendAction answered, and SIGKILLs itself at once:
 * no close, no checkpoint, no clean shutdown of any kind.
 */
const file = process.argv[2];
if (file === undefined) throw new Error('usage: rate-then-killed.ts <sqlite file>');

const store = sqlStore(openSqlite(file));
await store.migrate();
for (const [id, name] of [
  ['ana', 'Ana'],
  ['bo', 'Bo'],
] as const) {
  await store.createUser({ id, name, passwordHash: null, createdAt: 1 });
}
await store.createGame({
  id: 'rated',
  record: {
    version: 1,
    settings: {
      length: 3,
      cycle: [{ game: 'backgammon' }],
      jacoby: false,
      beaver: false,
      raccoon: false,
      automaticDoubles: 0,
      laterGames: 'opening-roll',
    },
    players: ['Ana', 'Bo'],
  },
  seats: [
    { kind: 'human', userId: 'ana', name: 'Ana', level: null },
    { kind: 'human', userId: 'bo', name: 'Bo', level: null },
  ],
  status: 'playing',
  open: false,
  inviteToken: null,
  createdAt: 2,
  updatedAt: 2,
  version: 0,
  score: [0, 0],
  winner: null,
  clock: { kind: 'timed', delayMs: 8000, perPointMs: 20_000 },
  rated: true,
  pool: 'backgammon',
  rematchOf: null,
  series: [0, 0],
  abandonedBy: null,
});
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
