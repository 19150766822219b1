import { join } from 'node:path';
import { afterEach } from 'vitest';
import { memoryStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { sqliteStore, tempDir } from './harness.js';

/** A store's name, for a test's title, and how to make a fresh one. */
export type StoreMaker = readonly [string, () => Promise<Store>];

/**
 * The memory store and SQLite (in a temporary folder), for the routes held to both: their
 * answers are the SQL store's queries too. The folders a test made are removed after it; call
 * it at the file's top level.
 */
export function bothStores(): readonly StoreMaker[] {
  const removes: (() => void)[] = [];
  const sqlite = async () => {
    const tmp = tempDir();
    removes.push(tmp.remove);
    return sqliteStore(join(tmp.dir, 'zar.db'));
  };
  afterEach(() => {
    for (const remove of removes.splice(0)) remove();
  });
  return [
    ['memory', async () => memoryStore()],
    ['SQLite', sqlite],
  ];
}
