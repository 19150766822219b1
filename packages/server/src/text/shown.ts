import { cleanText, isBlank, type TextResult } from './clean.js';
import { hasLink } from './links.js';

/**
 * What others will be shown of a text someone wrote: the chat's messages, a tournament's name.
 * The one gate such a text passes (docs/text.md): cleaned (clean.ts), then refused when nothing
 * of it would show (ERR_TEXT_BLANK: "ㅤ", a braille blank, only bidi marks) or when it holds a
 * link (ERR_TEXT_LINK, links.ts). Lengths are the caller's: each place has its own.
 */
export function shownText(text: string): TextResult {
  const value = cleanText(text);
  if (isBlank(value))
    return { ok: false, error: { code: 'ERR_TEXT_BLANK', message: 'nothing of this text would show' } };
  if (hasLink(value)) return { ok: false, error: { code: 'ERR_TEXT_LINK', message: 'links are not allowed here' } };
  return { ok: true, value };
}
