import type { Kysely, Selectable } from 'kysely';
import { toGame } from '../game-rows.js';
import { rowLimit } from '../lists.js';
import type { Database, TournamentsTable } from '../tables.js';
import type { TournamentRow, TournamentStatusRow, TournamentStore } from '../tournament-store.js';
import { checkNextVersion } from './next-version.js';

/**
 * The tournaments and their games over SQL. Orders are total (ties broken by a key), so every
 * store lists the same rows in the same order. A tournament's data is the server's own JSON: a
 * parse failure is a broken invariant and throws.
 */
export function sqlTournaments(db: Kysely<Database>): TournamentStore {
  return {
    async createTournament(row) {
      await db.insertInto('tournaments').values(tournamentColumns(row)).execute();
    },

    async tournamentById(id) {
      const row = await db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toTournament(row) : null;
    },

    async updateTournament(row, version) {
      checkNextVersion(row, version);
      // Compare-and-set, as appendAction's: only the writer that read `version` replaces the row.
      const r = await db
        .updateTable('tournaments')
        .set(tournamentColumns(row))
        .where('id', '=', row.id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1 ? { ok: true } : { ok: false, code: 'ERR_VERSION_CONFLICT' };
    },

    async tournamentsIn(statuses, limit) {
      if (statuses.length === 0) return [];
      const rows = await db
        .selectFrom('tournaments')
        .selectAll()
        .where('status', 'in', [...statuses])
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toTournament);
    },

    async gamesOfTournament(id) {
      // Unbounded as liveGames is: a tournament's games are as many as its rounds' pairings.
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('tournament_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toGame);
    },
  };
}

function tournamentColumns(row: TournamentRow) {
  return {
    id: row.id,
    creator_id: row.creatorId,
    status: row.status,
    created_at: row.createdAt,
    starts_at: row.startsAt,
    updated_at: row.updatedAt,
    version: row.version,
    data: JSON.stringify(row.data),
  };
}

function toTournament(r: Selectable<TournamentsTable>): TournamentRow {
  const data: unknown = JSON.parse(r.data);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(`tournaments.data of ${r.id} is not an object`);
  }
  return {
    id: r.id,
    creatorId: r.creator_id,
    status: toTournamentStatus(r.status),
    createdAt: Number(r.created_at),
    startsAt: r.starts_at === null ? null : Number(r.starts_at),
    updatedAt: Number(r.updated_at),
    version: r.version,
    data: data as TournamentRow['data'],
  };
}

function toTournamentStatus(s: string): TournamentStatusRow {
  // The CHECK constraint admits only these; anything else means the table was edited by hand.
  if (s === 'registering' || s === 'running' || s === 'over' || s === 'cancelled') return s;
  throw new Error(`tournaments.status holds ${JSON.stringify(s)}`);
}
