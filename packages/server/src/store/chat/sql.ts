import type { Kysely, Selectable } from 'kysely';
import type { ChatRow, ChatStore, ReportRow } from '../chat-store.js';
import { rowLimit } from '../lists.js';
import type { ChatMessagesTable, ChatReportsTable, Database } from '../tables.js';

/**
 * The matches' chat and the reports on it over SQL. Orders are total (ties broken by a key), so
 * every store lists the same rows in the same order.
 */
export function sqlChat(db: Kysely<Database>): ChatStore {
  return {
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
  };
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
