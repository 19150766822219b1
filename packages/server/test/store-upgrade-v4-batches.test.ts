import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DiceTally, mergeTallies } from '@zar/match';
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { diceTotalsOf } from '../src/store/dice/totals-sql.js';
import { type Database, migrate, openPostgres, openSqlite } from '../src/store/index.js';
import { createSchemaV3 } from './support/frozen-schemas.js';
import { postgresSchemas } from './support/postgres-schemas.js';

/*
 * The upgrade to v4 of a database with many finished matches (the dice totals it fills in): the
 * fixture of schema v3 with each finished match copied 100 times. Every copy is counted once,
 * and the upgrade takes fewer statements than the database has matches (a few per batch of
 * them, not a few per match), in SQLite and in PostgreSQL.
 */

const COPIES = 100;
const OWNERS = [null, 'ana', 'bea', 'guest-1'] as const;

/** Copies each finished match of the fixture, with its actions, `COPIES` times. */
async function copyFinished(db: Kysely<Database>): Promise<number> {
  const games = await db.selectFrom('games').selectAll().where('status', '=', 'over').execute();
  const actions = await db
    .selectFrom('actions')
    .selectAll()
    .where(
      'game_id',
      'in',
      games.map((g) => g.id),
    )
    .execute();
  for (let i = 0; i < COPIES; i++) {
    const id = (game: string) => `copy${i}-${game}`;
    // The rows as the database read them (bigints as PostgreSQL's strings), written back as they are.
    await db
      .insertInto('games')
      .values(games.map((g) => ({ ...g, id: id(g.id), invite_token: null })) as never)
      .execute();
    await db
      .insertInto('actions')
      .values(actions.map((a) => ({ ...a, game_id: id(a.game_id) })) as never)
      .execute();
  }
  return games.length;
}

/** A plugin that counts the statements run through it. */
function counting(): KyselyPlugin & { count: number } {
  const plugin = {
    count: 0,
    transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
      plugin.count++;
      return args.node;
    },
    async transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
      return args.result;
    },
  };
  return plugin;
}

/** Upgrades the fixture as it is (`plain`) and the one with its copies (`many`), and compares their totals. */
async function check(plain: Kysely<Database>, many: Kysely<Database>): Promise<void> {
  await createSchemaV3(plain);
  await migrate(plain);
  await createSchemaV3(many);
  const over = await copyFinished(many);
  const statements = counting();
  await migrate(many.withPlugin(statements));
  expect(statements.count).toBeLessThan(over * (COPIES + 1));
  for (const owner of OWNERS) {
    const once = await diceTotalsOf(plain, owner);
    const times = (tally: DiceTally) => mergeTallies(...Array.from({ length: COPIES + 1 }, () => tally));
    expect(once.matches).toBeGreaterThan(0);
    expect(await diceTotalsOf(many, owner)).toEqual({ matches: once.matches * (COPIES + 1), tally: times(once.tally) });
  }
  // Opened again: nothing counted twice.
  const before = await Promise.all(OWNERS.map((o) => diceTotalsOf(many, o)));
  await migrate(many);
  expect(await Promise.all(OWNERS.map((o) => diceTotalsOf(many, o)))).toEqual(before);
}

describe('the upgrade to v4 of a database with many finished matches', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zar-v4-batches-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SQLite: counts every match once, in fewer statements than matches', async () => {
    const plain = openSqlite(join(dir, 'plain.sqlite'));
    const many = openSqlite(join(dir, 'many.sqlite'));
    try {
      await check(plain, many);
    } finally {
      await plain.destroy();
      await many.destroy();
    }
  });

  describe('PostgreSQL', () => {
    const postgres = postgresSchemas('zar_v4_batches');
    it('counts every match once, in fewer statements than matches', async () => {
      const plain = openPostgres(postgres.url, { schema: await postgres.fresh() });
      const many = openPostgres(postgres.url, { schema: await postgres.fresh() });
      try {
        await check(plain, many);
      } finally {
        await plain.destroy();
        await many.destroy();
      }
    });
  });
});
