import type { Lang } from '../i18n/index.js';
import { LEARN_SLUGS, type LearnContent } from './types.js';

/**
 * Learn pages are fetched per language when first opened (one chunk per language), so
 * none of them weighs on the first page. A language without its file falls back to English.
 */
const modules = import.meta.glob<Readonly<Record<string, unknown>>>('./content/*.ts');

/** The module's LearnContent, whatever the export is called (default or named). */
export function contentOf(mod: Readonly<Record<string, unknown>>): LearnContent | null {
  const candidates = [mod.default, ...Object.values(mod)];
  for (const c of candidates) {
    if (typeof c !== 'object' || c === null) continue;
    const pages = c as Record<string, { blocks?: unknown } | undefined>;
    if (LEARN_SLUGS.every((s) => Array.isArray(pages[s]?.blocks))) return c as LearnContent;
  }
  return null;
}

export interface LoadedLearn {
  readonly content: LearnContent;
  /** The content is English because the language has none yet. */
  readonly fallback: boolean;
}

const cache = new Map<Lang, Promise<LoadedLearn | null>>();

async function fetchLearn(lang: Lang): Promise<LoadedLearn | null> {
  const own = modules[`./content/${lang}.ts`];
  if (own) {
    const content = contentOf(await own());
    if (content) return { content, fallback: false };
  }
  const en = modules['./content/en.ts'];
  const content = en ? contentOf(await en()) : null;
  return content ? { content, fallback: lang !== 'en' } : null;
}

export function loadLearn(lang: Lang): Promise<LoadedLearn | null> {
  let p = cache.get(lang);
  if (!p) {
    p = fetchLearn(lang);
    cache.set(lang, p);
  }
  return p;
}
