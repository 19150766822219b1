/*
 * Cyrillic and Greek letters that look like Latin ones (Unicode's confusables.txt, the pairs a
 * reader cannot tell apart in an ordinary font), for reading an address written with them:
 * "scаm.com" with a Cyrillic а, "scam.cοm" with a Greek ο. Only the link filter reads this; a
 * text is stored as written.
 *
 * Ordinary Russian, Ukrainian, Bulgarian and Greek are full of these letters, so a word is read
 * as Latin only when it is disguised: it mixes Latin letters with Cyrillic or Greek ones (no
 * word of those languages does); or it is made of look-alikes only, in a run of words joined by
 * dots that ends in one of the endings spam uses most once read as Latin ("scam.сом"), and the
 * run has a Latin word or is made of look-alikes only ("сосо.сом"). So "ok.со мной" (a missed
 * space) stays Russian: "co" is an ending, but not one of those.
 */

export const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  е: 'e',
  і: 'i',
  ј: 'j',
  о: 'o',
  // Read as m in most sans-serif fonts at chat sizes ("сом" for "com").
  м: 'm',
  р: 'p',
  с: 'c',
  ѕ: 's',
  у: 'y',
  х: 'x',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ү: 'Y',
  Һ: 'H',
  Ӏ: 'I',
  // Greek
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ϲ: 'c',
  ϳ: 'j',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ϲ: 'C',
  Ϳ: 'J',
};

const LATIN = /\p{Script=Latin}/u;
const OTHER = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const WORD = /[\p{L}\p{N}]+/gu;
/** Words joined by dots, with no space between ("ѕсаm.сом"). */
const DOTTED = /(?<![\p{L}\p{N}_-])[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu;

/** Every letter of the word has a Latin twin (digits may stand between). */
const allLookalike = (word: string): boolean => {
  let letters = 0;
  for (const c of word) {
    if (/\p{N}/u.test(c)) continue;
    if (LOOKALIKES[c] === undefined) return false;
    letters++;
  }
  return letters > 0;
};

const mixed = (word: string): boolean => LATIN.test(word) && OTHER.test(word);

/** The word with its look-alike letters read as Latin. */
export const asLatin = (word: string): string => Array.from(word, (c) => LOOKALIKES[c] ?? c).join('');

/**
 * The text with its disguised words read as Latin (see above); the text itself when none is.
 * `endings`: the address endings believed of a word made of look-alikes only.
 */
export function latinReading(text: string, endings: ReadonlySet<string>): string {
  const unmixed = text.replace(WORD, (word) => (mixed(word) ? asLatin(word) : word));
  return unmixed.replace(DOTTED, (run) => {
    const words = run.split('.');
    const lookalike = words.map((w) => allLookalike(w.replace(/[_-]/g, '')));
    const ending = asLatin(words[words.length - 1] ?? '').toLowerCase();
    const beside = words.some((w) => LATIN.test(w)) || lookalike.every(Boolean);
    if (!beside || !endings.has(ending)) return run;
    return words.map((w, i) => (lookalike[i] ? asLatin(w) : w)).join('.');
  });
}
