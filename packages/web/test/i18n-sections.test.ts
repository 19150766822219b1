import { describe, expect, it } from 'vitest';
import { ar } from '../src/i18n/ar.js';
import { bg } from '../src/i18n/bg.js';
import type { Catalogue } from '../src/i18n/catalogue.js';
import { el } from '../src/i18n/el.js';
import { en } from '../src/i18n/en.js';
import { LANGS, type Lang } from '../src/i18n/languages.js';
import { ro } from '../src/i18n/ro.js';
import { ru } from '../src/i18n/ru.js';
import { tr } from '../src/i18n/tr.js';
import { uk } from '../src/i18n/uk.js';

/*
 * A feature's strings are one folder, sections/<feature>/, with a file per language; each
 * language's catalogue only puts its sections together. This keeps it so: a string written
 * straight into a language's file, or a language missing from a folder, fails here.
 */

const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { ro, en, tr, ru, uk, el, bg, ar };

const FILES = import.meta.glob<Record<string, object>>('../src/i18n/sections/*/*.ts', { eager: true });

/** The sections of each folder by language: the one object each file exports. */
const SECTIONS = new Map<string, Map<string, object>>();
for (const [path, module] of Object.entries(FILES)) {
  const [, folder, lang] = /sections\/([^/]+)\/([^/]+)\.ts$/.exec(path) ?? [];
  const exported = Object.values(module);
  if (!folder || !lang || exported.length !== 1) throw new Error(`${path}: one section per file`);
  const byLang = SECTIONS.get(folder) ?? new Map<string, object>();
  byLang.set(lang, exported[0] as object);
  SECTIONS.set(folder, byLang);
}

/** The catalogue's top-level keys a section gives: the folder's own key, or the keys it spreads. */
function keysOf(folder: string, section: object, catalogue: Catalogue): string[] {
  const top = catalogue as unknown as Record<string, unknown>;
  if (top[folder] === section) return [folder];
  const keys = Object.keys(section);
  for (const k of keys) expect(top[k], `${folder}: ${k}`).toBe((section as Record<string, unknown>)[k]);
  return keys;
}

describe('catalogue sections', () => {
  it('every feature folder has a file for each language', () => {
    expect(SECTIONS.size).toBeGreaterThan(0);
    for (const [folder, byLang] of SECTIONS) expect([...byLang.keys()].sort(), folder).toEqual([...LANGS].sort());
  });

  for (const lang of LANGS) {
    it(`${lang}'s catalogue is its sections put together, each key from one folder`, () => {
      const given: string[] = [];
      for (const [folder, byLang] of SECTIONS)
        given.push(...keysOf(folder, byLang.get(lang) as object, CATALOGUES[lang]));
      expect(given.sort()).toEqual(Object.keys(CATALOGUES[lang]).sort());
    });
  }
});
