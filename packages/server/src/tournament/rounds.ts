import { err, ok, type Result } from '@zar/engine';
import {
  createKnockout,
  type Knockout,
  knockoutFinished,
  knockoutPending,
  knockoutPodium,
  pairSwissRound,
  recordKnockoutNoShow,
  recordKnockoutResult,
  recordSwissNoShow,
  recordSwissResult,
  repeatedPairs,
  swissRoundGames,
  swissStandings,
  type TournamentPlayer,
} from '@zar/match';
import { type Board, boardGameId, type StoredRound, type StoredTournament } from './data.js';

/**
 * How a tournament moves on (issue 29, line 5), over its stored value and nothing else: the
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
const withdrawn = (t: StoredTournament, id: string | null): boolean =>
  id !== null && t.entrants.some((e) => e.id === id && e.withdrawn);

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

/** Books the result of the current round's board `match`; the next round is drawn when this one is complete. */
export function bookResult(t: StoredTournament, id: string, match: string, result: BoardResult, now: number): Moved {
  const round = t.rounds[t.rounds.length - 1];
  const board = round?.boards.find((b) => b.match === match);
  if (round === undefined || board === undefined) return err('ERR_TOURNAMENT', `no board "${match}" in this round`);
  if (t.knockout !== null) {
    const k =
      result.winner === null
        ? recordKnockoutNoShow(t.knockout, match)
        : recordKnockoutResult(t.knockout, match, result.winner, result.kind === 'forfeit' ? 'forfeit' : 'win');
    if (!k.ok) return k;
    return ok(drawKnockout({ ...t, knockout: k.value }, id, now));
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
  if (t.knockout !== null) return knockoutPending(t.knockout).some((m) => m.id === board.match);
  return t.swiss.some((g) => g.round === round && g.a === board.a && g.kind === null);
}

/** The current round's boards whose match waits for its result and is played as a game. */
export function boardsToPlay(t: StoredTournament): { round: StoredRound; board: Board }[] {
  if (t.endedAt !== null) return [];
  const round = t.rounds[t.rounds.length - 1];
  if (round === undefined) return [];
  return round.boards
    .filter((b) => b.game !== null && boardOpen(t, round.number, b))
    .map((board) => ({ round, board }));
}

/**
 * The knock-out's rounds drawn by the pure layer that are not yet stored, stored with a game
 * per match to play; a match with a withdrawn player is forfeited at once (both withdrawn: a
 * no-show), which may decide the round and draw the next. Ends the tournament when it is finished.
 */
function drawKnockout(t: StoredTournament, id: string, now: number): StoredTournament {
  let k = t.knockout as Knockout;
  let rounds = [...t.rounds];
  while (rounds.length < k.rounds.length) {
    const number = rounds.length + 1;
    const matches = [...(k.rounds[number - 1] ?? [])];
    if (k.thirdPlaceMatch !== null && k.thirdPlaceMatch.round === number) matches.push(k.thirdPlaceMatch);
    for (const m of matches) {
      if (m.kind !== null || m.a === null || m.b === null) continue;
      const [outA, outB] = [withdrawn(t, m.a), withdrawn(t, m.b)];
      if (!outA && !outB) continue;
      const r =
        outA && outB ? recordKnockoutNoShow(k, m.id) : recordKnockoutResult(k, m.id, outA ? m.b : m.a, 'forfeit');
      if (r.ok) k = r.value;
    }
    const pending = new Set(knockoutPending(k).map((m) => m.id));
    const boards = matches.map((m, i) => ({
      match: m.id,
      a: m.a,
      b: m.b,
      game: pending.has(m.id) ? boardGameId(id, number, i + 1) : null,
    }));
    rounds = [...rounds, { number, startedAt: now, boards }];
  }
  const next = { ...t, knockout: k, rounds };
  if (!knockoutFinished(k)) return next;
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
