import pino from 'pino';
import { PairingPool, type PairingPoolDeps } from '../../src/lobby/pairing-pool.js';
import type { People } from '../../src/people/online.js';
import { memoryStore } from '../../src/store/index.js';
import type { GameRow, Store } from '../../src/store/types.js';

/** A memory store whose every player is rated `rating(id)` in backgammon's pool. */
export function ratedStore(rating: (userId: string) => number): Store {
  const store = memoryStore();
  return {
    ...store,
    ratingsOf: async (userId) => [
      { userId, pool: 'backgammon', rating: rating(userId), experience: 0, matches: 0, wins: 0, updatedAt: 0 },
    ],
  };
}

/**
 * A pool whose rooms only keep the rows they are given (`rows`), on a memory store, logging
 * nothing, ten unfinished games allowed and no dice seed; `deps` replaces any of these.
 */
export function testPool(people: People, deps: Partial<PairingPoolDeps> = {}): { pool: PairingPool; rows: GameRow[] } {
  const rows: GameRow[] = [];
  const pool = new PairingPool({
    store: memoryStore(),
    rooms: {
      create: async (row) => {
        rows.push(row);
        return null as never;
      },
    },
    people,
    now: () => Date.now(),
    log: pino({ level: 'silent' }),
    openGames: 10,
    diceSeed: undefined,
    ...deps,
  });
  return { pool, rows };
}
