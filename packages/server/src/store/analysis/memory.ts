import type { AnalysisStore } from '../analysis-store.js';
import { type MemoryTables, memoryKey } from '../memory-tables.js';

/** The analysed matches' PR for memoryStore, kept where the profiles and the dice's luck read it. */
export function memoryAnalysis(tables: MemoryTables): AnalysisStore {
  return {
    async savePr(rows) {
      // All or none, as the SQL store's one statement; its foreign keys refuse unknown games and users.
      const games = new Set(tables.allGames().map((g) => g.id));
      const stray = rows.find((r) => !games.has(r.gameId) || !tables.user(r.userId));
      if (stray) throw new Error(`savePr: no game ${stray.gameId} or no user ${stray.userId}`);
      for (const row of rows) tables.prs.set(memoryKey(row.gameId, row.userId), JSON.stringify(row));
    },
  };
}
