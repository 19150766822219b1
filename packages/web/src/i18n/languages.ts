/**
 * The eight languages of the interface, in the order the switcher lists them. Each one is
 * named in itself, and carries the local name of backgammon, because that is how players
 * recognise the game ("Table" in Romania, "Tavla" in Turkey, "Πόρτες" in Greece).
 */
export const LANGS = ['ro', 'en', 'tr', 'ru', 'uk', 'el', 'bg', 'ar'] as const;
export type Lang = (typeof LANGS)[number];

export const DEFAULT_LANG: Lang = 'en';

export function isLang(s: unknown): s is Lang {
  return typeof s === 'string' && (LANGS as readonly string[]).includes(s);
}

interface LangInfo {
  /** The language's name in itself. */
  readonly endonym: string;
  /** What backgammon is called where the language is spoken. */
  readonly backgammon: string;
  /**
   * Locale for numbers. Arabic keeps Western digits: the board, the dice and the move
   * notation use them, and mixing two digit sets on one screen confuses more than it helps.
   */
  readonly numbers: string;
}

export const LANG_INFO: { readonly [L in Lang]: LangInfo } = {
  ro: { endonym: 'Română', backgammon: 'Table', numbers: 'ro' },
  en: { endonym: 'English', backgammon: 'Backgammon', numbers: 'en' },
  tr: { endonym: 'Türkçe', backgammon: 'Tavla', numbers: 'tr' },
  ru: { endonym: 'Русский', backgammon: 'Короткие нарды', numbers: 'ru' },
  uk: { endonym: 'Українська', backgammon: 'Короткі нарди', numbers: 'uk' },
  el: { endonym: 'Ελληνικά', backgammon: 'Πόρτες', numbers: 'el' },
  bg: { endonym: 'Български', backgammon: 'Табла', numbers: 'bg' },
  ar: { endonym: 'العربية', backgammon: 'طاولة', numbers: 'ar-u-nu-latn' },
};

/**
 * Right-to-left languages. An explicit set, because `Intl.Locale#textInfo` is missing in
 * Firefox; the set names more than we ship so a future catalogue cannot forget it.
 */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export const dirOf = (lang: string): 'rtl' | 'ltr' => (RTL.has(lang) ? 'rtl' : 'ltr');

/** What the switcher shows for a language: its name and its backgammon. */
export const switcherLabel = (lang: Lang): string => `${LANG_INFO[lang].endonym} · ${LANG_INFO[lang].backgammon}`;
