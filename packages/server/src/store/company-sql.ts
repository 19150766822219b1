import type { Kysely, Selectable } from 'kysely';
import { diceTotalsOf } from './dice-totals-sql.js';
import { rowLimit, toGame } from './game-rows.js';
import type { ChatMessagesTable, ChatReportsTable, Database, TournamentsTable } from './tables.js';
import type { ChatRow, ReportRow, Store, TournamentRow, TournamentStatusRow } from './types.js';

/** The Store's queries about a match's company (watching, chat, tournaments) and the dice totals, over SQL. */
export type CompanyQueries = Pick<
  Store,
  | 'diceTotals'
  | 'playingGames'
  | 'addChat'
  | 'chatOf'
  | 'addReport'
  | 'reportsOf'
  | 'createTournament'
  | 'tournamentById'
  | 'updateTournament'
  | 'tournamentsIn'
  | 'gamesOfTournament'
>;

/**
 * Watching, chat, reports, tournaments and the dice totals. Orders are total (ties broken by a
 * key), so every store lists the same rows in the same order. JSON is the server's own: a parse
 * failure is a broken invariant and throws.
 */
export function companyQueries(db: Kysely<Database>): CompanyQueries {
  return {
    diceTotals: (userId) => diceTotalsOf(db, userId),

    async playingGames(activeSince, limit) {
      // While a game is playing both its seats are taken (a person's or a bot's); only waiting has an open seat.
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('status', '=', 'playing')
        .where('updated_at', '>=', activeSince)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toGame);
    },

    async addChat(row) {
      await db
        .insertInto('chat_messages')
        .values({
          id: row.id,
          game_id: row.gameId,
          channel: row.channel,
          user_id: row.userId,
          name: row.name,
          seat: row.seat,
          body: row.text,
          phrase: row.phrase,
          at: row.at,
        })
        .execute();
    },

    async chatOf(gameId, limit) {
      // The last `limit` by the index (game, at, id), newest first, then turned oldest first.
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(rowLimit(limit))
        .execute();
      return rows.map(toChat).reverse();
    },

    async addReport(row) {
      const r = await db
        .insertInto('chat_reports')
        .values({
          message_id: row.messageId,
          reporter_id: row.reporterId,
          game_id: row.gameId,
          reason: row.reason,
          at: row.at,
        })
        .onConflict((oc) => oc.columns(['message_id', 'reporter_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1 ? { ok: true } : { ok: false, code: 'ERR_DUPLICATE' };
    },

    async reportsOf(gameId) {
      const rows = await db
        .selectFrom('chat_reports')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('at')
        .orderBy('message_id')
        .orderBy('reporter_id')
        .execute();
      return rows.map(toReport);
    },

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

/** The row an update writes must be the next version of the one it replaces: anything else is a caller's bug. */
export function checkNextVersion(row: TournamentRow, version: number): void {
  if (row.version !== version + 1) {
    throw new Error(`updateTournament ${row.id}: version ${row.version} does not follow ${version}`);
  }
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

function toChat(r: Selectable<ChatMessagesTable>): ChatRow {
  const channel = r.channel;
  if (channel !== 'players' && channel !== 'spectators') throw new Error(`chat_messages.channel holds ${channel}`);
  return {
    id: r.id,
    gameId: r.game_id,
    channel,
    userId: r.user_id,
    name: r.name,
    seat: r.seat === 0 || r.seat === 1 ? r.seat : null,
    text: r.body,
    phrase: r.phrase,
    at: Number(r.at),
  };
}

function toReport(r: Selectable<ChatReportsTable>): ReportRow {
  return {
    gameId: r.game_id,
    messageId: r.message_id,
    reporterId: r.reporter_id,
    reason: r.reason,
    at: Number(r.at),
  };
}
