import type { ChatMessage } from '@zar/protocol';

/*
 * The match's chat as the game hook keeps it (use-game.ts), from the socket's `chat` frames: a whole backlog
 * replaces what the page had (a join, a reconnect, the spectators' channel reaching the players
 * at the end), new messages are added. Pure, so that the order and the deduplication are
 * tested without a page.
 */

export type ChatLog = readonly ChatMessage[];

/** The codes of refusals that concern the chat: the panel shows them, not the table. */
export const CHAT_ERRORS: readonly string[] = [
  'ERR_NO_CHAT',
  'ERR_CHAT_LINK',
  'ERR_TEXT_BLANK',
  'ERR_CHAT_RATE',
  'ERR_REPORT',
];

const byTime = (a: ChatMessage, b: ChatMessage): number => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The log after a frame: `whole` replaces it, otherwise the frame's messages are added. Each
 * message is kept once (a message can come again in a backlog after a reconnect), in the
 * order the server stored them.
 */
export function mergeChat(log: ChatLog, whole: boolean, messages: readonly ChatMessage[]): ChatLog {
  const kept = new Map<string, ChatMessage>();
  for (const m of whole ? [] : log) kept.set(m.id, m);
  for (const m of messages) kept.set(m.id, m);
  return [...kept.values()].sort(byTime);
}
