import type { Lang } from '../../i18n/languages.js';
import { pwaAr } from './ar.js';
import { pwaBg } from './bg.js';
import { pwaEl } from './el.js';
import { type PwaText, pwaEn } from './en.js';
import { pwaRo } from './ro.js';
import { pwaRu } from './ru.js';
import { pwaTr } from './tr.js';
import { pwaUk } from './uk.js';

export type { PwaText } from './en.js';

/**
 * The update notice's strings in every language. They are not in the page's catalogue: the
 * English catalogue is in the entry bundle, which has no room left, and the notice runs
 * outside the app (see start.ts), so its few words travel with it.
 */
export const PWA_TEXT: { readonly [L in Lang]: PwaText } = {
  ro: pwaRo,
  en: pwaEn,
  tr: pwaTr,
  ru: pwaRu,
  uk: pwaUk,
  el: pwaEl,
  bg: pwaBg,
  ar: pwaAr,
};

/** The strings for the page's language (the app keeps <html lang> in step with it); English otherwise. */
export function pwaText(lang: string): PwaText {
  return (PWA_TEXT as Readonly<Record<string, PwaText | undefined>>)[lang] ?? pwaEn;
}
