import { LANG_INFO, type Lang } from '../i18n/index.js';

/*
 * How every page writes a rating: the live list, the table's score bar and end dialog, the
 * leaderboard, a player's page and graph, a tournament's entrants and standings. A whole
 * number, rounded, grouped as the page's language groups numbers ("1,512" in English, "1 512"
 * in Russian, "1.512" in Greek): the tenths the server keeps mean nothing to a reader, and
 * the same rating written three ways ("1,500", "1500", "1510.0") looked like three numbers.
 */

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per language and style, made once: the score bar writes ratings on every frame. */
function format(lang: Lang, signed: boolean): Intl.NumberFormat {
  const key = `${lang}/${signed}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANG_INFO[lang].numbers, {
      maximumFractionDigits: 0,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formats.set(key, f);
  }
  return f;
}

/** A rating as every page shows it: whole, in the page's numbers ("1,512"). */
export const ratingText = (lang: Lang, rating: number): string => format(lang, false).format(rating);

/** A change of rating, whole and signed ("+12", "-8", "0"). */
export const ratingChangeText = (lang: Lang, change: number): string => format(lang, true).format(change);
