import { isGameId } from '@zar/engine';
import { correspondencePool } from '@zar/match';
import { type Catalogue, fill, LANG_INFO, type Lang } from '../i18n/index.js';

/** What a correspondence pool's id starts with ('corr-backgammon'). */
const CORRESPONDENCE = correspondencePool('');

/**
 * A rating pool's name: a game's ("Long nardy"), a mixed cycle's ("Tavli: portes, plakoto,
 * fevga"), or either's correspondence pool ("Backgammon · correspondence").
 */
export function poolName(t: Catalogue, pool: string): string {
  if (pool.startsWith(CORRESPONDENCE)) {
    return fill(t.correspondence.pool, { name: livePoolName(t, pool.slice(CORRESPONDENCE.length)) });
  }
  return livePoolName(t, pool);
}

function livePoolName(t: Catalogue, pool: string): string {
  if (isGameId(pool)) return t.games[pool];
  return (t.cycles as Readonly<Record<string, string>>)[pool] ?? pool;
}

const formats = new Map<string, Intl.NumberFormat>();

/** A number with exactly `digits` decimals in the page's number locale ("1523.4", "1523,4"). */
export function fixed(lang: Lang, n: number, digits: number): string {
  const key = `${lang}/${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANG_INFO[lang].numbers, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    formats.set(key, f);
  }
  return f.format(n);
}
