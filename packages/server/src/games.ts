import type { Level } from '@zar/bot';
import { CYCLES } from '@zar/engine';
import { type MatchSettings, matHolds, parseMatchSettings } from '@zar/match';
import type { GameSummary, NewGame } from '@zar/protocol';
import { analysableNow } from './analysis/analysable.js';
import { diceSpecFor } from './dice.js';
import { newGameId, newInviteToken } from './ids.js';
import { botSeat, humanSeat, seatOf, seatView } from './seats.js';
import { NO_OUTCOME } from './store/outcome.js';
import type { GameRow } from './store/types.js';

export type NewGameError = { code: 'ERR_SETTINGS'; message: string };

export function settingsOf(input: NewGame): { ok: true; value: MatchSettings } | { ok: false; error: NewGameError } {
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

/** The stored row of a new game; the creator sits in seat 0. */
export function newGameRow(
  input: NewGame,
  settings: MatchSettings,
  creator: Creator,
  diceSeed: string | undefined,
  now: number,
): GameRow {
  const id = newGameId();
  // The protocol names the levels a client may ask for; each must be one the bot plays.
  const level: Level = input.level;
  const opponent = input.opponent === 'bot' ? botSeat(level) : humanSeat(null, '');
  const seats = [humanSeat(creator.id, creator.name), opponent] as const;
  return {
    id,
    record: { version: 1, settings, players: [creator.name, opponent.name], dice: diceSpecFor(diceSeed, id) },
    seats,
    status: input.opponent === 'bot' ? 'playing' : 'waiting',
    open: input.opponent === 'open',
    inviteToken: input.opponent === 'friend' ? newInviteToken() : null,
    createdAt: now,
    updatedAt: now,
    version: 0,
    ...NO_OUTCOME,
  };
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
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
