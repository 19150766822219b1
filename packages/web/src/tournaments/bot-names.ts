import { BOT_LEVELS, type BotLevel, type TournamentRound, type TournamentView } from '@zar/protocol';
import type { I18n } from '../i18n/index.js';

/*
 * A tournament's bots in the page's language. The server names a bot entrant `Bot N (level)`
 * (a name no account can have: docs/tournaments.md) and sends its level with it; the page shows
 * it as the level's name in its language with the bot's number ("Beginner 3"), wherever the
 * tournament names its players: entrants, pairings, standings, podium. Pairings, standings and
 * the podium carry names only, so each name is mapped to its entrant's.
 */

/** The server's name of a bot entrant: its number and its level. */
const BOT_NAME = /^Bot (\d+) \((\w+)\)$/;

const isBotLevel = (s: string): s is BotLevel => (BOT_LEVELS as readonly string[]).includes(s);

/**
 * A bot as the page names it: `level` (read from the name when not given) in the page's
 * language, and the number of its name; null when `name` is not a bot entrant's.
 */
export function botNameText(i18n: I18n, name: string, level?: BotLevel): string | null {
  const m = BOT_NAME.exec(name);
  if (m === null) return null;
  const named = level ?? (isBotLevel(m[2] as string) ? (m[2] as BotLevel) : null);
  if (named === null) return null;
  return `${i18n.t.levels[named]} ${i18n.num(Number(m[1]))}`;
}

/** A name of the tournament's as the page shows it: a bot entrant's translated, anyone else's as it is. */
export function shownNames(i18n: I18n, entrants: TournamentView['entrants']): (name: string) => string {
  const bots = new Map<string, string>();
  for (const e of entrants) {
    if (e.kind !== 'bot' || e.level === undefined) continue;
    const text = botNameText(i18n, e.name, e.level);
    if (text !== null) bots.set(e.name, text);
  }
  return (name) => bots.get(name) ?? name;
}

/** The view with every player's name as the page shows it (shownNames): entrants, pairings, standings, podium. */
export function withShownNames(i18n: I18n, view: TournamentView): TournamentView {
  const shown = shownNames(i18n, view.entrants);
  const maybe = (name: string | null) => (name === null ? null : shown(name));
  const pairing = <P extends TournamentRound['pairings'][number]>(p: P): P => ({
    ...p,
    players: [maybe(p.players[0]), maybe(p.players[1])],
  });
  const round = (r: TournamentRound): TournamentRound => ({
    ...r,
    pairings: r.pairings.map(pairing),
    thirdPlace: r.thirdPlace === null ? null : pairing(r.thirdPlace),
  });
  return {
    ...view,
    entrants: view.entrants.map((e) => ({ ...e, name: shown(e.name) })),
    rounds: view.rounds.map(round),
    consolationRounds: view.consolationRounds.map(round),
    consolationWinner: maybe(view.consolationWinner),
    standings: view.standings.map((s) => ({ ...s, name: shown(s.name) })),
    podium: view.podium.map(shown),
  };
}
