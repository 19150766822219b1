import type { ChatRow, ChatStore, ReportRow } from '../chat-store.js';
import { compareText, rowLimit } from '../lists.js';
import { type MemoryTables, memoryKey } from '../memory-tables.js';

/**
 * The matches' chat and its reports for memoryStore, behaving as the SQL store does: rows in
 * and out through JSON, the same keys refused (a message id, a report per message and
 * reporter), the same foreign keys (a message's game, a report's message) and the same orders
 * with the same ties.
 */
export function memoryChat(tables: MemoryTables): ChatStore {
  const chat = new Map<string, string>();
  const reports = new Map<string, string>();

  const allChat = (): ChatRow[] => [...chat.values()].map((c) => JSON.parse(c) as ChatRow);

  return {
    async addChat(row) {
      if (chat.has(row.id)) throw new Error(`addChat: message ${row.id} exists`);
      if (!tables.game(row.gameId)) throw new Error(`addChat: no game ${row.gameId}`);
      // The CHECK constraint of the SQL table: exactly one of text and phrase.
      if ((row.text === null) === (row.phrase === null)) throw new Error('addChat: one of text and phrase');
      chat.set(row.id, JSON.stringify(row));
    },
    async chatOf(gameId, limit) {
      const n = rowLimit(limit);
      if (n === 0) return [];
      return allChat()
        .filter((c) => c.gameId === gameId)
        .sort((a, b) => a.at - b.at || compareText(a.id, b.id))
        .slice(-n);
    },
    async addReport(row) {
      if (!chat.has(row.messageId)) throw new Error(`addReport: no message ${row.messageId}`);
      const k = memoryKey(row.messageId, row.reporterId);
      if (reports.has(k)) return { ok: false, code: 'ERR_DUPLICATE' };
      reports.set(k, JSON.stringify(row));
      return { ok: true };
    },
    async reportsOf(gameId) {
      return [...reports.values()]
        .map((r) => JSON.parse(r) as ReportRow)
        .filter((r) => r.gameId === gameId)
        .sort(
          (a, b) => a.at - b.at || compareText(a.messageId, b.messageId) || compareText(a.reporterId, b.reporterId),
        );
    },
  };
}
