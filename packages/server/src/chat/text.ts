import { MAX_CHAT_LENGTH } from '@zar/protocol';
import { hasLink } from './links.js';

/*
 * What a chat message may say (issue 29). The protocol bounds the text a client sends (1 to
 * MAX_CHAT_LENGTH characters); the server then writes it as it will be stored and shown, and
 * judges that: control characters (new lines, tabs, escapes) and runs of white space become one
 * space, so a message is one line; characters that reorder or hide text (bidirectional
 * overrides, zero-width spaces) are dropped; a pile of combining marks (the "zalgo" that
 * spills over the lines around it) is cut to MAX_MARKS; the ends are trimmed.
 */

/** Combining marks kept on one character: enough for every script's real text (Vietnamese stacks two). */
export const MAX_MARKS = 3;

export type ChatTextResult =
  | { ok: true; value: string }
  | { ok: false; error: { code: 'ERR_REQUEST' | 'ERR_CHAT_LINK'; message: string } };

/** Bidi embeddings, overrides and isolates; zero-width space, word joiner, byte-order mark. */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/gu;
const BLANKS = /[\p{Cc}\s]+/gu;
const MARKS = new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, 'gu');

/** The text as it would be stored. */
export const cleanChatText = (text: string): string =>
  text.replace(HIDDEN, '').replace(BLANKS, ' ').replace(MARKS, '$1').trim();

/** The text to store, or why it is refused: empty once cleaned, too long, or holding a link. */
export function chatText(text: string): ChatTextResult {
  const value = cleanChatText(text);
  if (value.length === 0) return refuse('ERR_REQUEST', 'an empty message');
  if (value.length > MAX_CHAT_LENGTH) return refuse('ERR_REQUEST', `at most ${MAX_CHAT_LENGTH} characters`);
  if (hasLink(value)) return refuse('ERR_CHAT_LINK', 'links are not allowed in the chat');
  return { ok: true, value };
}

const refuse = (code: 'ERR_REQUEST' | 'ERR_CHAT_LINK', message: string): ChatTextResult => ({
  ok: false,
  error: { code, message },
});
