import { describe, expect, it } from 'vitest';
import { peopleAr } from '../src/i18n/sections/people/ar.js';
import { peopleBg } from '../src/i18n/sections/people/bg.js';
import { peopleEl } from '../src/i18n/sections/people/el.js';
import { peopleEn } from '../src/i18n/sections/people/en.js';
import { peopleRo } from '../src/i18n/sections/people/ro.js';
import { peopleRu } from '../src/i18n/sections/people/ru.js';
import { peopleTr } from '../src/i18n/sections/people/tr.js';
import { peopleUk } from '../src/i18n/sections/people/uk.js';

/** Messages that are only slots and the units every language here writes alike. */
const FORMS_ONLY = new Set(['clock.named', 'clock.seconds', 'clock.minutes', 'series.line']);

function flatten(node: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v as object, key)) out.set(kk, vv);
  }
  return out;
}

describe('the people section in every language', () => {
  const english = flatten(peopleEn);
  const others = { ro: peopleRo, tr: peopleTr, ru: peopleRu, uk: peopleUk, el: peopleEl, bg: peopleBg, ar: peopleAr };
  for (const [lang, section] of Object.entries(others)) {
    it(`${lang} translates every message rather than copying the English`, () => {
      for (const [key, text] of flatten(section)) {
        if (FORMS_ONLY.has(key)) continue;
        expect(text, `${lang} ${key}`).not.toBe(english.get(key));
      }
    });
  }

  it('says the ten-second warning as a sentence in every language (it is the one thing read aloud)', () => {
    for (const section of [peopleEn, ...Object.values(others)]) expect(section.clock.lowYou).toMatch(/[.!]$/);
  });
});
