import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baselineAgent } from '@zar/bot';
import { type GameAction, type MatchState, newMatch, parseMatchSettings, seededDice, step } from '@zar/match';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, openSqlite, openStore, type Store, sqlStore } from '../src/store/index.js';
import { startPostgres, type TestPostgres } from './support/postgres.js';

/*
 * Schema v2 keeps each match's score and winner in the games table. A database of schema v1
 * (fixtures/schema-v1.sql, frozen) has neither: opened with today's code, every game gets them
 * by replaying its actions, so a match that ended before the upgrade shows its final score and
 * winner in history from the first start.
 */
const DDL = readFileSync(new URL('fixtures/schema-v1.sql', import.meta.url), 'utf8');

/** A whole match between two bots, as the match layer plays it: its actions and its end. */
async function botMatch(length: number, seed: number): Promise<{ actions: GameAction[]; end: MatchState }> {
  const settings = parseMatchSettings({ length, cycle: [{ game: 'backgammon' }] });
  if (!settings.ok) throw new Error(settings.error.message);
  let match = newMatch(settings.value);
  const actions: GameAction[] = [];
  const dice = seededDice(seed);
  const agents = [baselineAgent('casual', seed), baselineAgent('expert', seed + 1)] as const;
  for (let i = 0; i < 5000 && match.winner === null; i++) {
    const r = await step(match, agents, dice);
    if (!r.ok) throw new Error(r.error.message);
    actions.push(r.value.action);
    match = r.value.match;
  }
  return { actions, end: match };
}

const RECORD = (length: number) =>
  JSON.stringify({
    version: 1,
    settings: {
      length,
      cycle: [{ game: 'backgammon' }],
      jacoby: false,
      beaver: false,
      raccoon: false,
      automaticDoubles: 0,
      laterGames: 'game-rule',
    },
    players: ['Ana', 'Bot'],
  });

const SEATS = JSON.stringify([
  { kind: 'human', userId: 'ana', name: 'Ana', level: null },
  { kind: 'bot', userId: null, name: 'Bot', level: 'club' },
]);

let over: Awaited<ReturnType<typeof botMatch>>;
beforeAll(async () => {
  over = await botMatch(5, 3);
});

/** Schema v1 with plain SQL: a match over, one half played (its first game not ended) and one waiting. */
async function makeOldDatabase(db: Kysely<Database>): Promise<void> {
  const statements = DDL.split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql`insert into users (id, name, password_hash, created_at) values ('ana', 'Ana', null, 1)`.execute(db);
  const firstGameEnds = over.actions.findIndex((_, i) => i > 0 && over.actions[i]?.type === 'opening');
  const games: [string, string, readonly GameAction[]][] = [
    ['over-game', 'over', over.actions],
    ['half-game', 'playing', over.actions.slice(0, Math.max(1, firstGameEnds - 3))],
    ['wait-game', 'waiting', []],
  ];
  for (const [id, status, actions] of games) {
    await sql`insert into games (id, record, seats, seat0_user, seat1_user, status, open, invite_token, version,
                                 created_at, updated_at)
              values (${id}, ${RECORD(5)}, ${SEATS}, 'ana', ${null}, ${status}, 0, ${null}, ${actions.length}, 2, 3)`.execute(
      db,
    );
    for (const [i, action] of actions.entries()) {
      await sql`insert into actions (game_id, seq, action, at) values (${id}, ${i + 1}, ${JSON.stringify(action)}, ${i})`.execute(
        db,
      );
    }
  }
}

async function expectOutcomes(store: Store): Promise<void> {
  expect(over.end.winner).not.toBeNull();
  expect(await store.gameById('over-game')).toMatchObject({
    status: 'over',
    score: [over.end.score[0], over.end.score[1]],
    winner: over.end.winner,
  });
  expect(await store.gameById('half-game')).toMatchObject({ score: [0, 0], winner: null });
  expect(await store.gameById('wait-game')).toMatchObject({ score: [0, 0], winner: null });
  const history = await store.gamesOfUser('ana', 10);
  expect(history.find((g) => g.id === 'over-game')?.score).toEqual([over.end.score[0], over.end.score[1]]);
  // Opened again: nothing left to fill in, nothing changed.
  await store.migrate();
  expect((await store.gameById('over-game'))?.winner).toBe(over.end.winner);
}

describe('a SQLite file of schema v1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zar-outcome-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gets every game’s score and winner by replay at the upgrade', async () => {
    const file = join(dir, 'zar.sqlite');
    const old = openSqlite(file);
    await makeOldDatabase(old);
    await old.destroy();
    const store = await openStore({ ZAR_DB: file });
    try {
      await expectOutcomes(store);
    } finally {
      await store.close();
    }
  });
});

describe('a PostgreSQL schema of schema v1', () => {
  let postgres: TestPostgres;
  const schema = `zar_outcome_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    postgres = await startPostgres();
    const admin = openPostgres(postgres.url, { max: 1 });
    await sql.raw(`create schema ${schema}`).execute(admin);
    await admin.destroy();
  }, 60_000);
  afterAll(async () => {
    if (!postgres) return;
    const admin = openPostgres(postgres.url, { max: 1 });
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin);
    await admin.destroy();
    await postgres.stop();
  });

  it('gets every game’s score and winner by replay at the upgrade', async () => {
    const old = openPostgres(postgres.url, { schema, max: 1 });
    await makeOldDatabase(old);
    await old.destroy();
    const store = sqlStore(openPostgres(postgres.url, { schema }));
    try {
      await store.migrate();
      await expectOutcomes(store);
    } finally {
      await store.close();
    }
  });
});
