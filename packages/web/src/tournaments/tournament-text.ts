import type { I18n } from '../i18n/index.js';
import { LANG_INFO } from '../i18n/index.js';
import type { BracketMatch } from './bracket-model.js';
import { roundName } from './bracket-model.js';

/* Tournaments in words, in the page's language: round names, times, a match for a screen reader. */

/** "Final", "Semi-finals", "Quarter-finals", "Round of 16". */
export function roundNameText(i18n: I18n, matches: number): string {
  const b = i18n.t.tournaments.bracket;
  const name = roundName(matches);
  if (name.kind === 'roundOf') return i18n.f(b.roundOf, { n: i18n.num(name.players) });
  return b[name.kind];
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in the page's language and the visitor's time zone. */
export function dateTimeText(i18n: I18n, ms: number): string {
  let f = formats.get(i18n.lang);
  if (!f) {
    f = new Intl.DateTimeFormat(LANG_INFO[i18n.lang].numbers, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(i18n.lang, f);
  }
  return f.format(ms);
}

/** A place of a match: the player's name, or why there is none (a bye, a place not decided yet). */
export function placeText(i18n: I18n, m: BracketMatch, seat: 0 | 1): string {
  const name = m.players[seat];
  if (name !== null) return name;
  return m.state === 'bye' ? i18n.t.tournaments.bracket.bye : i18n.t.tournaments.bracket.tbd;
}

/** The score as "1–0", seat 0 first; null before the match started. */
export const scoreText = (i18n: I18n, score: readonly [number, number] | null): string | null =>
  score === null ? null : `${i18n.num(score[0])}–${i18n.num(score[1])}`;

/** How a match stands, in a word or two: waiting, playing, won by forfeit, nobody came, a bye. */
export function stateText(i18n: I18n, m: BracketMatch): string | null {
  const b = i18n.t.tournaments.bracket;
  switch (m.state) {
    case 'waiting':
      return b.waiting;
    case 'playing':
      return b.playing;
    case 'forfeit':
      return b.forfeit;
    case 'no-show':
      return b.noShow;
    case 'bye':
      return b.bye;
    default:
      return null;
  }
}

/** One match as a screen reader says it: who plays whom, and who won or the score so far. */
export function matchText(i18n: I18n, m: BracketMatch): string {
  const b = i18n.t.tournaments.bracket;
  const alone = m.players[0] ?? m.players[1];
  if (m.state === 'bye' && alone !== null && alone !== undefined) return i18n.f(b.byeFor, { name: alone });
  const a = placeText(i18n, m, 0);
  const bb = placeText(i18n, m, 1);
  const state = stateText(i18n, m);
  const winner = m.winner === null ? null : m.players[m.winner];
  const base =
    winner !== null && winner !== undefined
      ? i18n.f(b.won, { a, b: bb, winner })
      : scoreText(i18n, m.score) !== null
        ? i18n.f(b.score, { a, b: bb, score: scoreText(i18n, m.score) as string })
        : i18n.f(b.match, { a, b: bb });
  return state === null || m.state === 'won' ? base : `${base} (${state})`;
}
