import type { ClockSettings, Knockout, MatchSettings, SwissGame } from '@zar/match';
import type { BotLevel, TournamentFormat } from '@zar/protocol';
import type { TournamentRow } from '../store/types.js';

/**
 * A tournament as the server keeps it in TournamentRow.data: everything a
 * restarted server needs to go on. The pure layer's own values (@zar/match's Knockout, the Swiss
 * games) are stored as they are, so a restart recomputes pairings and standings from them.
 */
export interface StoredTournament {
  /** Read by a match's view (GameTournamentSchema) too: keep it at data.name. */
  readonly name: string;
  readonly creatorName: string;
  readonly format: TournamentFormat;
  /** Round 1's match settings; later rounds differ only in length (roundSettings). */
  readonly settings: MatchSettings;
  /** The rating pool; null for a custom cycle. */
  readonly pool: string | null;
  readonly rated: boolean;
  readonly thirdPlace: boolean;
  /** Swiss: rounds planned. Knock-out: 0 until the start, then the rounds the bracket needs. */
  readonly roundCount: number;
  readonly roundSettings: readonly RoundTerms[];
  readonly maxPlayers: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly entrants: readonly Entrant[];
  /** The number the next bot entrant gets (its id and name). */
  readonly nextBot: number;
  /** Knock-out, once started. */
  readonly knockout: Knockout | null;
  /**
   * Knock-out: whether it has a consolation draw for the players who lose their first match
   * (brackets.ts). This and the next two are absent in tournaments stored before it: none.
   */
  readonly consolation?: boolean;
  /** The consolation's bracket once drawn; null before, and for good when fewer than 2 entered it. */
  readonly consolationDraw?: Knockout | null;
  /** The consolation's rounds started, apart from the main draw's: it runs at its own pace. */
  readonly consolationRounds?: readonly StoredRound[];
  /** Swiss: every round's games, byes included (swissRoundGames). */
  readonly swiss: readonly SwissGame[];
  /** The rounds started: which match each board plays. */
  readonly rounds: readonly StoredRound[];
  /** Entrant ids, winner first, once over. */
  readonly podium: readonly string[];
}

export interface RoundTerms {
  readonly length: number;
  readonly clock: ClockSettings;
}

export interface Entrant {
  /** The user's id, or `bot-N` for a bot: the pure layer's player id. */
  readonly id: string;
  readonly name: string;
  readonly kind: 'human' | 'bot';
  /** A bot's level; null for a person. */
  readonly level: BotLevel | null;
  readonly rating: number;
  readonly withdrawn: boolean;
}

/** One board of a round: who plays, and the match started for it (null for a bye or a forfeit without a game). */
export interface Board {
  /**
   * Knock-out: the bracket's match id ('R1-1', '3rd'; 'CR1-1' in the consolation draw).
   * Swiss: the round and board ('S1-1').
   */
  readonly match: string;
  readonly a: string | null;
  readonly b: string | null;
  readonly game: string | null;
}

export interface StoredRound {
  readonly number: number;
  readonly startedAt: number;
  readonly boards: readonly Board[];
}

/** The tournament's stored part; written only by this module's code, so it is read as written. */
export const storedOf = (row: TournamentRow): StoredTournament => row.data as unknown as StoredTournament;

/** The row with `data` replaced. */
export const withStored = (row: TournamentRow, data: StoredTournament): TournamentRow => ({
  ...row,
  data: data as unknown as TournamentRow['data'],
});

/**
 * The id of the match a board plays: the same for the same tournament, round and board, so a
 * server that stopped between storing a round's games and saving the tournament finds them
 * again (gamesOfTournament) instead of starting them twice. Within the protocol's id pattern.
 */
export const boardGameId = (tournament: string, round: number, board: number): string =>
  `${tournament}-${round}-${board}`;

/** The round's terms: its own entry, else the last one given. */
export function termsOf(t: Pick<StoredTournament, 'roundSettings'>, round: number): RoundTerms {
  const all = t.roundSettings;
  return all[Math.min(round, all.length) - 1] ?? (all[all.length - 1] as RoundTerms);
}

/** Bots' fixed ratings by level (seeding and Swiss ties): the scale of docs/tournaments.md. */
export const BOT_RATINGS: Readonly<Record<BotLevel, number>> = {
  beginner: 1100,
  casual: 1300,
  club: 1500,
  expert: 1700,
  master: 1900,
};

export const entrantById = (t: StoredTournament, id: string | null): Entrant | null =>
  id === null ? null : (t.entrants.find((e) => e.id === id) ?? null);
