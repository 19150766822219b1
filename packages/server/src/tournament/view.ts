import { type KnockoutMatch, swissStandings } from '@zar/match';
import type {
  TournamentEntrant,
  TournamentPairing,
  TournamentRound,
  TournamentStanding,
  TournamentSummary,
  TournamentView,
} from '@zar/protocol';
import type { GameRow, TournamentRow } from '../store/types.js';
import { bracketMatch, consolationRoundsOf, consolationWinnerOf, hasConsolation } from './brackets.js';
import { type Board, entrantById, type StoredRound, type StoredTournament, storedOf, termsOf } from './data.js';
import { botsLeft } from './registration.js';
import { boardOpen, boardsToPlay } from './rounds.js';

/** Who looks at a tournament: his user id (null: a visitor without a session) and whether he has an account. */
export interface Viewer {
  readonly userId: string | null;
  readonly account: boolean;
}

const nameOf = (t: StoredTournament, id: string | null): string | null => entrantById(t, id)?.name ?? null;

/** An entrant as the page shows him; a bot with its level, which the page names it by in its language. */
function shownEntrant(e: StoredTournament['entrants'][number]): TournamentEntrant {
  const entrant = { name: e.name, kind: e.kind, rating: e.rating, withdrawn: e.withdrawn };
  return e.kind === 'bot' && e.level !== null ? { ...entrant, level: e.level } : entrant;
}

/** The pure layer's record of a board's match (how it was decided, its winner); null when there is none. */
function decisionOf(t: StoredTournament, round: number, board: Board): Pick<KnockoutMatch, 'kind' | 'winner'> | null {
  if (t.knockout !== null) return bracketMatch(t, board.match);
  return t.swiss.find((g) => g.round === round && g.a === board.a) ?? null;
}

const STATE = { win: 'won', forfeit: 'forfeit', bye: 'bye', 'no-show': 'no-show' } as const;

function pairingOf(
  t: StoredTournament,
  round: number,
  board: Board,
  games: ReadonlyMap<string, GameRow>,
): TournamentPairing {
  const decision = decisionOf(t, round, board);
  const kind = decision?.kind ?? null;
  const open = boardOpen(t, round, board);
  const winner = decision?.winner ?? null;
  const game = board.game === null ? undefined : games.get(board.game);
  return {
    players: [nameOf(t, board.a), nameOf(t, board.b)],
    game: board.game !== null && game !== undefined ? board.game : null,
    state: open ? (game === undefined ? 'waiting' : 'playing') : kind === null ? 'waiting' : STATE[kind],
    winner: winner === null ? null : winner === board.a ? 0 : 1,
    score: game === undefined ? null : [game.score[0], game.score[1]],
  };
}

function roundOf(t: StoredTournament, r: StoredRound, games: ReadonlyMap<string, GameRow>): TournamentRound {
  const terms = termsOf(t, r.number);
  const third = r.boards.find((b) => b.match === '3rd');
  return {
    number: r.number,
    length: terms.length,
    clock: terms.clock,
    pairings: r.boards.filter((b) => b !== third).map((b) => pairingOf(t, r.number, b, games)),
    thirdPlace: third === undefined ? null : pairingOf(t, r.number, third, games),
    startedAt: r.startedAt,
  };
}

function standingsOf(t: StoredTournament): TournamentStanding[] {
  if (t.format !== 'swiss' || t.startedAt === null) return [];
  const table = swissStandings(
    t.entrants.map((e) => ({ id: e.id, rating: e.rating })),
    t.swiss,
  );
  if (!table.ok) return [];
  return table.value.map(({ id, ...row }) => ({ ...row, name: nameOf(t, id) ?? id }));
}

/** The viewer's entrant id: his user id when he is registered. */
const entrantOf = (t: StoredTournament, viewer: Viewer) =>
  viewer.userId === null ? null : (t.entrants.find((e) => e.id === viewer.userId) ?? null);

/**
 * The viewer's `you` from what is the same for every viewer, worked out once (the games to play
 * now, the room left, the bots left): a change is sent to every watcher, and each would scan
 * the current rounds for his board again. The routes check the same rules again (tournaments.ts).
 */
