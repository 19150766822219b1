import { isGameId } from '@zar/engine';
import { type Catalogue, LANG_INFO, type Lang } from '../i18n/index.js';

/** A rating pool's name: a game's ("Long nardy") or a mixed cycle's ("Tavli: portes, plakoto, fevga"). */
export function poolName(t: Catalogue, pool: string): string {
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
