import { type ChatChannel, type ChatMessage, MAX_CHAT_LENGTH } from '@zar/protocol';
import type { ChatLog } from '../table/match-chat.js';

/*
 * What the chat panel does with the match's chat log (table/match-chat.ts): the channels it
 * shows, the text box, the reader's own messages, the keys of the tab list. Pure, so that
 * each is tested without a page.
 */

/** One channel's messages, without those of muted writers. */
export function channelMessages(log: ChatLog, channel: ChatChannel, muted: ReadonlySet<string>): ChatLog {
  return log.filter((m) => m.channel === channel && !muted.has(m.from));
}

/** The writers of a channel's messages that the reader has muted, in the order first muted. */
export function mutedWriters(log: ChatLog, channel: ChatChannel, muted: readonly string[]): readonly string[] {
  const present = new Set(log.filter((m) => m.channel === channel).map((m) => m.from));
  return muted.filter((name) => present.has(name));
}

/** What the text box holds, as the form reads it: the text sent (trimmed), and the characters left. */
export interface Draft {
  readonly text: string;
  readonly left: number;
  /** 1 to MAX_CHAT_LENGTH characters once trimmed: the send button is live. */
  readonly sendable: boolean;
}

export function draftOf(raw: string): Draft {
  const text = raw.trim();
  return { text, left: MAX_CHAT_LENGTH - raw.length, sendable: text.length > 0 && text.length <= MAX_CHAT_LENGTH };
}

/** The channel a panel opens on: the one the viewer writes in, else the first he reads. */
export function firstChannel(write: ChatChannel | null, read: readonly ChatChannel[]): ChatChannel | null {
  if (write !== null && read.includes(write)) return write;
  return read[0] ?? null;
}

/**
 * The reader wrote this message: a player by his seat; a spectator (no seat) by his account's
 * name, his messages being a spectator's too. Null `myName`: not known (yet), none are his.
 */
export function isOwn(m: ChatMessage, you: 0 | 1 | null, myName: string | null): boolean {
  if (you !== null) return m.seat === you;
  return m.seat === null && myName !== null && m.from === myName;
}

/**
 * The tab a key moves to in the channels' tab list (WAI-ARIA's tabs: the arrows step and wrap,
 * Home and End go to the ends; in a right-to-left page the left arrow steps forward); null for
 * any other key.
 */
export function tabAfterKey(
  read: readonly ChatChannel[],
  current: ChatChannel,
  key: string,
  rtl: boolean,
): ChatChannel | null {
  const at = Math.max(0, read.indexOf(current));
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  let to: number;
  if (key === forward) to = (at + 1) % read.length;
  else if (key === back) to = (at - 1 + read.length) % read.length;
  else if (key === 'Home') to = 0;
  else if (key === 'End') to = read.length - 1;
  else return null;
  return read[to] ?? null;
}