function youFor(row: TournamentRow, t: StoredTournament, games: ReadonlyMap<string, GameRow>, maxBots?: number) {
  // Each entrant's match to play now, in the main draw's current round or the consolation's (null until stored).
  const toPlay = new Map<string, string | null>();
  if (row.status === 'running') {
    for (const { board } of boardsToPlay(t)) {
      const game = board.game !== null && games.has(board.game) ? board.game : null;
      for (const id of [board.a, board.b]) if (id !== null && !toPlay.has(id)) toPlay.set(id, game);
    }
  }
  const registering = row.status === 'registering';
  const room = t.entrants.length < t.maxPlayers;
  const botRoom = registering && !t.rated && room && botsLeft(t, maxBots) > 0;
  return (viewer: Viewer) => {
    const me = entrantOf(t, viewer);
    const registered = me !== null && !me.withdrawn;
    const creator = viewer.userId !== null && viewer.userId === row.creatorId;
    return {
      registered,
      canRegister: registering && me === null && room && (viewer.account || !t.rated),
      canWithdraw: registered && (registering || row.status === 'running'),
      canStart: creator && registering && t.entrants.length >= 2,
      canCancel: creator && registering,
      canAddBot: creator && botRoom,
      game: me === null ? null : (toPlay.get(me.id) ?? null),
    };
  };
}

/**
 * The tournament as `viewer` sees it; `games` are its matches (gamesOfTournament), for their
 * scores; `maxBots`: the bots a tournament may seat (registration.ts's when left out).
 */
export function tournamentView(
  row: TournamentRow,
  games: readonly GameRow[],
  viewer: Viewer,
  maxBots?: number,
): TournamentView {
  return tournamentViews(row, games, maxBots)(viewer);
}

/**
 * The tournament as each viewer sees it: everything but `you` is built once (the rounds, the
 * standings: a large Swiss's are thousands of games), and a viewer's view adds his own `you`.
 * A change is sent to every watcher, so it costs one table, not one per watcher.
 */
export function tournamentViews(
  row: TournamentRow,
  games: readonly GameRow[],
  maxBots?: number,
): (viewer: Viewer) => TournamentView {
  const t = storedOf(row);
  const byId = new Map(games.map((g) => [g.id, g]));
  const shared: Omit<TournamentView, 'you'> = {
    id: row.id,
    name: t.name,
    creator: t.creatorName,
    format: t.format,
    settings: { ...t.settings, cycle: [...t.settings.cycle] },
    pool: t.pool,
    rated: t.rated,
    thirdPlace: t.thirdPlace,
    consolation: hasConsolation(t),
    consolationRounds: consolationRoundsOf(t).map((r) => roundOf(t, r, byId)),
    consolationWinner: nameOf(t, consolationWinnerOf(t)),
    roundCount: t.roundCount,
    roundSettings: t.roundSettings.map((r) => ({ length: r.length, clock: r.clock })),
    maxPlayers: t.maxPlayers,
    status: row.status,
    createdAt: row.createdAt,
    startsAt: row.startsAt,
    startedAt: t.startedAt,
    endedAt: t.endedAt,
    entrants: t.entrants.map(shownEntrant),
    rounds: t.rounds.map((r) => roundOf(t, r, byId)),
    standings: standingsOf(t),
    podium: t.podium.map((id) => nameOf(t, id) ?? id),
  };
  const you = youFor(row, t, byId, maxBots);
  return (viewer) => ({ ...shared, you: you(viewer) });
}

export function tournamentSummary(row: TournamentRow): TournamentSummary {
  const t = storedOf(row);
  return {
    id: row.id,
    name: t.name,
    format: t.format,
    settings: { ...t.settings, cycle: [...t.settings.cycle] },
    rated: t.rated,
    status: row.status,
    entrants: t.entrants.length,
    maxPlayers: t.maxPlayers,
    round: t.rounds.length,
    roundCount: t.roundCount,
    startsAt: row.startsAt,
    winner: t.podium[0] === undefined ? null : nameOf(t, t.podium[0]),
  };
}
