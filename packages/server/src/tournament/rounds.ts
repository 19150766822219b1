import { err, ok, type Result } from '@zar/engine';
import {
  createKnockout,
  type Knockout,
  knockoutFinished,
  knockoutPodium,
  pairSwissRound,
  recordSwissNoShow,
  recordSwissResult,
  repeatedPairs,
  swissRoundGames,
  swissStandings,
  type TournamentPlayer,
} from '@zar/match';
import {
  bookInBracket,
  bracketOpen,
  consolationOver,
  consolationRoundsOf,
  drawConsolationRounds,
  isConsolation,
  storeDrawnRounds,
} from './brackets.js';
import { type Board, boardGameId, type StoredRound, type StoredTournament } from './data.js';

/**
 * How a tournament moves on, over its stored value and nothing else: the
 * start, booking a match's result, drawing the next round, the end. The pure pairing and
 * standings are @zar/match's; this adds the server's rules around them: withdrawn players are
 * not paired again (Swiss) or forfeit their next match (knock-out), a Swiss ends early when
 * only repeat pairings are left (as lichess's does), and the podium.
 */

/** A match's result as the tournament books it. `winner`: an entrant id; null for a no-show. */
export interface BoardResult {
  readonly winner: string | null;
  readonly kind: 'win' | 'forfeit' | 'no-show';
}

type Moved = Result<StoredTournament, 'ERR_TOURNAMENT'>;

const players = (t: StoredTournament): TournamentPlayer[] => t.entrants.map((e) => ({ id: e.id, rating: e.rating }));

/** The tournament started at `now`: the first round drawn (its games still to be started: boardsToStart). */
export function startRounds(t: StoredTournament, id: string, now: number): Moved {
  const active = t.entrants.filter((e) => !e.withdrawn);
  if (active.length < 2) return err('ERR_TOURNAMENT', 'a tournament needs at least 2 entrants');
  if (t.format === 'knockout') {
    const k = createKnockout(
      active.map((e) => ({ id: e.id, rating: e.rating })),
      { thirdPlace: t.thirdPlace },
    );
    if (!k.ok) return k;
    return ok(drawKnockout({ ...t, startedAt: now, knockout: k.value, roundCount: k.value.roundCount }, id, now));
  }
  return ok(drawSwiss({ ...t, startedAt: now }, id, now));
}

/**
 * Books the result of the current round's board `match` (the consolation's current round for
 * one of its boards); the next round is drawn when this one is complete.
 */
export function bookResult(t: StoredTournament, id: string, match: string, result: BoardResult, now: number): Moved {
  const rounds = t.knockout !== null && isConsolation(match) ? consolationRoundsOf(t) : t.rounds;
  const round = rounds[rounds.length - 1];
  const board = round?.boards.find((b) => b.match === match);
  if (round === undefined || board === undefined) return err('ERR_TOURNAMENT', `no board "${match}" in this round`);
  if (t.knockout !== null) {
    const booked = bookInBracket(t, match, result);
    if (!booked.ok) return booked;
    return ok(drawKnockout(booked.value, id, now));
  }
  const player = board.a as string;
  const games =
    result.winner === null
      ? recordSwissNoShow(t.swiss, round.number, player)
      : recordSwissResult(t.swiss, round.number, result.winner, result.kind === 'forfeit' ? 'forfeit' : 'win');
  if (!games.ok) return games;
  const booked = { ...t, swiss: games.value };
  return ok(booked.swiss.some((g) => g.kind === null) ? booked : drawSwiss(booked, id, now));
}

/** Whether the board's match still waits for its result. */
export function boardOpen(t: StoredTournament, round: number, board: Board): boolean {
  if (t.knockout !== null) return bracketOpen(t, board.match);
  return t.swiss.some((g) => g.round === round && g.a === board.a && g.kind === null);
}

/**
 * The current round's boards whose match waits for its result and is played as a game, and
 * the consolation's current round's (it runs beside the main draw).
 */
export function boardsToPlay(t: StoredTournament): { round: StoredRound; board: Board }[] {
  if (t.endedAt !== null) return [];
  const current = [t.rounds[t.rounds.length - 1], consolationRoundsOf(t).at(-1)];
  return current.flatMap((round) =>
    round === undefined
      ? []
      : round.boards.filter((b) => b.game !== null && boardOpen(t, round.number, b)).map((board) => ({ round, board })),
  );
}

/**
 * The knock-out's rounds drawn by the pure layer that are not yet stored, stored with a game
 * per match to play (brackets.ts storeDrawnRounds: a withdrawn player forfeits), then the
 * consolation's. Ends the tournament when both draws are finished.
 */
function drawKnockout(t: StoredTournament, id: string, now: number): StoredTournament {
  const main = storeDrawnRounds(t, t.knockout as Knockout, t.rounds, now, (r, b) => boardGameId(id, r, b));
  const k = main.k;
  const next = drawConsolationRounds({ ...t, knockout: k, rounds: main.rounds }, id, now);
  if (!knockoutFinished(k) || !consolationOver(next)) return next;
  const podium = knockoutPodium(k);
  const places = podium === null ? [] : [podium.first, podium.second, podium.third];
  return { ...next, endedAt: now, podium: places.filter((p): p is string => p !== null) };
}

/**
 * The Swiss's next round: its draw for the players who have not withdrawn, or the end, after
 * the rounds planned, with fewer than 2 players left, or when the draw could only repeat
 * pairings (lichess ends a Swiss "when all possible pairings have been played").
 */
function drawSwiss(t: StoredTournament, id: string, now: number): StoredTournament {
  const active = t.entrants.filter((e) => !e.withdrawn).map((e) => e.id);
  if (t.rounds.length >= t.roundCount || active.length < 2) return finishSwiss(t, now);
  const drawn = pairSwissRound(players(t), t.swiss, active);
  if (!drawn.ok || repeatedPairs(t.swiss, drawn.value).length > 0) return finishSwiss(t, now);
  const r = drawn.value;
  const boards: Board[] = r.pairs.map(([a, b], i) => ({
    match: `S${r.round}-${i + 1}`,
    a,
    b,
    game: boardGameId(id, r.round, i + 1),
  }));
  if (r.bye !== null) boards.push({ match: `S${r.round}-bye`, a: r.bye, b: null, game: null });
  return {
    ...t,
    swiss: [...t.swiss, ...swissRoundGames(r)],
    rounds: [...t.rounds, { number: r.round, startedAt: now, boards }],
  };
}

function finishSwiss(t: StoredTournament, now: number): StoredTournament {
  const table = swissStandings(players(t), t.swiss);
  const podium = table.ok ? table.value.slice(0, 3).map((s) => s.id) : [];
  return { ...t, endedAt: now, podium };
}
