import { err, ok, type Result } from '@zar/engine';
import type { BotLevel, TournamentStatus } from '@zar/protocol';
import { BOT_RATINGS, type Entrant, type StoredTournament } from './data.js';
import { startRounds } from './rounds.js';

/**
 * Registration's rules, pure: who may register, withdraw, start, cancel or
 * seat a bot, and what it changes. The service (tournaments.ts) reads the row, applies one of
 * these and writes the row back with its version.
 */

/**
 * Bots one tournament may seat. A match between two bots takes the bot workers' time that
 * people's games against the bot need, and nobody watches it for its players: a few fill a
 * club's field to an even number or give a practice opponent; a field of hundreds of them,
 * three tournaments an account, would keep the workers busy for everyone else.
 */
export const MAX_TOURNAMENT_BOTS = 16;

/** Bots the tournament may still seat. */
export const botsLeft = (t: StoredTournament, maxBots = MAX_TOURNAMENT_BOTS): number =>
  Math.max(0, maxBots - t.entrants.filter((e) => e.kind === 'bot').length);

export type RegistrationCode = 'ERR_TOURNAMENT' | 'ERR_TOURNAMENT_FULL' | 'ERR_ACCOUNT_ONLY';
export type Change = Result<{ status: TournamentStatus; data: StoredTournament }, RegistrationCode>;

/** The one who asks: his user id, the name his seat shows, whether he has an account, his rating in the pool. */
export interface Registrant {
  readonly id: string;
  readonly name: string;
  readonly account: boolean;
  readonly rating: number;
}

const registering = (status: TournamentStatus): Result<void, 'ERR_TOURNAMENT'> =>
  status === 'registering'
    ? ok(undefined)
    : err('ERR_TOURNAMENT', `the tournament is ${status}: registration is closed`);

export function register(status: TournamentStatus, t: StoredTournament, who: Registrant): Change {
  const open = registering(status);
  if (!open.ok) return open;
  if (t.entrants.some((e) => e.id === who.id)) return err('ERR_TOURNAMENT', 'you are registered already');
  if (t.rated && !who.account)
    return err('ERR_ACCOUNT_ONLY', 'only an account plays a rated tournament: register first');
  if (t.entrants.length >= t.maxPlayers)
    return err('ERR_TOURNAMENT_FULL', `the tournament is full (${t.maxPlayers} players)`);
  const entrant: Entrant = {
    id: who.id,
    name: who.name,
    kind: 'human',
    level: null,
    rating: who.rating,
    withdrawn: false,
  };
  return ok({ status, data: { ...t, entrants: [...t.entrants, entrant] } });
}

/**
 * Before the start, leaves the list; after it, is paired no more (Swiss) or forfeits his next
 * match (knock-out); a match he is playing goes on.
 */
export function withdraw(status: TournamentStatus, t: StoredTournament, userId: string): Change {
  const me = t.entrants.find((e) => e.id === userId);
  if (me === undefined || me.withdrawn) return err('ERR_TOURNAMENT', 'you are not registered');
  if (status === 'registering') return ok({ status, data: { ...t, entrants: t.entrants.filter((e) => e !== me) } });
  if (status !== 'running') return err('ERR_TOURNAMENT', `the tournament is ${status}`);
  return ok({ status, data: { ...t, entrants: t.entrants.map((e) => (e === me ? { ...e, withdrawn: true } : e)) } });
}

/** A bot entrant of `level`, at its level's fixed rating: casual tournaments only, before the start, `maxBots` at most. */
export function addBot(
  status: TournamentStatus,
  t: StoredTournament,
  level: BotLevel,
  maxBots = MAX_TOURNAMENT_BOTS,
): Change {
  const open = registering(status);
  if (!open.ok) return open;
  if (t.rated) return err('ERR_TOURNAMENT', 'a rated tournament is for accounts only: no bots');
  if (t.entrants.length >= t.maxPlayers)
    return err('ERR_TOURNAMENT_FULL', `the tournament is full (${t.maxPlayers} players)`);
  if (botsLeft(t, maxBots) === 0) return err('ERR_TOURNAMENT', `a tournament seats ${maxBots} bots at most`);
  const n = t.nextBot;
  const bot: Entrant = {
    id: `bot-${n}`,
    name: `Bot ${n} (${level})`,
    kind: 'bot',
    level,
    rating: BOT_RATINGS[level],
    withdrawn: false,
  };
  return ok({ status, data: { ...t, entrants: [...t.entrants, bot], nextBot: n + 1 } });
}

/** Starts it now (its creator, or its start time): at least 2 entrants. */
export function start(status: TournamentStatus, t: StoredTournament, id: string, now: number): Change {
  const open = registering(status);
  if (!open.ok) return open;
  if (t.entrants.length < 2) return err('ERR_TOURNAMENT', 'a tournament needs at least 2 entrants to start');
  const started = startRounds(t, id, now);
  if (!started.ok) return started;
  return ok({ status: started.value.endedAt === null ? 'running' : 'over', data: started.value });
}

/** Cancelled before its start (by its creator, or at its start time with fewer than 2 entrants). */
export function cancel(status: TournamentStatus, t: StoredTournament, now: number): Change {
  const open = registering(status);
  if (!open.ok) return open;
  return ok({ status: 'cancelled', data: { ...t, endedAt: now } });
}
