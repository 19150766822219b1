import { ERROR_CODES } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { ar } from '../src/i18n/ar.js';
import { bg } from '../src/i18n/bg.js';
import type { Catalogue } from '../src/i18n/catalogue.js';
import { el } from '../src/i18n/el.js';
import { en } from '../src/i18n/en.js';
import type { Lang } from '../src/i18n/languages.js';
import { ro } from '../src/i18n/ro.js';
import { ru } from '../src/i18n/ru.js';
import { tr } from '../src/i18n/tr.js';
import { uk } from '../src/i18n/uk.js';
import { errorText } from '../src/ui.js';

const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { en, ro, tr, ru, uk, el, bg, ar };
/** The page's own codes: the server cannot be reached, or answered what the contract does not describe. */
const CLIENT_CODES = ['ERR_NETWORK', 'ERR_SCHEMA'] as const;

describe('errors as sentences', () => {
  for (const [lang, t] of Object.entries(CATALOGUES)) {
    it(`${lang}: every code the server or the page refuses with has its own sentence`, () => {
      for (const code of [...ERROR_CODES, ...CLIENT_CODES]) {
        const text = errorText(t, { code });
        expect(text, `${lang} ${code}`).not.toBe(t.common.error);
        expect(text, `${lang} ${code}`).toMatch(/\S.*[.!?。؟]$/);
        // A translation, not the English sentence copied.
        if (lang !== 'en') expect(text, `${lang} ${code}`).not.toBe(errorText(en, { code }));
      }
    });
  }

  it('a code the page does not know gets the general sentence, never the server’s words', () => {
    const refused = { code: 'ERR_FROM_A_NEWER_SERVER', message: 'password: a password has at least 8 characters' };
    for (const t of Object.values(CATALOGUES)) {
      const text = errorText(t, refused);
      expect(text).toBe(t.common.error);
      expect(text).not.toContain('password:');
      expect(text).not.toMatch(/\{\w+\}/);
    }
    expect(errorText(en, { code: 'HTTP_502' })).toBe(en.common.error);
    // Names of the catalogue's own object are not codes.
    expect(errorText(en, { code: 'toString' })).toBe(en.common.error);
  });
});
