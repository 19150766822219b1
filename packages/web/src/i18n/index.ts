import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Catalogue } from './catalogue.js';
import { en } from './en.js';
import { fill } from './format.js';
import { dirOf, type Lang } from './languages.js';
import { formatNumber, formatPercent, type PluralForms, plural } from './plural.js';

export type { Catalogue } from './catalogue.js';
export { fill, parts } from './format.js';
export { dirOf, isLang, LANG_INFO, LANGS, type Lang, switcherLabel } from './languages.js';
export type { PluralForms } from './plural.js';

/** What a component needs to speak the page's language. */
export interface I18n {
  readonly lang: Lang;
  readonly dir: 'ltr' | 'rtl';
  readonly t: Catalogue;
  /** A plural message for `n`. */
  readonly n: (forms: PluralForms, n: number) => string;
  /** A number in the language's format. */
  readonly num: (n: number) => string;
  /** A probability (0..1) as a percentage. */
  readonly pct: (p: number) => string;
  /** A message with its slots filled. */
  readonly f: (template: string, params: Readonly<Record<string, string | number>>) => string;
}

export function makeI18n(lang: Lang, t: Catalogue): I18n {
  return {
    lang,
    dir: dirOf(lang),
    t,
    n: (forms, n) => plural(lang, forms, n),
    num: (n) => formatNumber(lang, n),
    pct: (p) => formatPercent(lang, p),
    f: fill,
  };
}

export const I18nContext = createContext<I18n>(makeI18n('en', en));

export const useI18n = (): I18n => useContext(I18nContext);
