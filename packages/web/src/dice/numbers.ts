import { equityText } from '../hints/format.js';
import type { I18n, Lang } from '../i18n/index.js';
import { fixed } from '../players/pool-name.js';

/*
 * The dice pages' numbers in the page's language: the shared formatters give whole numbers,
 * percentages and fixed decimals (pool-name.ts fixed); these add the p-value's floor and the
 * luck, an equity written as the hints write one (hints/format.ts).
 */

/** A p-value: three decimals, and "< 0.001" below what three decimals can show. */
export const pValueText = (lang: Lang, p: number): string =>
  p < 0.001 ? `< ${fixed(lang, 0.001, 3)}` : fixed(lang, p, 3);

/** Luck in equity with its sign ("+0.412", "−0.050"), three decimals: an equity as the hints write it. */
export const luckText = (lang: Lang, x: number): string => equityText(lang, x);

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
