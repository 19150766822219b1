import { CHAT_PHRASES, REPORT_REASONS } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { messageText, reasonText } from '../src/chat/chat-line.js';
import { ar } from '../src/i18n/ar.js';
import { bg } from '../src/i18n/bg.js';
import type { Catalogue } from '../src/i18n/catalogue.js';
import { el } from '../src/i18n/el.js';
import { en } from '../src/i18n/en.js';
import type { Lang } from '../src/i18n/languages.js';
import { plural } from '../src/i18n/plural.js';
import { ro } from '../src/i18n/ro.js';
import { ru } from '../src/i18n/ru.js';
import { tr } from '../src/i18n/tr.js';
import { uk } from '../src/i18n/uk.js';

const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { en, ro, tr, ru, uk, el, bg, ar };

describe('the company section in every language', () => {
  for (const [lang, t] of Object.entries(CATALOGUES) as [Lang, Catalogue][]) {
    it(`${lang}: every canned phrase and report reason has its own text`, () => {
      for (const p of CHAT_PHRASES) {
        const text = messageText(t, { id: 'm1', at: 0, channel: 'players', from: 'a', seat: 0, text: null, phrase: p });
        expect(text, `${lang} ${p}`).toMatch(/\S/);
        if (lang !== 'en') expect(text, `${lang} ${p}`).not.toBe(en.company.phrases[p]);
      }
      expect(new Set(CHAT_PHRASES.map((p) => t.company.phrases[p])).size).toBe(CHAT_PHRASES.length);
      for (const r of REPORT_REASONS) expect(reasonText(t, r), `${lang} ${r}`).toMatch(/\S/);
      expect(new Set(REPORT_REASONS.map((r) => reasonText(t, r))).size).toBe(REPORT_REASONS.length);
    });

    it(`${lang}: the counts (characters left, spectators) fill in for every number`, () => {
      for (const n of [0, 1, 2, 3, 5, 11, 21, 100, 140]) {
        for (const forms of [t.company.chat.left, t.company.watch.watching]) {
          const text = plural(lang, forms, n);
          expect(text).not.toMatch(/\{\w+\}/);
          expect(text).toMatch(/\S/);
        }
      }
    });
  }

  it('a free text is shown as written, in any language', () => {
    const m = {
      id: 'm1',
      at: 0,
      channel: 'players' as const,
      from: 'a',
      seat: 0 as const,
      text: 'gg wp',
      phrase: null,
    };
    for (const t of Object.values(CATALOGUES)) expect(messageText(t, m)).toBe('gg wp');
  });
});
