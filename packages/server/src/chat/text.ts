import type { Result } from '@zar/engine';
import { MAX_CHAT_LENGTH } from '@zar/protocol';
import { shownText } from '../text/shown.js';

/*
 * What a chat message may say. The protocol bounds the text a client sends (1 to
 * MAX_CHAT_LENGTH characters); the server then cleans it as every text others read is cleaned
 * (text/shown.ts: one line, hidden and direction characters removed, marks piled no higher than
 * MAX_MARKS) and judges that: blank once cleaned, too long, or holding a link.
 */

export type ChatTextResult = Result<string, 'ERR_REQUEST' | 'ERR_TEXT_BLANK' | 'ERR_CHAT_LINK'>;

/** The text to store, or why it is refused. */
export function chatText(text: string): ChatTextResult {
  const shown = shownText(text);
  if (!shown.ok) {
    // The chat keeps its own code for a link, which pages already word for the chat.
    return shown.error.code === 'ERR_TEXT_LINK'
      ? refuse('ERR_CHAT_LINK', 'links are not allowed in the chat')
      : refuse(shown.error.code, 'an empty message: nothing of it would show');
  }
  if (shown.value.length > MAX_CHAT_LENGTH) return refuse('ERR_REQUEST', `at most ${MAX_CHAT_LENGTH} characters`);
  return shown;
}

const refuse = (code: Extract<ChatTextResult, { ok: false }>['error']['code'], message: string): ChatTextResult => ({
  ok: false,
  error: { code, message },
});
