import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { type Database, type GameRow, type Store, type StoredAction, sqlStore } from '../src/store/index.js';
import { migrate } from '../src/store/schema.js';
import { game, human, play, user } from './store-contract.js';
import { upgradeSuites } from './support/upgrade-suites.js';

/*
 * Schema v9 opens a database of schema v8 in place. The v8 database is today's migrate with
 * v9's additions taken off again (schema-v9.ts adds only columns, tables and indexes, so what
 * is left is exactly what v1 to v8 made), filled by a v8 server's writes. Every row comes back
 * as it was: its games with no owner at epoch 0, which any instance may claim, and then fence.
 */

const ANA_BO: GameRow['seats'] = [human('u1', 'Ana'), human('u2', 'Bo')];
const WAITING = game('waiting', 10);
const PLAYING = game('playing', 20, { seats: ANA_BO, status: 'playing', open: false });
const OVER = game('over', 30, { seats: ANA_BO, status: 'over', open: false, score: [1, 0], winner: 0 });
const GAMES: readonly GameRow[] = [WAITING, PLAYING, OVER];
const PLAYED: readonly StoredAction[] = [
  { action: play(0, '8/5 6/5'), at: 21 },
  { action: play(1, '24/18'), at: 22 },
];

/** Takes off what schema v9 adds, in the order its dependants need. */
const UNDO_V9 = [
  'drop index games_owner',
  'alter table games drop column owner',
  'alter table games drop column owner_epoch',
  'drop table game_pauses',
  'drop table instance_beats',
  'drop index analysis_queue_ranked',
  'alter table analysis_queue drop column claimed_by',
  'alter table analysis_queue drop column claimed_at',
  'alter table analysis_queue drop column priority',
  'alter table analysis_queue drop column requested_by',
] as const;

async function makeV8(db: Kysely<Database>): Promise<void> {
  await migrate(db);
  for (const statement of UNDO_V9) await sql.raw(statement).execute(db);
  // A v8 server's writes: none of them names a column of v9.
  const old = sqlStore(db, { sqliteFastPath: false });
  await old.createUser(user('u1', 'Ana'));
  await old.createUser(user('u2', 'Bo'));
  for (const g of GAMES) await old.createGame(g);
  for (const [i, { action, at }] of PLAYED.entries()) await old.appendAction('playing', i, action, at);
  await old.setHeartbeat(1_000);
  await old.addPause({ from: 500, to: 900 });
  await sql`insert into analysis_queue (game_id, state, attempts, enqueued_at, updated_at)
            values ('over', 'queued', 0, 31, 31)`.execute(db);
}

async function expectUpgraded(store: Store): Promise<void> {
  const expected: readonly GameRow[] = [WAITING, { ...PLAYING, version: 2, updatedAt: 22 }, OVER];
  const kept = async () =>
    Promise.all(expected.map(async (g) => ({ game: await store.gameById(g.id), actions: await store.actions(g.id) })));
  const before = await kept();
  expect(before.map((k) => k.game)).toEqual(expected);
  expect(before[1]?.actions).toEqual(PLAYED);
  expect(before[0]?.actions).toEqual([]);
  expect(await store.userById('u2')).toEqual(user('u2', 'Bo'));
  expect(await store.heartbeat()).toBe(1_000);
  expect(await store.pausesSince(0, 'playing')).toEqual([{ from: 500, to: 900 }]);
  expect(await store.queuedAnalysisState('over')).toBe('queued');
  expect(await store.analysisBacklog()).toBe(1);
  for (const g of expected) expect(await store.ownerOf(g.id)).toEqual({ owner: null, epoch: 0 });
  expect(await store.lastBeat('a')).toBeNull();

  // Opened again: nothing moves.
  await store.migrate();
  expect(await kept()).toEqual(before);

  // An instance claims the game under way and plays on, fenced by its epoch.
  expect(await store.claimGame('playing', 'a', { owner: null, epoch: 0 })).toEqual({ ok: true, value: 1 });
  expect(await store.gamesOwnedBy('a', null, 10)).toEqual([{ id: 'playing', epoch: 1 }]);
  expect(await store.appendAction('playing', 2, play(0, '13/7'), 40, undefined, undefined, undefined, 1)).toEqual({
    ok: true,
  });
  expect(await store.claimGame('playing', 'b', { owner: 'a', epoch: 1 })).toEqual({ ok: true, value: 2 });
  expect(await store.appendAction('playing', 3, play(1, '6/1'), 41, undefined, undefined, undefined, 1)).toEqual({
    ok: false,
    code: 'ERR_NOT_OWNER',
  });
  expect((await store.actions('playing')).map((a) => a.at)).toEqual([21, 22, 40]);
}

upgradeSuites({
  name: 'keeps every row, gives every game no owner at epoch 0, and fences the first claim',
  tag: 'v9up',
  from: 'v8',
  makeOld: makeV8,
  check: expectUpgraded,
});
