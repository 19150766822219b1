import type { Player } from '@zar/match';
import type { StoreWrite } from './rows.js';

/** A message of a match's chat (protocol chat.ts). */
export interface ChatRow {
  readonly id: string;
  readonly gameId: string;
  readonly channel: 'players' | 'spectators';
  readonly userId: string;
  /** The writer's name as the table showed it. */
  readonly name: string;
  /** The writer's seat; null for a spectator. */
  readonly seat: Player | null;
  /** Exactly one of text and phrase is set. */
  readonly text: string | null;
  readonly phrase: string | null;
  readonly at: number;
}

/** A chat message reported to the moderators. */
export interface ReportRow {
  readonly gameId: string;
  readonly messageId: string;
  readonly reporterId: string;
  readonly reason: string;
  readonly at: number;
}

/** The matches' chat and the reports on it. */
export interface ChatStore {
  /** Stores a chat message. */
  addChat(row: ChatRow): Promise<void>;
  /** A match's chat, oldest first: the last `limit` messages. */
  chatOf(gameId: string, limit: number): Promise<ChatRow[]>;
  /** Keeps a report; one per (message, reporter): a second is refused. */
  addReport(row: ReportRow): Promise<StoreWrite<'ERR_DUPLICATE'>>;
  /** The reports on a match's chat, oldest first. */
  reportsOf(gameId: string): Promise<ReportRow[]>;
}
