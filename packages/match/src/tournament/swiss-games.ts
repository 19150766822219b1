/**
 * A Swiss tournament's record: the games of each round, as the server keeps
 * them. Pairing (swiss-pairing.ts) and standings (swiss-standings.ts) read it; nothing here
 * holds state, so a restarted server recomputes both from the stored games.
 */
import { ok, type Result } from '@zar/engine';
import { fail, type TournamentErrorCode, type TournamentPlayer, type TournamentResultKind } from './players.js';

export interface SwissGame {
  /** 1 for the first round. */
  readonly round: number;
  readonly a: string;
  /** Null for a bye. */
  readonly b: string | null;
  /** Null while the game is played, and after a no-show; a bye is won at once by `a`. */
  readonly winner: string | null;
  /** Null while the game is played; 'no-show' when neither player came: both lose. */
  readonly kind: TournamentResultKind | 'bye' | 'no-show' | null;
}

/** One round's draw: the pairs, strongest first, and who sits out with a bye. */
export interface SwissRound {
  readonly round: number;
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/** A round's games as the server stores them when it starts the round: the bye already won. */
export function swissRoundGames(r: SwissRound): SwissGame[] {
  const games: SwissGame[] = r.pairs.map(([a, b]) => ({ round: r.round, a, b, winner: null, kind: null }));
  if (r.bye !== null) games.push({ round: r.round, a: r.bye, b: null, winner: r.bye, kind: 'bye' });
  return games;
}

/**
 * The pairs of `r` who met in `games` before. Empty unless the field has run out of new
 * pairings; lichess ends a Swiss then, and the server may do the same instead of starting the round.
 */
export function repeatedPairs(games: readonly SwissGame[], r: SwissRound): (readonly [string, string])[] {
  const met = new Set(games.filter((g) => g.b !== null).map((g) => [g.a, g.b].sort().join('\n')));
  return r.pairs.filter(([a, b]) => met.has([a, b].sort().join('\n')));
}

/**
 * The games with the result of `winner`'s game in `round` booked. Refused: no undecided game of
 * his in that round, or an unknown kind.
 */
export function recordSwissResult(
  games: readonly SwissGame[],
  round: number,
  winner: string,
  kind: TournamentResultKind,
): Result<SwissGame[], TournamentErrorCode> {
  if (kind !== 'win' && kind !== 'forfeit') return fail(`unknown result kind "${String(kind)}"`);
  const i = pendingGame(games, round, winner);
  if (i < 0) return fail(`"${winner}" has no game waiting for a result in round ${round}`);
  return ok(games.map((g, j) => (j === i ? { ...g, winner, kind } : g)));
}

/**
 * The games with `player`'s game in `round` booked as a no-show: neither came, both score 0.
 * Refused: no undecided game of his in that round.
 */
export function recordSwissNoShow(
  games: readonly SwissGame[],
  round: number,
  player: string,
): Result<SwissGame[], TournamentErrorCode> {
  const i = pendingGame(games, round, player);
  if (i < 0) return fail(`"${player}" has no game waiting for a result in round ${round}`);
  return ok(games.map((g, j) => (j === i ? { ...g, winner: null, kind: 'no-show' as const } : g)));
}

function pendingGame(games: readonly SwissGame[], round: number, player: string): number {
  return games.findIndex((g) => g.round === round && g.kind === null && (g.a === player || g.b === player));
}

/** What pairing and standings need from the record, per player. */
export interface SwissTally {
  /** Points: 1 a win, forfeit win or bye; backgammon matches have no draws. */
  readonly score: ReadonlyMap<string, number>;
  /** Everyone each player was paired against (forfeited games included: they met in the draw). */
  readonly met: ReadonlyMap<string, ReadonlySet<string>>;
  readonly byes: ReadonlyMap<string, number>;
  /** The last round in the record; 0 before the first. */
  readonly lastRound: number;
}

/**
 * Checks the record against the entrants and tallies it. Refused: a game with an unknown
 * player, a player against himself, a winner not in his game, a winner without a kind (or a
 * kind without a winner, or a bye between two players), rounds not numbered 1, 2, ...,
 * or a player twice in one round.
 */
export function tallySwiss(
  players: readonly TournamentPlayer[],
  games: readonly SwissGame[],
): Result<SwissTally, TournamentErrorCode> {
  const score = new Map(players.map((p) => [p.id, 0]));
  const met = new Map(players.map((p) => [p.id, new Set<string>()]));
  const byes = new Map(players.map((p) => [p.id, 0]));
  const seatedIn = new Map<number, Set<string>>();
  let lastRound = 0;
  for (const g of games) {
    if (!Number.isInteger(g.round) || g.round < 1) return fail(`round ${String(g.round)} is not a round number`);
    const seated = seatedIn.get(g.round) ?? new Set<string>();
    seatedIn.set(g.round, seated);
    for (const id of g.b === null ? [g.a] : [g.a, g.b]) {
      if (!score.has(id)) return fail(`"${id}" is not registered`);
      if (seated.has(id)) return fail(`"${id}" plays twice in round ${g.round}`);
      seated.add(id);
    }
    if (g.a === g.b) return fail(`"${g.a}" is paired with himself`);
    if (g.winner !== null && g.winner !== g.a && g.winner !== g.b) return fail(`"${g.winner}" did not play that game`);
    if (g.b === null && (g.winner !== g.a || g.kind !== 'bye')) return fail(`the bye of "${g.a}" is not won by him`);
    const known =
      g.winner === null ? g.kind === null || g.kind === 'no-show' : g.kind === 'win' || g.kind === 'forfeit';
    if (g.b !== null && !known) {
      return fail(`the game of "${g.a}" and "${g.b}" has a winner without a result kind, or the other way round`);
    }
    lastRound = Math.max(lastRound, g.round);
    if (g.winner !== null) score.set(g.winner, score.get(g.winner)! + 1);
    if (g.b === null) byes.set(g.a, byes.get(g.a)! + 1);
    else {
      met.get(g.a)!.add(g.b);
      met.get(g.b)!.add(g.a);
    }
  }
  for (let r = 1; r <= lastRound; r++) if (!seatedIn.has(r)) return fail(`round ${r} is missing`);
  return ok({ score, met, byes, lastRound });
}
