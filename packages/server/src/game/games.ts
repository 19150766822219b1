import type { Level } from '@zar/bot';
import { CYCLES, presetById, type Result } from '@zar/engine';
import {
  type ClockSettings,
  correspondencePool,
  isCorrespondence,
  type MatchSettings,
  matHolds,
  parseClockSettings,
  parseMatchSettings,
} from '@zar/match';
import type { GameSummary, NewGame } from '@zar/protocol';
import { analysableNow } from '../analysis/analysable.js';
import { newGameId, newInviteToken } from '../common/ids.js';
import { diceSpecFor } from '../dice/dice.js';
import { seatOf } from '../store/game-seats.js';
import type { GameRow } from '../store/types.js';
import { newGameRow } from './game-row.js';
import { botSeat, humanSeat, seatView } from './seats.js';

export type NewGameError = { code: 'ERR_SETTINGS' | 'ERR_ACCOUNT_ONLY'; message: string };

/** What a new game is besides its match settings: its clock, rated or not, its ratings pool. */
export interface GameTerms {
  readonly clock: ClockSettings;
  readonly rated: boolean;
  readonly pool: string | null;
}

const refused = (code: NewGameError['code'], message: string) => ({ ok: false as const, error: { code, message } });

/**
 * The clock, rating and pool of a new game, checked. A correspondence clock is only between
 * people, and rates in its own pool (correspondencePool). A rated match is between two
 * accounts (a guest is refused ERR_ACCOUNT_ONLY: a rating nobody can sign in to keep means
 * nothing), never against the bot, to the game's standard rules (no custom options: the pool
 * would mix games) and to a length of at least 1 point (FIBS rates a match by its length).
 */
export function termsOf(
  input: NewGame,
  settings: MatchSettings,
  creator: { readonly guest: boolean },
): Result<GameTerms, NewGameError['code']> {
  const clock = parseClockSettings(input.clock);
  if (!clock.ok) return refused('ERR_SETTINGS', clock.error.message);
  const correspondence = isCorrespondence(clock.value);
  // The bot answers at once: days to think are for two people who come and go.
  if (correspondence && input.opponent === 'bot') {
    return refused('ERR_SETTINGS', 'a correspondence clock is for games between people, not against the bot');
  }
  const live = poolOf(input);
  const pool = correspondence && live !== null ? correspondencePool(live) : live;
  if (input.rated) {
    if (input.opponent === 'bot') return refused('ERR_SETTINGS', 'games against the bot are casual, never rated');
    if (input.options !== undefined) return refused('ERR_SETTINGS', 'a rated match is played to standard rules');
    if (settings.length < 1) return refused('ERR_SETTINGS', 'a rated match has a length of at least 1 point');
    if (pool === null) return refused('ERR_SETTINGS', 'this match has no ratings pool');
    if (creator.guest) return refused('ERR_ACCOUNT_ONLY', 'only an account plays rated: register first');
    if (!input.spectators) return refused('ERR_SETTINGS', 'a rated match is open to spectators');
  }
  // Only a player of a casual match between people may forbid spectators.
  if (!input.spectators && input.opponent === 'bot') {
    return refused('ERR_SETTINGS', 'a game against the bot cannot forbid spectators');
  }
  return { ok: true, value: { clock: clock.value, rated: input.rated, pool } };
}

/** The ratings pool a new game plays in: its game (named, or a preset's), or its cycle's name. */
export function poolOf(input: NewGame): string | null {
  if (input.cycle !== undefined) return Object.hasOwn(CYCLES, input.cycle) ? input.cycle : null;
  if (input.game !== undefined) return input.game;
  const preset = presetById(input.preset ?? 'backgammon');
  return preset.ok ? preset.value.game : null;
}

export function settingsOf(input: NewGame): Result<MatchSettings, NewGameError['code']> {
  const named = [input.game, input.preset, input.cycle].filter((x) => x !== undefined).length;
  if (named > 1) return { ok: false, error: { code: 'ERR_SETTINGS', message: 'name one of game, preset or cycle' } };
  let cycle: unknown[];
  if (input.cycle !== undefined) {
    const presets = Object.hasOwn(CYCLES, input.cycle) ? CYCLES[input.cycle] : undefined;
    if (presets === undefined) {
      const known = Object.keys(CYCLES).join(', ');
      return {
        ok: false,
        error: { code: 'ERR_SETTINGS', message: `unknown cycle "${input.cycle}"; cycles are ${known}` },
      };
    }
    cycle = presets.map((preset) => ({ preset }));
  } else if (input.game !== undefined) {
    cycle = [input.options === undefined ? { game: input.game } : { game: input.game, options: input.options }];
  } else {
    cycle = [{ preset: input.preset ?? 'backgammon' }];
  }
  const s = parseMatchSettings({ length: input.length, cycle });
  return s.ok ? s : { ok: false, error: { code: 'ERR_SETTINGS', message: s.error.message } };
}

export interface Creator {
  readonly id: string;
  readonly name: string;
}

/** The stored row of a game made in the lobby or by invitation; the creator sits in seat 0. */
export function lobbyGameRow(
  input: NewGame,
  settings: MatchSettings,
  terms: GameTerms,
  creator: Creator,
  diceSeed: string | undefined,
  now: number,
): GameRow {
  const id = newGameId();
  // The protocol names the levels a client may ask for; each must be one the bot plays.
  const level: Level = input.level;
  const opponent = input.opponent === 'bot' ? botSeat(level) : humanSeat(null, '');
  const seats = [humanSeat(creator.id, creator.name), opponent] as const;
  return newGameRow({
    id,
    settings,
    players: [creator.name, opponent.name],
    dice: diceSpecFor(diceSeed, id),
    seats,
    status: input.opponent === 'bot' ? 'playing' : 'waiting',
    open: input.opponent === 'open',
    inviteToken: input.opponent === 'friend' ? newInviteToken() : null,
    ...terms,
    now,
    // The creator's wish; his opponent may forbid them too once seated.
    noSpectators: [!input.spectators, false],
  });
}

/** A game as listed in the lobby or in someone's history. */
export function summaryOf(row: GameRow, userId: string | null): GameSummary {
  return {
    id: row.id,
    status: row.status,
    settings: row.record.settings,
    players: [seatView(row.seats[0]), seatView(row.seats[1])],
    you: seatOf(row.seats, userId),
    analysable: analysableNow(row.status, row.record.settings),
    score: row.score,
    winner: row.winner,
    mat: matHolds(row.record.settings),
    clock: row.clock,
    rated: row.rated,
    abandonedBy: row.abandonedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.record.dice?.source === 'offline' ? { offline: true as const } : {}),
  };
}
