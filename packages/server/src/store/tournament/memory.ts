import { compareText, rowLimit } from '../lists.js';
import type { MemoryTables } from '../memory-tables.js';
import type { TournamentRow, TournamentStore } from '../tournament-store.js';
import { checkNextVersion } from './next-version.js';

/**
 * The tournaments for memoryStore, behaving as the SQL store does: rows in and out through
 * JSON, a tournament id refused twice, its creator's foreign key, the compare-and-set of its
 * version, and the same orders with the same ties.
 */
export function memoryTournaments(tables: MemoryTables): TournamentStore {
  const tournaments = new Map<string, string>();

  const tournament = (id: string): TournamentRow | undefined => {
    const text = tournaments.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as TournamentRow);
  };

  return {
    async createTournament(row) {
      if (tournaments.has(row.id)) throw new Error(`createTournament: tournament ${row.id} exists`);
      if (!tables.user(row.creatorId)) throw new Error(`createTournament: no user ${row.creatorId}`);
      tournaments.set(row.id, JSON.stringify(row));
    },
    async tournamentById(id) {
      return tournament(id) ?? null;
    },
    async updateTournament(row, version) {
      checkNextVersion(row, version);
      const stored = tournament(row.id);
      if (!stored || stored.version !== version) return { ok: false, code: 'ERR_VERSION_CONFLICT' };
      if (!tables.user(row.creatorId)) throw new Error(`updateTournament: no user ${row.creatorId}`);
      tournaments.set(row.id, JSON.stringify(row));
      return { ok: true };
    },
    async tournamentsIn(statuses, limit) {
      return [...tournaments.values()]
        .map((t) => JSON.parse(t) as TournamentRow)
        .filter((t) => statuses.includes(t.status))
        .sort((a, b) => b.updatedAt - a.updatedAt || compareText(b.id, a.id))
        .slice(0, rowLimit(limit));
    },
    async gamesOfTournament(id) {
      return tables
        .allGames()
        .filter((g) => g.tournament?.id === id)
        .sort((a, b) => a.createdAt - b.createdAt || compareText(a.id, b.id));
    },
  };
}
