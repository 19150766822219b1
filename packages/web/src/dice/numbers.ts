import { LANG_INFO, type Lang } from '../i18n/index.js';
import { fixed } from '../players/pool-name.js';

/*
 * The dice pages' numbers in the page's language: the shared formatters give whole numbers and
 * percentages; these add the statistics' fixed decimals and the luck's sign.
 */

/** A p-value: three decimals, and "< 0.001" below what three decimals can show. */
export const pValueText = (lang: Lang, p: number): string =>
  p < 0.001 ? `< ${fixed(lang, 0.001, 3)}` : fixed(lang, p, 3);

/** A chi-square statistic or an expected count. */
export const decimals = (lang: Lang, x: number, digits: number): string => fixed(lang, x, digits);

const signed = new Map<Lang, Intl.NumberFormat>();

/** Luck in equity with its sign ("+0.412", "−0.050"), three decimals. */
export function luckText(lang: Lang, x: number): string {
  let f = signed.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(LANG_INFO[lang].numbers, {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
      signDisplay: 'exceptZero',
    });
    signed.set(lang, f);
  }
  return f.format(x);
}
