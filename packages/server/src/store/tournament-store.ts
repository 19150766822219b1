import type { GameRow, StoreWrite } from './rows.js';

export type TournamentStatusRow = 'registering' | 'running' | 'over' | 'cancelled';

/**
 * A tournament as stored: what the store sorts and filters by, and the rest (settings,
 * entrants, rounds) as JSON that only the server's tournament code reads and writes. Written
 * whole with a version, as games are, so two writers cannot both win.
 */
export interface TournamentRow {
  readonly id: string;
  readonly creatorId: string;
  readonly status: TournamentStatusRow;
  readonly createdAt: number;
  /** When it starts by itself; null when its creator starts it. */
  readonly startsAt: number | null;
  readonly updatedAt: number;
  /** 1 when created; each update adds one. */
  readonly version: number;
  readonly data: Readonly<Record<string, unknown>>;
}

/** The tournaments, and the games started for their rounds. */
export interface TournamentStore {
  createTournament(row: TournamentRow): Promise<void>;
  tournamentById(id: string): Promise<TournamentRow | null>;
  /** Replaces the tournament with `row` (whose version is `version + 1`) unless its stored version is not `version`. */
  updateTournament(row: TournamentRow, version: number): Promise<StoreWrite<'ERR_VERSION_CONFLICT'>>;
  /** Tournaments in any of `statuses`, the latest updated first, at most `limit`. */
  tournamentsIn(statuses: readonly TournamentStatusRow[], limit: number): Promise<TournamentRow[]>;
  /** The games started for a tournament (GameRow.tournament), every round, oldest first. */
  gamesOfTournament(id: string): Promise<GameRow[]>;
}
