import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, memoryStore, openPostgres, openSqlite, type Store, sqlStore } from '../src/store/index.js';
import { game, user } from './store-contract.js';
import { createSchemaV1 } from './support/frozen-schemas.js';
import { postgresSchemas } from './support/postgres-schemas.js';

/*
 * The accounts' table preferences and the game counts of the home page, in each store: saved
 * and replaced, kept across a reopen (a new connection to the same database), and counted.
 */

const dir = mkdtempSync(join(tmpdir(), 'zar-prefs-'));
const postgres = postgresSchemas('zar_prefs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens a store, and again on the same database (null for memory, which keeps nothing); `raw` reaches the database itself. */
type Opener = () => Promise<{ open: () => Store; reopenable: boolean; raw?: () => Kysely<Database> }>;

const memory: Opener = async () => {
  const store = memoryStore();
  return { open: () => store, reopenable: false };
};
let files = 0;
const sqlite: Opener = async () => {
  const file = join(dir, `prefs-${++files}.sqlite`);
  return { open: () => sqlStore(openSqlite(file)), reopenable: true, raw: () => openSqlite(file) };
};
const pg: Opener = async () => {
  const schema = await postgres.fresh();
  const raw = () => openPostgres(postgres.url, { schema });
  return { open: () => sqlStore(raw()), reopenable: true, raw };
};

const PREFS = { theme: 'contrast', checkers: 'red-blue', homeSide: 'left', sound: true, hintFeedback: true };

describe.each([
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', pg],
] as const)('%s store', (_, opener) => {
  it('saves, replaces and keeps an account’s preferences', async () => {
    const { open, reopenable } = await opener();
    const store = open();
    await store.migrate();
    await store.createUser(user('u1', 'Ana'));
    await store.createUser(user('u2', 'Bo'));
    expect(await store.preferencesOf('u1')).toBeNull();
    await store.setPreferences('u1', PREFS, 10);
    await store.setPreferences('u2', { theme: 'flat' }, 10);
    expect(await store.preferencesOf('u1')).toEqual(PREFS);
    await store.setPreferences('u1', { ...PREFS, sound: false }, 20);
    expect(await store.preferencesOf('u1')).toEqual({ ...PREFS, sound: false });
    expect(await store.preferencesOf('u2')).toEqual({ theme: 'flat' });
    if (!reopenable) return;
    await store.close();
    const again = open();
    await again.migrate();
    expect(await again.preferencesOf('u1')).toEqual({ ...PREFS, sound: false });
    await again.close();
  });

  it('refuses preferences of a user it does not have (a broken invariant)', async () => {
    const { open } = await opener();
    const store = open();
    await store.migrate();
    await expect(store.setPreferences('nobody', PREFS, 1)).rejects.toThrow();
    await store.close();
  });

  it('counts the games being played lately and those waiting in the lobby', async () => {
    const { open } = await opener();
    const store = open();
    await store.migrate();
    await store.createUser(user('u1', 'Ana'));
    await store.createGame(game('w1', 1));
    await store.createGame(game('w2', 2));
    await store.createGame(game('private', 3, { open: false }));
    await store.createGame(game('p-old', 4, { status: 'playing', open: false, updatedAt: 50 }));
    await store.createGame(game('p-new', 5, { status: 'playing', open: false, updatedAt: 150 }));
    await store.createGame(game('p-now', 6, { status: 'playing', open: false, updatedAt: 100 }));
    await store.createGame(game('done', 7, { status: 'over', open: false, updatedAt: 200 }));
    expect(await store.countGames(100)).toEqual({ playing: 2, waiting: 2 });
    expect(await store.countGames(0)).toEqual({ playing: 3, waiting: 2 });
    await store.close();
  });
});

describe.each([
  ['sqlite', sqlite],
  ['postgres', pg],
] as const)('%s store made by an older server', (_, opener) => {
  it('opens a database of schema v1 and keeps the preferences of its accounts', async () => {
    const { open, raw } = await opener();
    const db = (raw as () => Kysely<Database>)();
    await createSchemaV1(db);
    await sql`insert into users (id, name, password_hash, created_at) values ('old', 'Old', 'hash', 1)`.execute(db);
    await db.destroy();
    const store = open();
    await store.migrate();
    expect(await store.preferencesOf('old')).toBeNull();
    await store.setPreferences('old', PREFS, 2);
    expect(await store.preferencesOf('old')).toEqual(PREFS);
    await store.close();
  });
});
