import type { Catalogue } from './catalogue.js';
import { en } from './en.js';
import type { Lang } from './languages.js';

/**
 * English is in the first bundle (it is the fallback and the type source); every other
 * catalogue is fetched when chosen, so each visitor downloads one language.
 */
const LOADERS: { readonly [L in Lang]: () => Promise<Catalogue> } = {
  en: async () => en,
  ro: async () => (await import('./ro.js')).ro,
  tr: async () => (await import('./tr.js')).tr,
  ru: async () => (await import('./ru.js')).ru,
  uk: async () => (await import('./uk.js')).uk,
  el: async () => (await import('./el.js')).el,
  bg: async () => (await import('./bg.js')).bg,
  ar: async () => (await import('./ar.js')).ar,
};

export const loadCatalogue = (lang: Lang): Promise<Catalogue> => LOADERS[lang]();
