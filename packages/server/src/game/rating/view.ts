import type { Player } from '@zar/match';
import type { GameView, RatingChange, RematchView, SeatView } from '@zar/protocol';
import type { GameRow, RatingChangeRow, Unrated } from '../../store/types.js';
import { seatView } from '../seats.js';
import { NO_STANDING, RATED_PAIR_LIMIT, RATED_PAIR_WINDOW_MS, type Standing, standingAfter } from './ratings.js';
import { NO_REMATCH, type Rematch, rematchView, seriesNow } from './rematch.js';

/*
 * The parts of a view that tell a match between people beyond its board: rated or
 * casual, each seat's rating, the rematch, the series and the ratings' change. Built here both
 * as values (the room's matchView) and as JSON text (view-json.ts), from one source.
 */

/** What the room knows of its match's rating, rematch and series; replaced (never mutated) when it changes. */
export interface RatedSource {
  /** The match moves the ratings (GameRow.rated). */
  readonly rated: boolean;
  /** Why a match created rated does not (GameRow.unrated). */
  readonly unrated: Unrated | null;
  readonly standing: Standing;
  /** The series before this match (GameRow.series). */
  readonly series: GameRow['series'];
  readonly rematch: Rematch;
}

/** A casual match, first of its series, with no rematch offered. */
export const CASUAL: RatedSource = {
  rated: false,
  unrated: null,
  standing: NO_STANDING,
  series: [0, 0],
  rematch: NO_REMATCH,
};

/** The source a room starts from: its row's rating and series, what the store said of the ratings. */
export const ratedSourceOf = (row: GameRow, standing: Standing, rematch: Rematch = NO_REMATCH): RatedSource => ({
  rated: row.rated,
  unrated: row.unrated,
  standing,
  series: row.series,
  rematch,
});

/** Both seats as shown, with the ratings the match began with. */
export const seatViews = (seats: GameRow['seats'], standing: Standing): [SeatView, SeatView] => [
  seatView(seats[0], standing.seats[0]),
  seatView(seats[1], standing.seats[1]),
];

export interface RatedMeta {
  readonly rated: boolean;
  readonly rematch: RematchView;
  readonly series: readonly [number, number];
  readonly ratings: readonly [RatingChange, RatingChange] | null;
  readonly unrated?: NonNullable<GameView['unrated']>;
}

/** Why a match created rated moves no rating, as the view says it: its players at their limit of rated matches together (ratings.ts). */
const WHY: Readonly<Record<Unrated, NonNullable<RatedMeta['unrated']>>> = {
  'pair-limit': { reason: 'pair-limit', limit: RATED_PAIR_LIMIT, hours: RATED_PAIR_WINDOW_MS / 3_600_000 },
};

/** The view's fields for one viewer. `winner` is the match's (the series counts it once the match is over). */
export function ratedMeta(
  s: RatedSource,
  status: GameRow['status'],
  winner: Player | null,
  you: Player | null,
): RatedMeta {
  return {
    rated: s.rated,
    rematch: rematchView(s.rematch, status, you),
    series: seriesNow(s.series, status === 'over' ? winner : null),
    ratings: s.standing.changes,
    ...(s.unrated === null ? {} : { unrated: WHY[s.unrated] }),
  };
}

/**
 * The same fields as JSON, in matchView's order: `rated` (after lastMove), the rematch for seat
 * 0, seat 1 and a spectator (each with its leading comma), then series, ratings and `unrated`.
 */
export function ratedJson(s: RatedSource, status: GameRow['status'], winner: Player | null) {
  const meta = (you: Player | null) => ratedMeta(s, status, winner, you);
  const rematch = (you: Player | null) => `,"rematch":${JSON.stringify(meta(you).rematch)}`;
  const { rated, series, ratings, unrated } = meta(null);
  const why = unrated === undefined ? '' : `,"unrated":${JSON.stringify(unrated)}`;
  return {
    rated: `"rated":${rated}`,
    rematch: [rematch(0), rematch(1), rematch(null)] as const,
    end: `,"series":${JSON.stringify(series)},"ratings":${JSON.stringify(ratings)}${why}`,
  };
}

/** What the store answered to an action: the ratings it changed, or that the match is not rated after all. */
export interface StoredRating {
  readonly rated?: readonly RatingChangeRow[];
  readonly unrated?: Unrated;
}

/** The room's row and its view's rated part after a decision. */
export interface RatedNow {
  readonly row: GameRow;
  readonly source: RatedSource;
}

/**
 * Decides what the room shows once the store has stored an action (`stored`, its answer): the
 * changes it rated the match with, or that it found the players at their limit and stored the
 * match as not rated. Null when it answered neither (every action but a rated match's last).
 */
export function ratedAtEnd(source: RatedSource, row: GameRow, stored: StoredRating): RatedNow | null {
  if (stored.unrated !== undefined) {
    return {
      row: { ...row, rated: false, unrated: stored.unrated },
      source: { ...source, rated: false, unrated: stored.unrated },
    };
  }
  if (stored.rated === undefined) return null;
  const standing = standingAfter(row, stored.rated);
  return standing === null ? null : { row, source: { ...source, standing } };
}

/** A rated match found past its players' limit as it begins is stored as this (GameRow.unrated). */
export const PAST_PAIR_LIMIT = { rated: false, unrated: 'pair-limit' } as const;

/** The view's rated part once the room has read what the store has (loaders.ts readStanding); `next`: a rematch already started. */
export function ratedAfterRead(source: RatedSource, standing: Standing, next: string | null): RatedSource {
  return { ...source, standing, ...(next === null ? {} : { rematch: { offered: [true, true] as const, next } }) };
}
