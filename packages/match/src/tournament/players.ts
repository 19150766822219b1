/**
 * Tournament entrants and results, shared by knock-out and Swiss. Pure: the
 * server gives the registered players and the results; nothing here reads a clock or draws.
 */
import { err, ok, type Result } from '@zar/engine';

/** Every refusal of tournament input carries this code; the message says which rule failed. */
export type TournamentErrorCode = 'ERR_TOURNAMENT';

export interface TournamentPlayer {
  /** Account id, unique in the tournament. */
  readonly id: string;
  /** Rating in the tournament's game when it starts: seeds the bracket, ranks Swiss ties. */
  readonly rating: number;
}

/**
 * How a match was decided: played out, or forfeited by a player who did not show before his
 * clock ran out (the winner is the one who showed). A bye is not a result the server books:
 * the pairing gives it.
 */
export type TournamentResultKind = 'win' | 'forfeit';

/** At most this many entrants: a 1,024 bracket is ten rounds, far above what clubs run. */
export const MAX_TOURNAMENT_PLAYERS = 1024;

export const fail = (message: string) => err('ERR_TOURNAMENT' as const, message);

/** The entrants if they are well formed: 2 or more, unique non-empty ids, finite ratings. */
export function checkPlayers(
  players: readonly TournamentPlayer[],
): Result<readonly TournamentPlayer[], TournamentErrorCode> {
  if (players.length < 2) return fail('a tournament needs at least 2 players');
  if (players.length > MAX_TOURNAMENT_PLAYERS) return fail(`at most ${MAX_TOURNAMENT_PLAYERS} players`);
  const seen = new Set<string>();
  for (const p of players) {
    if (typeof p.id !== 'string' || p.id === '') return fail('a player id must be a non-empty string');
    if (!Number.isFinite(p.rating)) return fail(`player "${p.id}" has no finite rating`);
    if (seen.has(p.id)) return fail(`player "${p.id}" is registered twice`);
    seen.add(p.id);
  }
  return ok(players);
}

/** Strongest first: rating descending, then id, so equal ratings still give one order. */
export function byRating(a: TournamentPlayer, b: TournamentPlayer): number {
  return b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
