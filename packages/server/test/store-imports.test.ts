import { MATCH_DEFAULTS } from '@zar/match';
import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../src/store/types.js';
import { bothStores } from './support/both-stores.js';
import { cleanupsAfterEach } from './support/cleanups.js';

const cleanups = cleanupsAfterEach();

const row = (id: string, owner: string, createdAt: number): ImportRow => ({
  id,
  owner,
  format: 'mat',
  name: null,
  record: {
    version: 1,
    settings: { ...MATCH_DEFAULTS, length: 1 },
    players: ['Alice', 'Bob'],
    actions: [{ type: 'opening', dice: [3, 1] }],
  },
  outcome: { score: [0, 0], winner: null, games: 1 },
  createdAt,
});

for (const [name, makeStore] of bothStores()) {
  describe(`the imports' store (${name})`, () => {
    it('keeps an import as it was given, lists an owner’s newest first, ties by id', async () => {
      const store = await makeStore();
      cleanups.push(() => store.close());
      await store.migrate();
      for (const id of ['u1', 'u2']) await store.createUser({ id, name: null, passwordHash: null, createdAt: 0 });
      const a = { ...row('imp-aaaa', 'u1', 10), name: 'a.mat' };
      await store.saveImport(a);
      await store.saveImport(row('imp-bbbb', 'u1', 20));
      await store.saveImport(row('imp-cccc', 'u1', 20));
      await store.saveImport(row('imp-dddd', 'u2', 30));
      expect(await store.importById('imp-aaaa')).toEqual(a);
      expect(await store.importById('nothing')).toBeNull();
      const ids = async (owner: string, limit: number) => (await store.importsOf(owner, limit)).map((r) => r.id);
      expect(await ids('u1', 10)).toEqual(['imp-cccc', 'imp-bbbb', 'imp-aaaa']);
      expect(await ids('u1', 2)).toEqual(['imp-cccc', 'imp-bbbb']);
      expect(await ids('u2', 10)).toEqual(['imp-dddd']);
      expect(await ids('nobody', 10)).toEqual([]);
    });

    it('refuses an id twice and an owner who is no user (broken invariants: it throws)', async () => {
      const store = await makeStore();
      cleanups.push(() => store.close());
      await store.migrate();
      await store.createUser({ id: 'u1', name: null, passwordHash: null, createdAt: 0 });
      await store.saveImport(row('imp-aaaa', 'u1', 10));
      await expect(store.saveImport(row('imp-aaaa', 'u1', 11))).rejects.toThrow();
      await expect(store.saveImport(row('imp-bbbb', 'nobody', 11))).rejects.toThrow();
      expect((await store.importsOf('u1', 10)).map((r) => r.createdAt)).toEqual([10]);
    });
  });
}
