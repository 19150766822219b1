import { describe, expect, it } from 'vitest';
import { openPostgres, type Store, sqlStore } from '../src/store/index.js';
import { game, play } from './store-contract.js';
import { postgresSchemas } from './support/postgres-schemas.js';

/*
 * Several instances starting at once on one PostgreSQL database each run migrate. Without the
 * advisory lock migrate takes first, their CREATE … IF NOT EXISTS collide on the catalog (a
 * unique violation in pg_type or pg_class) and all but one fail to start.
 */
const postgres = postgresSchemas('zar_migrate');

describe('migrate on PostgreSQL', () => {
  it('succeeds in three instances started at once on an empty schema, and again on a made one', async () => {
    const schema = await postgres.fresh();
    const stores: Store[] = [1, 2, 3].map(() => sqlStore(openPostgres(postgres.url, { schema })));
    try {
      for (let round = 0; round < 2; round++) {
        const results = await Promise.allSettled(stores.map((s) => s.migrate()));
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      }
      const [a, b] = stores as [Store, Store, Store];
      await a.createGame(game('g1', 10));
      expect(await b.claimGame('g1', 'b', { owner: null, epoch: 0 })).toEqual({ ok: true, value: 1 });
      expect(await a.appendAction('g1', 0, play(0, 'a'), 11, undefined, undefined, undefined, 1)).toEqual({ ok: true });
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
