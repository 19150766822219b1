import type { Result } from '@zar/engine';
import { MIN_TOURNAMENT_NAME, type NewGame, type NewTournament } from '@zar/protocol';
import { termsOf as gameTermsOf, settingsOf } from '../game/games.js';
import { shownText } from '../text/shown.js';
import type { RoundTerms, StoredTournament } from './data.js';

export type CreateError = {
  code: 'ERR_TOURNAMENT' | 'ERR_SETTINGS' | 'ERR_ACCOUNT_ONLY' | 'ERR_TEXT_BLANK' | 'ERR_TEXT_LINK';
  message: string;
};

type Created = Result<StoredTournament, CreateError['code']>;

/**
 * How far ahead a start time may be: a year, far more than a club plans. The protocol takes
 * any whole number of milliseconds, and one past PostgreSQL's bigint (a typo's extra digits)
 * failed the store's write instead of being refused as bad input.
 */
export const MAX_START_AHEAD_MS = 366 * 24 * 3600_000;

const refused = (code: CreateError['code'], message: string): Created => ({ ok: false, error: { code, message } });

/**
 * A new tournament from its creator's request, checked as a new game is (games.ts): each
 * round's settings as a match with that length and clock, rated ones by the rule of rated
 * matches (standard rules, a pool, at least 1 point, accounts). Every round needs a clock: a
 * player who does not show loses on it (ERR_TOURNAMENT for an untimed round), a live one (a
 * round of days per move would hold the whole field for weeks). Every round is a
 * match of at least 1 point (the protocol's RoundSettingsSchema): money play has no end to wait for.
 * Its name is shown to everyone, so it passes the gate of every text others read (text/shown.ts:
 * hidden and direction characters and line breaks removed; blank and links refused) and is
 * stored cleaned, at least MIN_TOURNAMENT_NAME characters still.
 */
export function newTournament(
  input: NewTournament,
  creator: { readonly name: string; readonly guest: boolean },
  now: number,
): Created {
  const name = shownText(input.name);
  if (!name.ok) return refused(name.error.code, `the name: ${name.error.message}`);
  if (name.value.length < MIN_TOURNAMENT_NAME) {
    return refused('ERR_TOURNAMENT', `a name of at least ${MIN_TOURNAMENT_NAME} characters that show`);
  }
  if (input.startsAt !== null && input.startsAt <= now) return refused('ERR_TOURNAMENT', 'startsAt is in the past');
  if (input.startsAt !== null && input.startsAt > now + MAX_START_AHEAD_MS) {
    return refused('ERR_TOURNAMENT', 'startsAt is more than a year ahead');
  }
  if (input.format === 'swiss' && input.rounds > input.maxPlayers - 1) {
    // More rounds than a round robin of the largest field: repeats would end it early anyway.
    return refused(
      'ERR_TOURNAMENT',
      `a Swiss of at most ${input.maxPlayers} players has at most ${input.maxPlayers - 1} rounds`,
    );
  }
  const rounds: RoundTerms[] = [];
  let first: StoredTournament['settings'] | null = null;
  let pool: string | null = null;
  for (const [i, round] of input.roundSettings.entries()) {
    const asGame: NewGame = {
      ...(input.game === undefined ? {} : { game: input.game }),
      ...(input.preset === undefined ? {} : { preset: input.preset }),
      ...(input.cycle === undefined ? {} : { cycle: input.cycle }),
      length: round.length,
      opponent: 'open',
      level: 'club',
      clock: round.clock,
      rated: input.rated,
      spectators: true,
    };
    const settings = settingsOf(asGame);
    if (!settings.ok) return refused(settings.error.code, settings.error.message);
    const terms = gameTermsOf(asGame, settings.value, { guest: creator.guest });
    if (!terms.ok) return refused(terms.error.code, terms.error.message);
    if (terms.value.clock.kind === 'untimed') {
      return refused(
        'ERR_TOURNAMENT',
        `round ${i + 1} has no clock: a tournament's rounds are timed (no-shows lose on time)`,
      );
    }
    if (terms.value.clock.kind === 'correspondence') {
      return refused(
        'ERR_TOURNAMENT',
        `round ${i + 1} has a correspondence clock: a tournament's rounds are played live, in one sitting`,
      );
    }
    first ??= settings.value;
    pool = terms.value.pool;
    rounds.push({ length: round.length, clock: terms.value.clock });
  }
  if (first === null) return refused('ERR_TOURNAMENT', 'give the settings of round 1');
  return {
    ok: true,
    value: {
      name: name.value,
      creatorName: creator.name,
      format: input.format,
      settings: first,
      pool,
      rated: input.rated,
      thirdPlace: input.format === 'knockout' && input.thirdPlace,
      consolation: input.format === 'knockout' && input.consolation,
      consolationDraw: null,
      consolationRounds: [],
      roundCount: input.format === 'swiss' ? input.rounds : 0,
      roundSettings: rounds,
      maxPlayers: input.maxPlayers,
      startedAt: null,
      endedAt: null,
      entrants: [],
      nextBot: 1,
      knockout: null,
      swiss: [],
      rounds: [],
      podium: [],
    },
  };
}
