import { LANG_INFO, type Lang } from './languages.js';

/**
 * A message that depends on a count. `other` is always present; the other forms are the
 * CLDR categories a language uses (ru/uk: one, few, many; ar: zero, one, two, few, many).
 * `{n}` in a form is replaced by the count, formatted for the language.
 */
export interface PluralForms {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

const rules = new Map<Lang, Intl.PluralRules>();
const numbers = new Map<Lang, Intl.NumberFormat>();

function pluralRules(lang: Lang): Intl.PluralRules {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    rules.set(lang, r);
  }
  return r;
}

export function formatNumber(lang: Lang, n: number): string {
  let f = numbers.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(LANG_INFO[lang].numbers, { maximumFractionDigits: 2 });
    numbers.set(lang, f);
  }
  return f.format(n);
}

/** The CLDR category of `n` in `lang` ('one', 'few', …). */
export const pluralCategory = (lang: Lang, n: number): Intl.LDMLPluralRule => pluralRules(lang).select(n);

/** The form of `forms` for `n`, with `{n}` filled in. */
export function plural(lang: Lang, forms: PluralForms, n: number): string {
  const form = forms[pluralCategory(lang, n)] ?? forms.other;
  return form.replaceAll('{n}', formatNumber(lang, n));
}

const percents = new Map<Lang, Intl.NumberFormat>();

/** A probability as a percentage with one decimal: 0.4722 → "47.2%" (en), "47,2 %" (ru). */
export function formatPercent(lang: Lang, p: number): string {
  let f = percents.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(LANG_INFO[lang].numbers, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    percents.set(lang, f);
  }
  return f.format(p);
}
