/**
 * Swiss standings (issue 29, line 5): score, then Buchholz, then Sonneborn-Berger, then rating,
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
  const rows = players.map((p) => {
    let buchholz = 0;
    let sonnebornBerger = 0;
    let wins = 0;
    let played = 0;
    let forfeits = 0;
    for (const g of games) {
      if (g.b === null || g.kind === null || (g.a !== p.id && g.b !== p.id)) continue;
      const opponent = g.a === p.id ? g.b : g.a;
      played += 1;
      buchholz += score.get(opponent)!;
      if (g.winner === p.id) {
        sonnebornBerger += score.get(opponent)!;
        if (g.kind === 'win') wins += 1;
      } else if (g.kind === 'forfeit' || g.kind === 'no-show') forfeits += 1;
    }
    const row = { id: p.id, rating: p.rating, score: score.get(p.id)!, buchholz, sonnebornBerger };
    return { ...row, rank: 0, wins, played, byes: byes.get(p.id)!, forfeits };
  });
  return ok(rows.sort(standingOrder).map((r, i) => ({ ...r, rank: i + 1 })));
}
