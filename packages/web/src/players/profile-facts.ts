import type { GameSummary, Profile } from '@zar/protocol';
import { type I18n, LANG_INFO } from '../i18n/index.js';
import { fixed } from './pool-name.js';

/**
 * The profile's sentences that carry numbers, as pure functions of the profile (tested without
 * a page): the abandonment share and the average PR.
 */

/** "Abandoned 1 of 20 matches (5%)."; null when he has finished no match against a person. */
export function abandonmentText(i18n: I18n, a: Profile['abandonment']): string | null {
  if (a.matches === 0) return null;
  const share = new Intl.NumberFormat(LANG_INFO[i18n.lang].numbers, {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(a.abandoned / a.matches);
  return i18n.f(i18n.n(i18n.t.players.abandoned, a.matches), { abandoned: i18n.num(a.abandoned), share });
}

/** "4.2 over 3 analysed backgammon matches."; "No analysed matches." when none. */
export function prText(i18n: I18n, pr: Profile['pr']): string {
  const p = i18n.t.players;
  if (pr === null || pr.matches === 0) return p.prNone;
  return i18n.f(i18n.n(p.prLine, pr.matches), { pr: fixed(i18n.lang, pr.average, 1) });
}

/**
 * The profile's player's seat in one of his matches: the server's `you` (his seat by account).
 * A seat keeps the name it was taken under, so a match he played as a guest before he chose
 * his name bears neither seat's name: the name is only a fallback for a summary without `you`.
 */
export function ownSeat(g: GameSummary, name: string): 0 | 1 {
  if (g.you !== null) return g.you;
  return g.players[1].name === name ? 1 : 0;
}
