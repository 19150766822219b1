import { type ClockSettings, parseClockSettings } from '@zar/match';
import type { Insertable, Selectable } from 'kysely';
import { NO_OUTCOME } from './outcome.js';
import { type GamesTable, V3_DEFAULTS, V4_DEFAULTS } from './tables.js';
import type { FairDiceRow, GameRow, GameStatusRow, MatchOutcome, Unrated } from './types.js';

/*
 * A game between its row in the games table and the Store's GameRow, for every query that
 * reads or writes one. JSON is the server's own (a parse failure is a broken invariant).
 */

/** The games table's row for a new game. */
export function gameColumns(game: GameRow): Insertable<GamesTable> {
  return {
    id: game.id,
    record: JSON.stringify(game.record),
    ...seatColumns(game.seats),
    status: game.status,
    open: game.open ? 1 : 0,
    invite_token: game.inviteToken,
    version: game.version,
    created_at: game.createdAt,
    updated_at: game.updatedAt,
    ...outcomeColumns(game),
    clock: JSON.stringify(game.clock),
    rated: game.rated ? 1 : 0,
    pool: game.pool,
    rematch_of: game.rematchOf,
    series: JSON.stringify(game.series),
    fair: fairColumn(game.fair),
    no_spectators: JSON.stringify(game.noSpectators),
    tournament_id: game.tournament?.id ?? null,
    tournament_round: game.tournament?.round ?? null,
    unrated: game.unrated,
  };
}

export function fairColumn(fair: GameRow['fair']): string | null {
  return fair === null ? null : JSON.stringify(fair);
}

export function seatColumns(seats: GameRow['seats']): Pick<GamesTable, 'seats' | 'seat0_user' | 'seat1_user'> {
  return { seats: JSON.stringify(seats), seat0_user: seats[0].userId, seat1_user: seats[1].userId };
}

/** The games table's columns for a match's score and winner, and its abandonment when there was one. */
export function outcomeColumns(
  outcome: MatchOutcome | Pick<GameRow, 'score' | 'winner' | 'abandonedBy'>,
): Pick<GamesTable, 'score' | 'winner'> & Partial<Pick<GamesTable, 'abandoned_by'>> {
  const columns = { score: JSON.stringify(outcome.score), winner: outcome.winner };
  const abandonedBy = outcome.abandonedBy ?? null;
  return abandonedBy === null ? columns : { ...columns, abandoned_by: abandonedBy };
}

export function toGame(r: Selectable<GamesTable>): GameRow {
  return {
    id: r.id,
    record: JSON.parse(r.record) as GameRow['record'],
    seats: JSON.parse(r.seats) as GameRow['seats'],
    status: toStatus(r.status),
    open: r.open === 1,
    inviteToken: r.invite_token,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    version: r.version,
    // Never null after migrate() (schema.ts fills in older rows); a row written by hand counts as unplayed.
    score: r.score === null ? NO_OUTCOME.score : (JSON.parse(r.score) as GameRow['score']),
    winner: toSeat(r.winner),
    clock: toClock(r.clock),
    rated: r.rated === 1,
    pool: r.pool,
    rematchOf: r.rematch_of,
    series: JSON.parse(r.series ?? V3_DEFAULTS.series) as GameRow['series'],
    abandonedBy: toSeat(r.abandoned_by),
    fair: r.fair === null ? null : (JSON.parse(r.fair) as FairDiceRow),
    noSpectators: JSON.parse(r.no_spectators ?? V4_DEFAULTS.noSpectators) as GameRow['noSpectators'],
    tournament: toTournament(r.tournament_id, r.tournament_round),
    unrated: toUnrated(r.unrated),
  };
}

/** Both columns or neither: a row with only one was written by hand, and counts as no tournament's. */
function toTournament(id: string | null, round: number | null): GameRow['tournament'] {
  return id === null || round === null ? null : { id, round: Number(round) };
}

function toSeat(seat: number | null): 0 | 1 | null {
  return seat === 0 || seat === 1 ? seat : null;
}

/** A stored clock is checked on its way back in, as the match layer checks settings. */
function toClock(text: string | null): ClockSettings {
  const clock = parseClockSettings(JSON.parse(text ?? V3_DEFAULTS.clock));
  if (!clock.ok) throw new Error(`games.clock holds ${JSON.stringify(text)}: ${clock.error.message}`);
  return clock.value;
}

function toUnrated(s: string | null): Unrated | null {
  // Only this server writes the column (schema.ts): anything else was written by hand.
  if (s === null || s === 'pair-limit') return s;
  throw new Error(`games.unrated holds ${JSON.stringify(s)}`);
}

function toStatus(s: string): GameStatusRow {
  // The CHECK constraint admits only these; anything else means the table was edited by hand.
  if (s === 'waiting' || s === 'playing' || s === 'over') return s;
  throw new Error(`games.status holds ${JSON.stringify(s)}`);
}
