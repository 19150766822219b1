import type { PresetId } from '@zar/engine';
import { MAX_SWISS_ROUNDS, MAX_TOURNAMENT_SIZE, type NewTournamentRequest, type TournamentFormat } from '@zar/protocol';

/*
 * The request the tournament form sends, from what its creator chose. Pure, so that what goes
 * to the server for each choice is tested without a page. The server checks everything again.
 */

/** The clocks a round may have: the timed presets (a round needs a clock, so that no-shows lose on time). */
export const ROUND_CLOCKS = ['speed', 'normal', 'tournament', 'casual'] as const;
export type RoundClock = (typeof ROUND_CLOCKS)[number];

/** The match lengths a round may have (a tournament match has an end). */
export const ROUND_LENGTHS = [1, 3, 5, 7, 9, 11, 15] as const;

export interface RoundChoice {
  readonly length: number;
  readonly clock: RoundClock;
}

export const DEFAULT_ROUND: RoundChoice = { length: 3, clock: 'normal' };

export interface TournamentChoices {
  readonly name: string;
  /** What to play: a cycle's id, or a game whose rules are `preset`. */
  readonly cycle: string | null;
  readonly preset: PresetId;
  readonly format: TournamentFormat;
  /** Swiss only; as typed. */
  readonly rounds: string;
  /** Knock-out only. */
  readonly thirdPlace: boolean;
  /** Knock-out only: a consolation draw for the first-match losers (none when left out). */
  readonly consolation?: boolean;
  /** Round 1's first; the last holds for every later round. */
  readonly roundSettings: readonly RoundChoice[];
  readonly rated: boolean;
  /** As typed. */
  readonly maxPlayers: string;
  /** The start as a datetime-local field holds it ("2026-12-02T18:30", local time), or null: when its creator starts it. */
  readonly startAt: string | null;
}

/** The field that is wrong. */
export type TournamentFieldError = 'name' | 'rounds' | 'players' | 'start';

export type TournamentRequestResult =
  | { readonly ok: true; readonly value: NewTournamentRequest }
  | { readonly ok: false; readonly error: TournamentFieldError };

const MIN_NAME = 3;
const MAX_NAME = 40;

/** A whole number typed, within its bounds; null for anything else ("", "2.5", "1e3", out of bounds). */
export function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

/** A start time typed in the page's time zone, in ms since the epoch; null when it is not a time. */
export function startTimeOf(local: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The request for the choices, or the first field the server would refuse: a name too short
 * or too long, a Swiss's rounds or the most players not a whole number within bounds, a start
 * time that is not in the future (at `now`). Settings a format ignores
 * are not sent (rounds for a knock-out, the third-place match and the consolation for a Swiss;
 * the consolation is sent only when asked for, the server's default being none), and a Swiss sends
 * no more round settings than it has rounds.
 */
export function tournamentRequest(c: TournamentChoices, now: number): TournamentRequestResult {
  const name = c.name.trim();
  if (name.length < MIN_NAME || name.length > MAX_NAME) return { ok: false, error: 'name' };
  const swiss = c.format === 'swiss';
  const rounds = wholeIn(c.rounds, 1, MAX_SWISS_ROUNDS);
  if (swiss && rounds === null) return { ok: false, error: 'rounds' };
  const maxPlayers = wholeIn(c.maxPlayers, 2, MAX_TOURNAMENT_SIZE);
  if (maxPlayers === null) return { ok: false, error: 'players' };
  let startsAt: number | null = null;
  if (c.startAt !== null) {
    startsAt = startTimeOf(c.startAt);
    if (startsAt === null || startsAt <= now) return { ok: false, error: 'start' };
  }
  const chosen = (swiss ? c.roundSettings.slice(0, rounds ?? 1) : c.roundSettings).slice(0, MAX_SWISS_ROUNDS);
  const settings = chosen.length > 0 ? chosen : [DEFAULT_ROUND];
  const what = c.cycle !== null ? { cycle: c.cycle } : { preset: c.preset };
  return {
    ok: true,
    value: {
      name,
      ...what,
      format: c.format,
      ...(swiss ? { rounds: rounds ?? 1 } : { thirdPlace: c.thirdPlace }),
      ...(!swiss && c.consolation === true ? { consolation: true } : {}),
      roundSettings: settings.map((r) => ({ length: r.length, clock: { preset: r.clock } })),
      rated: c.rated,
      maxPlayers,
      startsAt,
    },
  };
}
