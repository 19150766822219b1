import { type I18n, LANG_INFO, type Lang } from '../i18n/index.js';
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

/** The luck chart's description: how many matches (in the language's plural), and the range of the player's luck. */
export function luckChartDesc(i18n: I18n, name: string, his: readonly number[]): string {
  const l = i18n.t.dice.luck;
  return i18n.f(l.chartDesc, {
    matches: i18n.n(l.matchCount, his.length),
    name,
    min: luckText(i18n.lang, Math.min(...his)),
    max: luckText(i18n.lang, Math.max(...his)),
  });
}
