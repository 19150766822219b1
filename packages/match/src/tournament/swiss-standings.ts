/**
 * Swiss standings: score, then Buchholz, then Sonneborn-Berger, then rating,
 * then id, so every place is distinct and the table is the same on every server.
 *
 * - Score: 1 point a win, forfeit win or bye; a no-show (neither player came) scores nothing.
 * - Buchholz: the sum of the current scores of every opponent the player was paired with
 *   (forfeited games count: the opponent was drawn against him); a bye adds nothing.
 * - Sonneborn-Berger: the sum of the current scores of the opponents he beat (by play or by
 *   forfeit); with no draws in backgammon matches this is the whole of the chess definition.
 * See docs/tournaments.md for the sources and where this differs from FIDE's rules.
 */
import { ok, type Result } from '@zar/engine';
import { byRating, checkPlayers, type TournamentErrorCode, type TournamentPlayer } from './players.js';
import { type SwissGame, tallySwiss } from './swiss-games.js';

export interface SwissStanding {
  /** 1 for the leader; ranks are never shared. */
  readonly rank: number;
  readonly id: string;
  readonly rating: number;
  readonly score: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
  /** Games won over the board (forfeit wins and byes not included). */
  readonly wins: number;
  /** Games decided against an opponent, forfeits and no-shows included. */
  readonly played: number;
  readonly byes: number;
  /** Games this player lost by not showing, his opponent there or not. */
  readonly forfeits: number;
}

/** Compares two rows by the keys of the standings, best first. */
export function standingOrder(x: SwissStanding, y: SwissStanding): number {
  return (
    y.score - x.score ||
    y.buchholz - x.buchholz ||
    y.sonnebornBerger - x.sonnebornBerger ||
    byRating({ id: x.id, rating: x.rating }, { id: y.id, rating: y.rating })
  );
}

/** The table after the decided games of `games` (undecided games count for nobody yet). */
export function swissStandings(
  players: readonly TournamentPlayer[],
  games: readonly SwissGame[],
): Result<SwissStanding[], TournamentErrorCode> {
  const checked = checkPlayers(players);
  if (!checked.ok) return checked;
  const tallied = tallySwiss(players, games);
  if (!tallied.ok) return tallied;
  const { score, byes } = tallied.value;
  // One pass over the games, each booked for both its players: the table is recomputed at
  // every match's end, and a large Swiss has thousands of games.
  const count = new Map(
    players.map((p) => [p.id, { buchholz: 0, sonnebornBerger: 0, wins: 0, played: 0, forfeits: 0 }]),
  );
  const book = (g: SwissGame, me: string, opponent: string): void => {
    const c = count.get(me)!;
    c.played += 1;
    c.buchholz += score.get(opponent)!;
    if (g.winner === me) {
      c.sonnebornBerger += score.get(opponent)!;
      if (g.kind === 'win') c.wins += 1;
    } else if (g.kind === 'forfeit' || g.kind === 'no-show') c.forfeits += 1;
  };
  for (const g of games) {
    if (g.b === null || g.kind === null) continue;
    book(g, g.a, g.b);
    book(g, g.b, g.a);
  }
  const rows = players.map((p) => ({
    id: p.id,
    rating: p.rating,
    score: score.get(p.id)!,
    ...count.get(p.id)!,
    rank: 0,
    byes: byes.get(p.id)!,
  }));
  return ok(rows.sort(standingOrder).map((r, i) => ({ ...r, rank: i + 1 })));
}
