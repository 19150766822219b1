import { LANG_INFO, type Lang } from '../i18n/index.js';

/*
 * Equities as the bot's lists show them, three decimals in the page's number format: an
 * equity with its sign (+0.123, −0.084), a loss without one.
 */

const formats = new Map<string, Intl.NumberFormat>();

function format(lang: Lang, signed: boolean): Intl.NumberFormat {
  const key = `${lang}:${signed}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANG_INFO[lang].numbers, {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

export const equityText = (lang: Lang, equity: number): string => format(lang, true).format(equity);

export const lossText = (lang: Lang, loss: number): string => format(lang, false).format(loss);
