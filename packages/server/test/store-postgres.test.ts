import { describe, expect, it } from 'vitest';
import { openPostgres, sqlStore } from '../src/store/index.js';
import { game, play, storeContract, stored, user } from './store-contract.js';
import { analysisQueueContract } from './store-contract-analysis.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { postgresSchemas } from './support/postgres-schemas.js';

/**
 * The contract against PostgreSQL: DATABASE_URL when set, else a private cluster started
 * here (and an error, not a skip, when PostgreSQL is not installed). Each store lives in a
 * schema of its own, dropped at the end, so runs and tests never see each other's rows.
 */
const postgres = postgresSchemas('zar_test');

storeContract('postgres', async () => sqlStore(openPostgres(postgres.url, { schema: await postgres.fresh() })));
analysisQueueContract(
  'postgres',
  async () => sqlStore(openPostgres(postgres.url, { schema: await postgres.fresh() })),
  cleanupsAfterEach(),
);

describe('postgres store', () => {
  it('keeps everything across a reopen (a new pool on the same schema)', async () => {
    const schema = await postgres.fresh();
    const first = sqlStore(openPostgres(postgres.url, { schema }));
    await first.migrate();
    await first.createUser(user('u1', 'Ana'));
    await first.createGame(game('g1', 10));
    await first.appendAction('g1', 0, play(0, 'a'), 11, 'playing');
    await first.close();
    const again = sqlStore(openPostgres(postgres.url, { schema }));
    await again.migrate();
    expect(await again.userByName('Ana')).toEqual(user('u1', 'Ana'));
    expect(await again.gameById('g1')).toEqual({ ...game('g1', 10), version: 1, status: 'playing', updatedAt: 11 });
    expect(await again.actions('g1')).toEqual([stored(play(0, 'a'), 11)]);
    await again.close();
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => openPostgres(postgres.url, { schema: 'x; drop schema public' })).toThrow(/schema name/);
  });
});
