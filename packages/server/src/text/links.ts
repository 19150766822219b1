import IANA_TLDS from 'tlds' with { type: 'json' };
import { latinReading } from './confusables.js';

/*
 * Links in a text others read. Lichess removes them from a message; Zar refuses the text
 * (ERR_CHAT_LINK in the chat, ERR_TEXT_LINK elsewhere), which tells the writer why it did not
 * appear rather than showing it cut. What counts as a link is what a spammer writes to send
 * people elsewhere: a scheme (http://), www., an address (t.me/x, example.com, discord.gg/x), an
 * IP address, and the cheap disguises of those: a spaced or spelled-out dot ("example . com",
 * "example dot com", "example(.)com", "scam. com" at the end of a line), a space for the dot of a
 * known short host ("discord gg/abc", "t me/abc"), full-width or ideographic dots, invisible
 * characters or combining marks inside, and Cyrillic or Greek look-alike letters (confusables.ts).
 *
 * An address ends in one of the top-level domains IANA lists (the `tlds` package), so that
 * ordinary words with a dot ("e.g.", "3.5", "ok.so") pass. A few endings are everyday words of
 * the site's languages that follow a full stop typed without its space ("ok.so", "bine.nu",
 * "tamam.ve"): those are believed only with a path after them ("x.so/abc"). A disguised dot is
 * only believed before the commonest few endings, which words rarely are.
 */

/** Every top-level domain IANA delegates, Unicode ones written in Unicode (tlds@1.261.0, MIT). */
const IANA: readonly string[] = IANA_TLDS;

/** Endings that are everyday words (en, ro, tr): an address only with a path after them. */
export const WORD_ENDINGS: ReadonlySet<string> = new Set(
  'so no is be do my am as at by la si sa se ne pe cu nu ve ki how now you one new'.split(' '),
);

/** Top-level domains a bare address is recognised by ("example.com"). */
const ENDINGS: ReadonlySet<string> = new Set(IANA.filter((t) => !WORD_ENDINGS.has(t)));

/** Top-level domains believed after a disguised dot ("example . com", "example dot com"). */
export const DISGUISED_ENDINGS: ReadonlySet<string> = new Set(['com', 'net', 'org', 'ru', 'io', 'gg', 'xyz']);
/** After a full stop and a space, only at the end of the line or before a path ("scam. com"). */
const SPACED_ENDINGS = ['com', 'org', 'ru', 'xyz'];

/** Short hosts of invites and short links, believed with a space for their dot before a path. */
const SHORT_HOSTS = [
  'discord gg',
  'discord com',
  'discordapp com',
  't me',
  'telegram me',
  'wa me',
  'bit ly',
  'cutt ly',
  'tinyurl com',
  'youtu be',
  'goo gl',
  'vk com',
  'fb me',
  'is gd',
  'rb gy',
];

/** A name's label, begun at the start of a word (not inside one: a long word is then read once, not once a letter). */
const LABEL = '(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}][\\p{L}\\p{N}_-]*';
const either = (names: Iterable<string>): string => `(?:${[...names].join('|')})`;
/** An ending ends the name: no letter or digit after it ("example.community" is not ".com"). */
const END = '(?![\\p{L}\\p{N}])';
/** A dot written out or bracketed: "(.)", "[dot]", "{.}", "dot". */
const SPELLED_DOT = '(?:\\s*[([{]\\s*(?:\\.|dot)\\s*[)\\]}]\\s*|\\s+dot\\s+)';

const PATTERNS: readonly RegExp[] = [
  // A scheme: http://, https://, ftp://, and any other "word://".
  /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\//iu,
  /(?<![\p{L}\p{N}])www\s*\./iu,
  // A name with a dot and a path, whatever its ending: youtu.be/x, goo.gl/x. Letters on both
  // sides of the dot, two at least after it, so that "e.g./i.e." and "13/7" pass.
  new RegExp(`${LABEL}\\.\\p{L}{2,}/[\\p{L}\\p{N}]`, 'iu'),
  // "example . com", "example .com", "example(.)com", "example [dot] com", "example dot com".
  new RegExp(`${LABEL}(?:\\s+\\.\\s*|${SPELLED_DOT})${either(DISGUISED_ENDINGS)}${END}`, 'iu'),
  // "scam. com" closing the line or before a path; "thanks. com on" and "ok. com'on" are chat.
  new RegExp(`${LABEL}\\.\\s+${either(SPACED_ENDINGS)}(?=\\s*$|\\s*/|[.!?,;:]+(?:\\s|$))`, 'iu'),
  // "discord gg/abc", "t me/abc", "bit dot ly/x".
  new RegExp(
    `(?<![\\p{L}\\p{N}])${either(SHORT_HOSTS.map((h) => h.replace(' ', `(?:\\s+|${SPELLED_DOT})`)))}\\s*/\\s*[\\p{L}\\p{N}]`,
    'iu',
  ),
  // An IPv4 address.
  /(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}])/u,
];

/** Words joined by dots with no space between: an address if a word after a dot is a known ending. */
const DOTTED = /(?<![\p{L}\p{N}_-])[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu;

const hasAddress = (text: string): boolean => {
  for (const [run] of text.matchAll(DOTTED)) {
    if (run.split('.').some((word, i) => i > 0 && ENDINGS.has(word.toLowerCase()))) return true;
  }
  return false;
};

/** Characters that render as nothing, which a writer may slip into a link to hide it. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;

/** Dots other than "." that a reader takes for one: ideographic and small full stops, middle dots. */
const OTHER_DOTS = /[\u3002\uFE52\u00B7\u30FB\u2027]/gu;

/** Combining marks left once letters are composed (NFKC): the underline or strike of "fancy" text. */
const MARKS = /\p{M}/gu;

/**
 * The text as a link filter reads it: full-width and mathematical forms folded (NFKC: "．",
 * "｡" and "𝐜𝐨𝐦" among them), other full stops read as a dot, invisible characters and loose
 * combining marks dropped ("e̲x̲a̲m̲p̲l̲e̲.̲c̲o̲m̲" reads as a link; "é" is one letter by then and stays).
 */
const readable = (text: string): string =>
  text.normalize('NFKC').replace(OTHER_DOTS, '.').replace(INVISIBLE, '').replace(MARKS, '');

/** The text holds a link, or a cheap disguise of one. */
export function hasLink(text: string): boolean {
  const plain = readable(text);
  const latin = latinReading(plain, DISGUISED_ENDINGS);
  const readings = latin === plain ? [plain] : [plain, latin];
  return readings.some((r) => hasAddress(r) || PATTERNS.some((pattern) => pattern.test(r)));
}
