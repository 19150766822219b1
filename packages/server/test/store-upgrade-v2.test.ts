import { replay } from '@zar/match';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { type Database, openSqlite, type Store } from '../src/store/index.js';
import { createSchemaV1, createSchemaV2, SCHEMA_V2 } from './support/frozen-schemas.js';
import { upgradeSuites } from './support/upgrade-suites.js';

/*
 * Schema v3 opens a database of schema v2 (fixtures/schema-v2.sql, frozen with its
 * rows) in place. Its games gain their clock (untimed), rated flag (casual), pool (from their
 * settings), series and abandonment; and a match abandoned under the old timeout rule, which
 * stored one timeout per point and stops replaying at the second under today's rule, is
 * settled at its first timeout: the trailing timeouts go, and its version, score, winner and
 * status follow, so its record replays again. A database of schema v1 holding the same rows
 * upgrades through v2's score backfill to the same place.
 */

/** What every game of the fixture must be after the upgrade. */
const EXPECTED = {
  'legacy-timeouts': { status: 'over', version: 13, score: [0, 3], winner: 1, pool: 'backgammon' },
  'ordinary-over': { status: 'over', version: 87, score: [0, 1], winner: 1, pool: 'tavli' },
  'nardy-playing': { status: 'playing', version: 9, score: [0, 0], winner: null, pool: 'long-nardy' },
  'custom-waiting': { status: 'waiting', version: 0, score: [0, 0], winner: null, pool: null },
} as const;

const V3_DEFAULTS = { clock: { kind: 'untimed' }, rated: false, rematchOf: null, series: [0, 0], abandonedBy: null };

async function expectUpgraded(store: Store): Promise<void> {
  const before = new Map<string, unknown>();
  for (const [id, expected] of Object.entries(EXPECTED)) {
    const game = await store.gameById(id);
    expect(game).toMatchObject({ ...expected, ...V3_DEFAULTS });
    const actions = await store.actions(id);
    expect(actions).toHaveLength(expected.version);
    const replayed = replay({ ...(game as NonNullable<typeof game>).record, actions: actions.map((a) => a.action) });
    if (!replayed.ok) throw new Error(`${id} does not replay: ${replayed.error.message}`);
    const end = replayed.value.states.at(-1);
    expect([end?.score, end?.winner]).toEqual([expected.score, expected.winner]);
    before.set(id, { game, actions });
  }
  // The settled match keeps its first timeout, at its own time; the two after it are gone.
  const legacy = await store.actions('legacy-timeouts');
  expect(legacy.at(-1)).toEqual({ action: { type: 'timeout', player: 0 }, at: 1_760_000_023_000 });
  expect(legacy.filter((a) => a.action.type === 'timeout')).toHaveLength(1);
  // Only the match between people counts on a profile (the legacy match was against the bot).
  expect(await store.playerRecord('ana')).toEqual({ matches: { tavli: 1 }, finished: 1, abandoned: 0 });
  expect((await store.finishedGamesOfUser('bea', 10)).map((g) => g.id)).toEqual(['ordinary-over']);
  expect(await store.ratingsOf('ana')).toEqual([]);
  // Schema v4 counts the dice of the two matches over: both in the site's totals, each person's in his own.
  expect((await store.diceTotals(null)).matches).toBe(2);
  expect((await store.diceTotals('ana')).matches).toBe(2);
  expect((await store.diceTotals('bea')).matches).toBe(1);
  // Opened again: nothing left to settle or fill in, nothing changed.
  await store.migrate();
  for (const id of Object.keys(EXPECTED)) {
    expect({ game: await store.gameById(id), actions: await store.actions(id) }).toEqual(before.get(id));
  }
}

upgradeSuites({
  name: 'settles the matches abandoned under the old timeout rule and fills in the v3 columns',
  tag: 'v3up',
  from: 'v2',
  makeOld: async (db) => {
    expect(SCHEMA_V2.filter((s) => s.startsWith('insert'))).toHaveLength(8);
    await createSchemaV2(db);
  },
  check: expectUpgraded,
});

/** The fixture's rows, read from a scratch SQLite of schema v2, into a database of schema v1. */
async function makeV1WithTheSameRows(db: Kysely<Database>): Promise<void> {
  const scratch = openSqlite(':memory:');
  await createSchemaV2(scratch);
  const users = await scratch.selectFrom('users').selectAll().execute();
  const games = await scratch.selectFrom('games').selectAll().orderBy('id').execute();
  const actions = await scratch.selectFrom('actions').selectAll().orderBy('game_id').orderBy('seq').execute();
  await scratch.destroy();
  await createSchemaV1(db);
  for (const u of users) {
    await sql`insert into users (id, name, password_hash, created_at)
              values (${u.id}, ${u.name}, ${u.password_hash}, ${u.created_at})`.execute(db);
  }
  for (const g of games) {
    await sql`insert into games (id, record, seats, seat0_user, seat1_user, status, open, invite_token, version,
                                 created_at, updated_at)
              values (${g.id}, ${g.record}, ${g.seats}, ${g.seat0_user}, ${g.seat1_user}, ${g.status}, ${g.open},
                      ${g.invite_token}, ${g.version}, ${g.created_at}, ${g.updated_at})`.execute(db);
  }
  for (const a of actions) {
    await sql`insert into actions (game_id, seq, action, at)
              values (${a.game_id}, ${a.seq}, ${a.action}, ${a.at})`.execute(db);
  }
}

upgradeSuites({
  name: 'settles the same matches when it upgrades from v1 through the v2 score backfill',
  tag: 'v3up1',
  makeOld: makeV1WithTheSameRows,
  check: expectUpgraded,
});
