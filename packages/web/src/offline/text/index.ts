import type { Lang } from '../../i18n/languages.js';
import { offlineAr } from './ar.js';
import { offlineBg } from './bg.js';
import { offlineEl } from './el.js';
import { type OfflineText, offlineEn } from './en.js';
import { offlineRo } from './ro.js';
import { offlineRu } from './ru.js';
import { offlineTr } from './tr.js';
import { offlineUk } from './uk.js';

export type { OfflineText } from './en.js';

/**
 * The offline page's strings in every language. They travel with the page's own chunk, not
 * in the catalogue: the English catalogue is in the entry bundle, which has no room left, and
 * only players who choose offline play need them.
 */
export const OFFLINE_TEXT: { readonly [L in Lang]: OfflineText } = {
  ro: offlineRo,
  en: offlineEn,
  tr: offlineTr,
  ru: offlineRu,
  uk: offlineUk,
  el: offlineEl,
  bg: offlineBg,
  ar: offlineAr,
};
