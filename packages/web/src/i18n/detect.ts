import { DEFAULT_LANG, isLang, type Lang } from './languages.js';

export const LANG_KEY = 'zar.lang';

/**
 * The interface language: the one the player chose before (remembered), else the first of
 * the browser's languages we have ("ru-RU" counts as "ru"), else English.
 */
export function pickLang(remembered: string | null, browser: readonly string[]): Lang {
  if (isLang(remembered)) return remembered;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return DEFAULT_LANG;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be forbidden (privacy settings); the choice then lasts for the page only.
    return null;
  }
}

export function initialLang(): Lang {
  const nav = globalThis.navigator;
  const browser = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  return pickLang(storage()?.getItem(LANG_KEY) ?? null, browser);
}

export function rememberLang(lang: Lang): void {
  storage()?.setItem(LANG_KEY, lang);
}
