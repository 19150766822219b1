import type { GameView, LiveGame } from '@zar/protocol';
import type { GameRow } from '../store/types.js';

/*
 * The live list's games (@zar/protocol's watch.ts), as lichess's "current games" shows them: each
 * built from its row and its room's view, and the list sorted best first.
 */

type LiveSeat = Pick<GameView['players'][number], 'taken' | 'name' | 'kind' | 'rating'>;

/** What the list reads of a room's view for a spectator: a GameView is one, and an owner sends only these. */
export interface LiveFacts {
  readonly status: GameView['status'];
  readonly settings: GameView['settings'];
  readonly players: readonly [LiveSeat, LiveSeat];
  readonly score: GameView['score'];
  readonly rated: GameView['rated'];
  readonly clock: GameView['clock'];
  readonly watch: Pick<GameView['watch'], 'allowed' | 'spectators'>;
  readonly tournament: Pick<NonNullable<GameView['tournament']>, 'id' | 'name'> | null;
}

/** The facts of `view`, without the rest of it (the board, the chat): what an owner sends the list's reader. */
export function liveFactsOf(view: GameView): LiveFacts {
  const seat = (p: 0 | 1): LiveSeat => {
    const { taken, name, kind, rating } = view.players[p];
    return { taken, name, kind, rating };
  };
  const { status, settings, score, rated, clock, watch, tournament } = view;
  return {
    status,
    settings,
    players: [seat(0), seat(1)],
    score,
    rated,
    clock,
    watch: { allowed: watch.allowed, spectators: watch.spectators },
    tournament: tournament === null ? null : { id: tournament.id, name: tournament.name },
  };
}

/**
 * The game as the list shows it, from its row, its room's view for a spectator (clock, score,
 * spectators, tournament) and each seat's rating in the match's pool (null: a bot, a guest, an
 * account not rated there). Null when it is not to be listed: no longer played, a seat empty,
 * spectators forbidden.
 */
export function liveGameOf(
  row: GameRow,
  view: LiveFacts,
  ratings: readonly [number | null, number | null],
): LiveGame | null {
  if (view.status !== 'playing' || !view.watch.allowed) return null;
  if (!view.players[0].taken || !view.players[1].taken) return null;
  const seat = (p: 0 | 1) => ({ name: view.players[p].name, kind: view.players[p].kind, rating: ratings[p] });
  return {
    id: row.id,
    settings: view.settings,
    players: [seat(0), seat(1)],
    score: [view.score[0], view.score[1]],
    rated: view.rated,
    clock: view.clock,
    spectators: view.watch.spectators,
    tournament: view.tournament === null ? null : { id: view.tournament.id, name: view.tournament.name },
    updatedAt: row.updatedAt,
  };
}

/** A game's place by its players (rank below). */
interface Rank {
  readonly tier: number;
  readonly rating: number;
}

/**
 * Where a game stands among the others, the lower first: games between people, then games
 * against a bot (spectators come to see people play); in each, games with a rated player
 * before games without (a rating is what "best" can be judged by), those by the higher rating
 * of their people.
 */
function rank(game: LiveGame): Rank {
  const people = game.players.filter((p) => p.kind === 'human');
  const ratings = people.flatMap((p) => (p.rating === null ? [] : [p.rating]));
  const againstBot = people.length < 2 ? 2 : 0;
  const unrated = ratings.length === 0 ? 1 : 0;
  return { tier: againstBot + unrated, rating: ratings.length === 0 ? 0 : Math.max(...ratings) };
}

/**
 * Best first: by rank (above), then the most spectators, then the latest action; the id last,
 * so that the order never depends on the order the games were read in.
 */
const byRank = (a: LiveGame, ra: Rank, b: LiveGame, rb: Rank): number =>
  ra.tier - rb.tier ||
  rb.rating - ra.rating ||
  b.spectators - a.spectators ||
  b.updatedAt - a.updatedAt ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Best first (byRank). */
export const compareLive = (a: LiveGame, b: LiveGame): number => byRank(a, rank(a), b, rank(b));

/** The best `limit` games, best first; each game's rank worked out once, not at every comparison of the sort. */
export const bestLive = (games: readonly LiveGame[], limit: number): LiveGame[] =>
  games
    .map((game) => ({ game, rank: rank(game) }))
    .sort((a, b) => byRank(a.game, a.rank, b.game, b.rank))
    .slice(0, limit)
    .map((r) => r.game);
