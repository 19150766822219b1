import { writeSync } from 'node:fs';
import { openSqlite, sqlStore } from '../../src/store/index.js';
import { gameRowFor, ONE_POINT } from './game-row.js';

/**
 * Run as a separate process by store-sqlite.test.ts: appends actions to game 'g' in the SQLite
 * file given as the first argument, as fast as it can, until it is killed. Each version is
 * printed (synchronously, one per line) only after appendAction has resolved, so every
 * printed version is one the server would have acknowledged. A restart resumes from the
 * stored version. Action n is always `play n` by player n % 2, applied at time n, so the
 * parent can check content and times.
 */
const file = process.argv[2];
if (file === undefined) throw new Error('usage: append-until-killed.ts <sqlite file>');

const store = sqlStore(openSqlite(file));
await store.migrate();
let game = await store.gameById('g');
if (game === null) {
  await store.createGame(
    gameRowFor({
      id: 'g',
      settings: { ...ONE_POINT, length: 0, laterGames: 'opening-roll' },
      seats: [
        { kind: 'human', userId: null, name: 'A', level: null },
        { kind: 'human', userId: null, name: 'B', level: null },
      ],
      createdAt: Date.now(),
      updatedAt: Date.now(),
    }),
  );
  game = await store.gameById('g');
}
let version = game?.version ?? 0;
writeSync(1, `start ${version}\n`);
for (;;) {
  const next = version + 1;
  const r = await store.appendAction(
    'g',
    version,
    { type: 'play', player: (next % 2) as 0 | 1, play: `play ${next}` },
    next,
  );
  if (!r.ok) throw new Error(`conflict at version ${version}: nothing else writes this file`);
  version = next;
  writeSync(1, `${version}\n`);
}
