import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luckColumn } from '../src/analysis/luck-column.js';
import { luckText } from '../src/dice/numbers.js';
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

/* The players' summary of the analysis page shows each player's luck. */

const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { ro, en, tr, ru, uk, el, bg, ar };
const lucky = (luck?: number) => (luck === undefined ? {} : { luck });

describe("the analysis summary's luck column", () => {
  it("writes each player's luck signed, with three decimals, as the dice pages do", () => {
    expect(luckColumn('en', [lucky(0.4123), lucky(-0.05)])).toEqual(['+0.412', '-0.050']);
    expect(luckColumn('en', [lucky(0), lucky(1.5)])).toEqual(['0.000', '+1.500']);
    for (const lang of LANGS) {
      expect(luckColumn(lang, [lucky(0.25), lucky(-0.125)])).toEqual([luckText(lang, 0.25), luckText(lang, -0.125)]);
    }
  });

  it('is not shown for an analysis made before luck was measured, nor with a luck that is no number', () => {
    expect(luckColumn('en', [lucky(), lucky()])).toBeNull();
    expect(luckColumn('en', [lucky(0.3), lucky()])).toBeNull();
    expect(luckColumn('en', [lucky(), lucky(0.3)])).toBeNull();
    expect(luckColumn('en', [lucky(Number.NaN), lucky(0.3)])).toBeNull();
    expect(luckColumn('en', [lucky(0.3), lucky(Number.POSITIVE_INFINITY)])).toBeNull();
  });

  it('shows any two finite lucks, each within half a thousandth of its value', () => {
    const luck = fc.double({ min: -50, max: 50, noNaN: true });
    fc.assert(
      fc.property(luck, luck, (a, b) => {
        const column = luckColumn('en', [lucky(a), lucky(b)]);
        expect(column).not.toBeNull();
        for (const [text, value] of [
          [column?.[0], a],
          [column?.[1], b],
        ] as const) {
          expect(text).toMatch(/^[+-]?\d+\.\d{3}$/);
          expect(Math.abs(Number(text) - value)).toBeLessThanOrEqual(0.0005 + 1e-9);
        }
      }),
    );
  });

  it('has its heading and its explanation in every language', () => {
    for (const lang of LANGS) {
      const a = CATALOGUES[lang].analysis;
      expect(a.luck.length).toBeGreaterThan(0);
      expect(a.luckLong.startsWith(a.luck)).toBe(true);
      if (lang !== 'en') expect(a.luckLong).not.toBe(en.analysis.luckLong);
    }
  });
});
