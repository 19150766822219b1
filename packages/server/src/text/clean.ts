import type { Result } from '@zar/engine';

/*
 * What others are shown of a text someone wrote (a chat message, a tournament's name): one
 * line, without the characters that hide or reorder text. Every such text goes through
 * cleanText, and shownText refuses what is blank once cleaned or holds a link (links.ts).
 * docs/text.md gives the rules and why.
 *
 * Removed: controls (BEL, ESC, NUL, DEL, the C1 block), format characters (\p{Cf}: bidi marks,
 * embeddings, overrides and isolates, soft hyphen, the invisible operators U+2061–2064, tag
 * characters) and every default-ignorable code point (Hangul fillers, the Mongolian vowel
 * separator, variation selectors, the combining grapheme joiner), lone surrogates. Two kinds are
 * kept where they do work: ZWNJ and ZWJ between two letters of a script that joins (Persian
 * writes ZWNJ inside words; Indic scripts choose conjuncts with them), ZWJ between two emoji
 * (a family, a flag's rainbow) and VS15/VS16 after an emoji. Line breaks, tabs and every
 * space become one space; blank-looking letters (Hangul fillers, the braille blank) too.
 */

/** Combining marks kept on one character: enough for every script's real text (Vietnamese stacks two). */
export const MAX_MARKS = 3;

export type TextError = { code: 'ERR_TEXT_BLANK' | 'ERR_TEXT_LINK'; message: string };
export type TextResult = Result<string, TextError['code']>;

/**
 * Scripts whose words take ZWNJ/ZWJ between letters: Arabic (Persian, Urdu), Syriac, N'Ko,
 * Mongolian, and the Brahmic scripts, where they choose between a conjunct and its halves.
 */
const JOINING_SCRIPTS = [
  'Arabic',
  'Syriac',
  'Nko',
  'Mongolian',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Myanmar',
  'Khmer',
];
/** A letter (not a mark: a joiner needs a letter on each side) of a joining script. */
const JOINING = `(?=\\p{L})[${JOINING_SCRIPTS.map((s) => `\\p{Script_Extensions=${s}}`).join('')}]`;
/** A joiner between two letters of joining scripts (marks such as a virama may come before it). */
const LETTER_JOINER = `[\\u200C\\u200D](?<=${JOINING}\\p{M}*.)(?=${JOINING})`;
/** An emoji, with its presentation selector or skin tone. */
const EMOJI = '\\p{Extended_Pictographic}[\\u{FE0F}\\u{1F3FB}-\\u{1F3FF}]?';
const EMOJI_JOINER = `\\u200D(?<=${EMOJI}.)(?=\\p{Extended_Pictographic})`;
/** Text or emoji presentation chosen for a character that has both (❤️, 1️⃣). */
const PRESENTATION = '[\\uFE0E\\uFE0F](?<=\\p{Emoji}\\p{Emoji_Modifier}?.)';

/**
 * Characters that render as nothing or only steer others: removed unless kept by the rules
 * above. Each kept one is matched first and its neighbours looked at after (the lookbehind ends
 * on it, "."), so that the look back runs at a joiner only, not at every character.
 */
const HIDDEN = new RegExp(
  `(${LETTER_JOINER}|${EMOJI_JOINER}|${PRESENTATION})|[\\p{Cf}\\p{Default_Ignorable_Code_Point}\\p{Cs}]`,
  'gu',
);

/**
 * Letters and symbols that render as a blank: the Hangul fillers (also default-ignorable, but
 * shown as wide spaces by many fonts), halfwidth Hangul filler, braille pattern blank,
 * musical symbol null notehead. Read as a space, so that a text made of them is blank.
 */
export const BLANK_LOOKALIKES = ['\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800', '\u{1D159}'];
const LOOKS_BLANK = new RegExp(`[${BLANK_LOOKALIKES.join('')}]`, 'gu');

/**
 * Line breaks, tabs and spaces of every width, with the controls Unicode reads as breaks (NEL, FS–US).
 * Not the byte order mark, which JavaScript counts as a space but renders as nothing.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NEL and the separators FS–US break a line; finding them is the point
const SPACES = /(?:[^\S\uFEFF]|[\u0085\u001C-\u001F])+/gu;
/** Every other control (BEL, ESC, NUL, DEL, C1). */
const CONTROLS = /\p{Cc}/gu;
/** A pile of marks (the "zalgo" that spills over the lines around it) is cut to MAX_MARKS. */
const PILED_MARKS = new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, 'gu');
/** Marks with nothing to sit on: at the start, or after a space. */
const LOOSE_MARKS = /(^|\s)\p{M}+/gu;
/** What shows: a letter, a digit, punctuation or a symbol (marks alone, private use and unassigned do not count). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** The text as others will be shown it: one trimmed line, hidden characters removed. */
export function cleanText(text: string): string {
  return text
    .replace(LOOKS_BLANK, ' ')
    .replace(SPACES, ' ')
    .replace(CONTROLS, '')
    .replace(HIDDEN, (_, kept: string | undefined) => kept ?? '')
    .replace(PILED_MARKS, '$1')
    .replace(LOOSE_MARKS, '$1')
    .replace(SPACES, ' ')
    .trim();
}

/** Nothing in the (cleaned) text would show. */
export const isBlank = (text: string): boolean => !VISIBLE.test(text);
