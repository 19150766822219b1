/*
 * Links in chat (issue 29). Lichess removes them from a message; Zar refuses the message with
 * ERR_CHAT_LINK instead, which tells the writer why his line did not appear rather than
 * showing it cut. What counts as a link is what a spammer writes to send players elsewhere:
 * a scheme (http://, https://), www., an address (t.me/x, example.com, discord.gg/x), an IP
 * address, and the cheap disguises of those ("example . com", "example dot com", "example(.)com",
 * a zero-width space inside, full-width dots). A top-level domain must be one of a short list
 * of those spam uses, so that ordinary words with a dot ("e.g.", "3.5", "ok.so") pass, unless
 * a path follows the name (a short link: "youtu.be/x"); a disguised dot (spaced, "dot") is
 * only believed before the commonest few, which words rarely end with.
 */

/** Top-level domains a bare address is recognised by ("example.com"). */
const DOMAINS = (
  'com net org info biz io me ly gg tv co cc ws to xyz app dev link site club top ru su ua de uk fr es it nl ' +
  'pl eu us ca au br cn jp in tr gr ch se tk ml ga cf gq pw fm vip shop bet casino win chat online ai'
).split(' ');
/** Top-level domains believed after a disguised dot ("example . com", "example dot com"). */
const DISGUISED_DOMAINS = ['com', 'net', 'org', 'ru', 'io', 'gg', 'xyz'];

const LABEL = '[\\p{L}\\p{N}][\\p{L}\\p{N}_-]*';
const tlds = (names: readonly string[]): string => `(?:${names.join('|')})`;
/** A TLD ends the name: no letter or digit after it ("example.community" is not ".com"). */
const END = '(?![\\p{L}\\p{N}])';

const PATTERNS: readonly RegExp[] = [
  // A scheme: http://, https://, ftp://, and any other "word://".
  /[a-z][a-z0-9+.-]*:\/\//iu,
  /(?<![\p{L}\p{N}])www\s*\./iu,
  // example.com, t.me/x, mail@example.net
  new RegExp(`${LABEL}\\.${tlds(DOMAINS)}${END}`, 'iu'),
  // A name with a dot and a path, whatever its top-level domain: youtu.be/x, goo.gl/x. Letters
  // on both sides of the dot, two at least after it, so that "e.g./i.e." and "13/7" pass.
  new RegExp(`${LABEL}\\.\\p{L}{2,}/[\\p{L}\\p{N}]`, 'iu'),
  // "example . com", "example .com", "example(.)com", "example [dot] com", "example dot com". Not
  // "example. com": a sentence's full stop, then "com" (Portuguese "with") or "gg", is chat.
  new RegExp(`${LABEL}\\s+\\.\\s*${tlds(DISGUISED_DOMAINS)}${END}`, 'iu'),
  new RegExp(`${LABEL}\\s*[([{]\\s*(?:\\.|dot)\\s*[)\\]}]\\s*${tlds(DISGUISED_DOMAINS)}${END}`, 'iu'),
  new RegExp(`${LABEL}\\s+dot\\s+${tlds(DISGUISED_DOMAINS)}${END}`, 'iu'),
  // An IPv4 address.
  /(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}])/u,
];

/** Characters that render as nothing, which a writer may slip into a link to hide it. */
const INVISIBLE = /[\p{Cf}\p{Cc}]/gu;

/** Full stops other than "." that browsers read as one in an address (IDNA maps them to "."). */
const OTHER_DOTS = /[\u3002\uFE52]/gu;

/** Combining marks left once letters are composed (NFKC): the underline or strike of "fancy" text. */
const MARKS = /\p{M}/gu;

/**
 * The text as a link filter reads it: full-width forms folded (NFKC: "．" and "｡" among them),
 * the ideographic full stop read as a dot, invisible characters and loose combining marks
 * dropped ("e̲x̲a̲m̲p̲l̲e̲.̲c̲o̲m̲" reads as a link; "é" is one letter by then and stays).
 */
const readable = (text: string): string =>
  text.normalize('NFKC').replace(OTHER_DOTS, '.').replace(INVISIBLE, '').replace(MARKS, '');

/** The text holds a link, or a cheap disguise of one. */
export function hasLink(text: string): boolean {
  const plain = readable(text);
  return PATTERNS.some((pattern) => pattern.test(plain));
}
