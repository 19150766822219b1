import { luckText } from '../dice/numbers.js';
import type { Lang } from '../i18n/index.js';
import type { PlayerReport } from './types.js';

/**
 * The luck column of the analysis page's players' summary: each player's luck,
 * written as the dice pages write it (signed, three decimals, the page's digits). Null, and no
 * column, for an analysis made before luck was measured (PlayerReport.luck absent): a column
 * with one player's luck and not the other's would compare nothing. A luck that is not a
 * finite number counts as none, as the server's profile rows count it.
 */
export function luckColumn(
  lang: Lang,
  players: readonly [Pick<PlayerReport, 'luck'>, Pick<PlayerReport, 'luck'>],
): readonly [string, string] | null {
  const [a, b] = [players[0].luck, players[1].luck];
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  return [luckText(lang, a), luckText(lang, b)];
}
