import { memoryAnalysis } from './analysis/memory.js';
import { memoryChat } from './chat/memory.js';
import { memoryDice } from './dice/memory.js';
import { memoryGames } from './games/memory.js';
import { memoryImports } from './imports/memory.js';
import { memoryTables } from './memory-tables.js';
import { memoryPeople } from './people/memory.js';
import { memoryPuzzles } from './puzzles/memory.js';
import { memoryTournaments } from './tournament/memory.js';
import type { Store } from './types.js';

/**
 * A Store in memory, for tests and benchmarks. It behaves like the SQL store, down to what it
 * refuses: every value goes in and comes out through JSON (so nothing stored can be mutated
 * from outside, and what SQL would drop, such as `undefined` fields, is dropped here too), a
 * session needs its user (the foreign key), ids and invite tokens are unique, and ties in
 * "newest first" are broken by id, descending.
 *
 * Each domain keeps its own tables, and reads the few that several share (memory-tables.ts) as
 * the SQL domains share one database; the action that ends a match rates it through the
 * people's store, counts its dice through the dice's and queues its analysis, wired here.
 */
export function memoryStore(): Store {
  const tables = memoryTables();
  const people = memoryPeople(tables);
  const dice = memoryDice(tables);
  const analysis = memoryAnalysis(tables);
  // The end of a match counts its dice and, between two people, queues its analysis.
  const atEnd = (gameId: string): void => {
    dice.countMatch(gameId);
    analysis.queueAtEnd(gameId);
  };
  return {
    async migrate() {},
    async close() {},
    ...memoryGames(tables, { rating: people.rating, countMatch: atEnd }),
    ...people.store,
    ...memoryTournaments(tables),
    ...memoryChat(tables),
    ...dice.store,
    ...analysis.store,
    ...memoryImports(tables),
    ...memoryPuzzles(tables),
  };
}
