import type { Result } from '@zar/engine';
import type { Player } from '@zar/match';
import { durationSetting, type Env, type TimeUnit } from '../env.js';
import type { GameRow } from '../store/types.js';
import type { Flagged } from './flag.js';
import { fail, type RoomRefusal, type RoomResult } from './room-result.js';

const HOUR_MS = 3600_000;
const HOURS: TimeUnit = { name: 'hours', ms: HOUR_MS, max: 24 * 365 };

/**
 * A game against a bot that nobody has played for this long is ended: its player loses on time
 * (Room.abandon). Without it every game a visitor walked away from would stay live for ever,
 * reloaded at every start. Games between two people are not ended here: both may come back,
 * and when one does not, a timed match ends by his clock (clock.ts) and an untimed one
 * when his opponent claims it (claim.ts), as on lichess.
 */
export const DEFAULT_ABANDON_AFTER_MS = 24 * HOUR_MS;

/** Games ended by one sweep at most, so that a sweep never holds the server for long. */
export const ABANDON_BATCH = 100;

/** How often the rooms look for abandoned games (and at start, before the others are loaded). */
export const abandonSweepEvery = (afterMs: number): number => Math.max(1000, Math.min(afterMs, 60_000));

export type AbandonAfterResult = Result<number, 'ERR_ABANDON_AFTER'>;

/** ZAR_ABANDON_HOURS (hours, fractions allowed); DEFAULT_ABANDON_AFTER_MS when unset. */
export function abandonAfterFrom(env: Env): AbandonAfterResult {
  return durationSetting(env, 'ZAR_ABANDON_HOURS', HOURS, DEFAULT_ABANDON_AFTER_MS, 'ERR_ABANDON_AFTER');
}

/** A game this rule ends: playing against a bot, unchanged since `idleSince` (as Store.idleBotGames). */
export const abandoned = (row: GameRow, idleSince: number): boolean =>
  row.status === 'playing' && row.updatedAt <= idleSince && row.seats.some((s) => s.userId === null);

/** The person's seat in a game against a bot (what this rule ends), else null (two people, or no one seated). */
export function personAgainstBot(seats: GameRow['seats']): Player | null {
  const person = seats.findIndex((s) => s.kind === 'human');
  return person === -1 || seats.every((s) => s.kind === 'human') ? null : (person as Player);
}

/**
 * Whether the room may end its game as abandoned since `idleSince` (Room.abandon): the person
 * seated against the bot, who loses on time, or why not (over or waiting, went on after
 * `idleSince`, not a game against a bot).
 */
export function abandonCheck(row: GameRow, idleSince: number): RoomResult<Player> {
  if (row.status !== 'playing') return fail('ERR_NOT_PLAYING', `the game is ${row.status}`);
  if (row.updatedAt > idleSince) return fail('ERR_STALE', 'the game went on after the given time');
  const person = personAgainstBot(row.seats);
  if (person === null) return fail('ERR_NOT_A_PLAYER', 'only a game against a bot is abandoned');
  return { ok: true, value: person };
}

/**
 * What Room.abandon brings to a game against a bot whose player went away: unless something
 * happened after `idleSince`, the person loses on time (the match's 'timeout', stored and
 * replayed like any action; one timeout ends the match, a money session too: match.ts,
 * bookTimeout), or abandonCheck's refusal.
 */
export function decideAbandon(row: GameRow, idleSince: number): Flagged | RoomRefusal {
  const person = abandonCheck(row, idleSince);
  return person.ok ? { player: person.value } : person;
}
