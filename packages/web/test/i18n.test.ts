import { describe, expect, it } from 'vitest';
import { ar } from '../src/i18n/ar.js';
import { bg } from '../src/i18n/bg.js';
import type { Catalogue } from '../src/i18n/catalogue.js';
import { pickLang } from '../src/i18n/detect.js';
import { el } from '../src/i18n/el.js';
import { en } from '../src/i18n/en.js';
import { fill, parts } from '../src/i18n/format.js';
import { dirOf, LANG_INFO, LANGS, type Lang, switcherLabel } from '../src/i18n/languages.js';
import { type PluralForms, plural, pluralCategory } from '../src/i18n/plural.js';
import { ro } from '../src/i18n/ro.js';
import { ru } from '../src/i18n/ru.js';
import { tr } from '../src/i18n/tr.js';
import { uk } from '../src/i18n/uk.js';

const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { ro, en, tr, ru, uk, el, bg, ar };

const isPlural = (v: unknown): v is PluralForms => typeof v === 'object' && v !== null && 'other' in v;

/** Every message of a catalogue by its dotted key. */
function flatten(node: unknown, prefix = ''): Map<string, string | PluralForms> {
  const out = new Map<string, string | PluralForms>();
  if (typeof node === 'string' || isPlural(node)) {
    out.set(prefix, node);
    return out;
  }
  for (const [k, v] of Object.entries(node as object)) {
    for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  }
  return out;
}

const slots = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();

describe('plural rules (Intl.PluralRules, CLDR)', () => {
  // Rows hand-checked against the CLDR plural rules for each language.
  const rows: [Lang, number, Intl.LDMLPluralRule][] = [
    ['ru', 1, 'one'],
    ['ru', 21, 'one'],
    ['ru', 2, 'few'],
    ['ru', 24, 'few'],
    ['ru', 5, 'many'],
    ['ru', 11, 'many'],
    ['ru', 12, 'many'],
    ['ru', 111, 'many'],
    ['ru', 1.5, 'other'],
    ['uk', 1, 'one'],
    ['uk', 3, 'few'],
    ['uk', 14, 'many'],
    ['uk', 22, 'few'],
    ['ar', 0, 'zero'],
    ['ar', 1, 'one'],
    ['ar', 2, 'two'],
    ['ar', 3, 'few'],
    ['ar', 10, 'few'],
    ['ar', 11, 'many'],
    ['ar', 99, 'many'],
    ['ar', 100, 'other'],
    ['ar', 103, 'few'],
    ['ro', 1, 'one'],
    ['ro', 2, 'few'],
    ['ro', 19, 'few'],
    ['ro', 20, 'other'],
    ['en', 1, 'one'],
    ['en', 0, 'other'],
  ];
  it.each(rows)('%s %d is %s', (lang, n, category) => {
    expect(pluralCategory(lang, n)).toBe(category);
  });

  it('chooses the Russian form by the count', () => {
    const checkers = ru.board.checkers;
    expect(plural('ru', checkers, 1)).toBe('1 шашка');
    expect(plural('ru', checkers, 3)).toBe('3 шашки');
    expect(plural('ru', checkers, 5)).toBe('5 шашек');
    expect(plural('ru', checkers, 21)).toBe('21 шашка');
    expect(plural('ru', checkers, 11)).toBe('11 шашек');
  });

  it('chooses the Ukrainian form by the count', () => {
    expect(plural('uk', uk.match.points, 1)).toBe('1 очко');
    expect(plural('uk', uk.match.points, 4)).toBe('4 очки');
    expect(plural('uk', uk.match.points, 7)).toBe('7 очок');
  });

  it('chooses the Arabic form by the count, with Western digits', () => {
    expect(plural('ar', ar.match.points, 1)).toBe('نقطة واحدة');
    expect(plural('ar', ar.match.points, 2)).toBe('نقطتان');
    expect(plural('ar', ar.match.points, 5)).toBe('5 نقاط');
    expect(plural('ar', ar.match.points, 11)).toBe('11 نقطة');
    expect(plural('ar', ar.match.points, 100)).toBe('100 نقطة');
  });

  it('formats the number for the language', () => {
    expect(plural('ru', { other: '{n}' }, 1.5)).toBe('1,5');
    expect(plural('en', { other: '{n}' }, 1.5)).toBe('1.5');
  });

  it('falls back to other when a form is missing', () => {
    expect(plural('ru', { other: '{n} x' }, 3)).toBe('3 x');
  });
});

describe('catalogues', () => {
  const english = flatten(en);

  for (const lang of LANGS) {
    const cat = flatten(CATALOGUES[lang]);

    it(`${lang} has exactly the English keys`, () => {
      expect([...cat.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it(`${lang} has every plural form its language uses, and no message is empty`, () => {
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const [key, msg] of cat) {
        if (typeof msg === 'string') {
          expect(msg.trim(), key).not.toBe('');
          continue;
        }
        for (const c of needed) expect(msg[c as keyof PluralForms], `${key}.${c}`).toBeTypeOf('string');
      }
    });

    it(`${lang} keeps the slots of every English message`, () => {
      for (const [key, msg] of english) {
        const mine = cat.get(key);
        if (typeof msg === 'string') {
          expect(typeof mine === 'string' ? slots(mine) : null, key).toEqual(slots(msg));
        } else {
          // Plural forms may spell the number out ("نقطة واحدة"), so {n} may be missing in a
          // form, but no form may invent a slot English does not have.
          for (const form of Object.values(mine as PluralForms)) {
            for (const s of slots(form as string)) expect(slots(msg.other), `${key}: {${s}}`).toContain(s);
          }
        }
      }
    });
  }

  it('names backgammon the local way in the switcher', () => {
    const expected: Record<Lang, string> = {
      ro: 'Table',
      en: 'Backgammon',
      tr: 'Tavla',
      ru: 'Короткие нарды',
      uk: 'Короткі нарди',
      el: 'Πόρτες',
      bg: 'Табла',
      ar: 'طاولة',
    };
    for (const lang of LANGS) {
      expect(LANG_INFO[lang].backgammon).toBe(expected[lang]);
      expect(switcherLabel(lang)).toContain(expected[lang]);
    }
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(LANGS.filter((l) => dirOf(l) === 'rtl')).toEqual(['ar']);
  });
});

describe('language choice', () => {
  it('prefers the remembered choice', () => {
    expect(pickLang('bg', ['ru-RU', 'en'])).toBe('bg');
  });
  it('takes the first browser language we have, by its base', () => {
    expect(pickLang(null, ['de-DE', 'ru-RU', 'en'])).toBe('ru');
    expect(pickLang(null, ['EL'])).toBe('el');
  });
  it('ignores a remembered value that is not a language', () => {
    expect(pickLang('xx', ['tr-TR'])).toBe('tr');
  });
  it('falls back to English', () => {
    expect(pickLang(null, ['de', 'fr'])).toBe('en');
    expect(pickLang(null, [])).toBe('en');
  });
});

describe('message slots', () => {
  it('fills known slots and leaves unknown ones visible', () => {
    expect(fill('Point {n} of {m}', { n: 3 })).toBe('Point 3 of {m}');
  });
  it('splits a message around its slots', () => {
    expect(parts('Last move {who}: {play}')).toEqual(['Last move ', { slot: 'who' }, ': ', { slot: 'play' }]);
    expect(parts('{a}')).toEqual([{ slot: 'a' }]);
  });
});
