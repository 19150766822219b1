import type { PresetId } from '@zar/engine';
import type { BotLevel, NewGameRequest, Opponent } from '@zar/protocol';
import {
  type ClockChoice,
  type ClockFieldError,
  type CustomClock,
  clockFor,
  clockRequestOf,
} from '../clock/clock-choice.js';

/*
 * The new-game request the setup form sends, from what the player chose. Pure, so that what
 * goes to the server for each choice is tested without a page.
 */

export interface SetupChoices {
  /** What to play: a cycle's id, or a game whose rules are `preset`. */
  readonly cycle: string | null;
  readonly preset: PresetId;
  /** 0: single games with no end. */
  readonly length: number;
  readonly opponent: Opponent;
  readonly level: BotLevel;
  readonly clock: ClockChoice;
  readonly custom: CustomClock;
  /** The player asked for a rated match (the toggle). */
  readonly rated: boolean;
  /** The player has no account (a guest cannot play rated). */
  readonly guest: boolean;
  /** Spectators may watch (only a casual match between people may forbid them); true when absent. */
  readonly spectators?: boolean;
}

/**
 * Why a match cannot be rated, or null when it can: only matches between people (the bot plays
 * casual games), between accounts, and with a length (a money session has no match to rate).
 */
export type RatedBlock = 'bot' | 'guest' | 'money';

export function ratedBlock(c: Pick<SetupChoices, 'opponent' | 'guest' | 'length'>): RatedBlock | null {
  if (c.opponent === 'bot') return 'bot';
  if (c.guest) return 'guest';
  if (c.length === 0) return 'money';
  return null;
}

export type SetupResult =
  | { readonly ok: true; readonly value: NewGameRequest }
  | { readonly ok: false; readonly error: ClockFieldError };

/**
 * The request for the choices: what to play, how long, against whom (the bot's level only
 * against the bot), the clock, and `rated` for a match between people (true only when it can be).
 * A custom clock out of its bounds is refused here, naming the field. Days per move against the
 * bot (which the form does not offer) give way to the bot's default clock.
 */
export function setupRequest(c: SetupChoices): SetupResult {
  const clock = clockRequestOf(clockFor(c.clock, c.opponent), c.custom);
  if (!clock.ok) return clock;
  const what = c.cycle !== null ? { cycle: c.cycle } : { preset: c.preset };
  const rated = c.rated && ratedBlock(c) === null;
  const against = c.opponent === 'bot' ? { level: c.level } : { rated };
  // Spectators are allowed unless said otherwise, which only a casual match between people may say.
  const watch = c.opponent !== 'bot' && !rated && c.spectators === false ? { spectators: false } : {};
  return {
    ok: true,
    value: { ...what, length: c.length, opponent: c.opponent, ...against, clock: clock.value, ...watch },
  };
}
