import { describe, expect, it } from 'vitest';
import { LANGS } from '../src/i18n/languages.js';
import { pwaEn } from '../src/pwa/text/en.js';
import { PWA_TEXT, pwaText } from '../src/pwa/text/index.js';

/*
 * The update notice's strings live beside it (src/pwa/text/, a file per language), not in the
 * page's catalogue; the type asks each language for every key, and this asks for real words.
 */
describe('the update notice in every language', () => {
  it('has every language, each with every string, none left empty or in English', () => {
    expect(Object.keys(PWA_TEXT).sort()).toEqual([...LANGS].sort());
    for (const lang of LANGS) {
      const text = PWA_TEXT[lang];
      expect(Object.keys(text).sort(), lang).toEqual(Object.keys(pwaEn).sort());
      for (const [key, value] of Object.entries(text)) {
        expect(value.trim(), `${lang}.${key}`).not.toBe('');
        if (lang !== 'en') expect(value, `${lang}.${key}`).not.toBe(pwaEn[key as keyof typeof pwaEn]);
      }
    }
  });

  it("speaks the page's language, and English for one it does not know", () => {
    expect(pwaText('ru')).toBe(PWA_TEXT.ru);
    expect(pwaText('ar')).toBe(PWA_TEXT.ar);
    expect(pwaText('')).toBe(PWA_TEXT.en);
    expect(pwaText('de')).toBe(PWA_TEXT.en);
  });
});
