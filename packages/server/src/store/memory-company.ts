import { type CompanyQueries, checkNextVersion } from './company-sql.js';
import { rowLimit } from './game-rows.js';
import { addToTotals, matchDice, NO_DICE, SITE_TOTALS, totalsOfMatch } from './match-dice.js';
import { compareText } from './text-order.js';
import type { ChatRow, DiceTotalsRow, GameRow, ReportRow, StoredAction, TournamentRow, UserRow } from './types.js';

/** The part of the Store about company and dice (the SQL store's CompanyQueries), kept in memory. */
export interface MemoryCompany extends CompanyQueries {
  /** Counts a match's dice into the totals (once: a second call adds nothing), as the action that ends it is stored. */
  countMatch(gameId: string): void;
}

/** What the company part reads of the rest of the memory store. */
export interface MemoryCompanySources {
  readonly user: (id: string) => UserRow | undefined;
  readonly game: (id: string) => GameRow | undefined;
  readonly allGames: () => GameRow[];
  readonly actions: (id: string) => StoredAction[];
}

/**
 * Chat, reports, tournaments, the live list and the dice totals for memoryStore, behaving as
 * the SQL store does: rows in and out through JSON, the same keys refused (a message id, a
 * report per message and reporter, a tournament id), the same foreign keys (a message's game, a
 * report's message, a tournament's creator) and the same orders with the same ties.
 */
export function memoryCompany({ user, game, allGames, actions }: MemoryCompanySources): MemoryCompany {
  const counted = new Set<string>();
  const totals = new Map<string, string>();
  const chat = new Map<string, string>();
  const reports = new Map<string, string>();
  const tournaments = new Map<string, string>();

  const allChat = (): ChatRow[] => [...chat.values()].map((c) => JSON.parse(c) as ChatRow);
  const tournament = (id: string): TournamentRow | undefined => {
    const text = tournaments.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as TournamentRow);
  };
  const totalsOf = (owner: string): DiceTotalsRow => {
    const text = totals.get(owner);
    return text === undefined ? NO_DICE : (JSON.parse(text) as DiceTotalsRow);
  };

  return {
    countMatch(gameId) {
      const g = game(gameId);
      if (!g) throw new Error(`dice of ${gameId}: no such game`);
      if (counted.has(gameId)) return;
      counted.add(gameId);
      const dice = matchDice(
        g,
        actions(gameId).map((a) => a.action),
      );
      if (dice === null) return;
      for (const [owner, tally] of totalsOfMatch(dice)) {
        totals.set(owner, JSON.stringify(addToTotals(totalsOf(owner), tally)));
      }
    },
    async diceTotals(userId) {
      return totalsOf(userId ?? SITE_TOTALS);
    },

    async playingGames(activeSince, limit) {
      return allGames()
        .filter((g) => g.status === 'playing' && g.updatedAt >= activeSince)
        .sort((a, b) => b.updatedAt - a.updatedAt || compareText(b.id, a.id))
        .slice(0, rowLimit(limit));
    },

    async addChat(row) {
      if (chat.has(row.id)) throw new Error(`addChat: message ${row.id} exists`);
      if (!game(row.gameId)) throw new Error(`addChat: no game ${row.gameId}`);
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
      const k = `${row.messageId}\u0000${row.reporterId}`;
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

    async createTournament(row) {
      if (tournaments.has(row.id)) throw new Error(`createTournament: tournament ${row.id} exists`);
      if (!user(row.creatorId)) throw new Error(`createTournament: no user ${row.creatorId}`);
      tournaments.set(row.id, JSON.stringify(row));
    },
    async tournamentById(id) {
      return tournament(id) ?? null;
    },
    async updateTournament(row, version) {
      checkNextVersion(row, version);
      const stored = tournament(row.id);
      if (!stored || stored.version !== version) return { ok: false, code: 'ERR_VERSION_CONFLICT' };
      if (!user(row.creatorId)) throw new Error(`updateTournament: no user ${row.creatorId}`);
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
      return allGames()
        .filter((g) => g.tournament?.id === id)
        .sort((a, b) => a.createdAt - b.createdAt || compareText(a.id, b.id));
    },
  };
}
