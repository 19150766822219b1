import type { ColumnType } from 'kysely';

/**
 * The tables, one typed description for SQLite and PostgreSQL. JSON is stored as TEXT in both
 * (portable, and the server never queries inside it). Booleans are INTEGER 0/1 for the same
 * reason.
 *
 * The upgrade steps (schema-v3.ts, schema-v4.ts), the queries and migrate() (schema.ts) all
 * read these types; this file imports nothing of the store, so migrate() can import the steps
 * without the steps importing it back.
 */

/** Milliseconds since the epoch: BIGINT, which pg hands back as a string; read it with Number(). */
export type Millis = ColumnType<number | string, number, number>;

/** DOUBLE PRECISION (REAL affinity in SQLite): both hand it back as a number. */
type Real = number;

export interface UsersTable {
  id: string;
  name: string | null;
  password_hash: string | null;
  created_at: Millis;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Millis;
  last_seen_at: Millis;
}

/**
 * `seats` holds both seats as JSON; `seat0_user` / `seat1_user` repeat their user ids as plain
 * columns so "the games of a user" is an indexed lookup rather than a scan through JSON.
 * They change only together with `seats`.
 */
export interface GamesTable {
  id: string;
  record: string;
  seats: string;
  seat0_user: string | null;
  seat1_user: string | null;
  status: string;
  open: number;
  invite_token: string | null;
  version: number;
  created_at: Millis;
  updated_at: Millis;
  /** The match score as JSON `[a, b]` (schema v2; filled in at the upgrade for older rows). */
  score: string | null;
  /**
   * The match's winner, 0 or 1; null while played, and in a money session unless a player ran
   * out of time, which ends it (schema v2).
   */
  winner: number | null;
  /** Schema v3 (schema-v3.ts): ClockSettings as JSON, untimed for older rows. */
  clock: string;
  /** 1 for a rated match; 0 for a casual one and for older rows. */
  rated: number;
  /** The rating pool of the match's settings: a game id, a named cycle, or null. */
  pool: string | null;
  rematch_of: string | null;
  /** Matches each seat won in the series before this one, JSON `[a, b]`. */
  series: string;
  /** The seat that lost the match by abandonment, 0 or 1; null otherwise. */
  abandoned_by: number | null;
  /** Schema v4 (schema-v4.ts): FairDiceRow as JSON; null for no proof (older rows, seeded dice). */
  fair: string | null;
  /** Each seat forbade spectators, JSON `[a, b]` of booleans; `[false,false]` for older rows. */
  no_spectators: string;
  /** The tournament and round the match was started for; both null for none. */
  tournament_id: string | null;
  tournament_round: number | null;
  /** Schema v5: why a match created rated moves no rating (GameRow.unrated, 'pair-limit'); null for every other. */
  unrated: string | null;
  /** Schema v9 (schema-v9.ts): the instance whose room is the game's authority; null for none. */
  owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** Schema v9: how many times the ownership moved; a write that names an older one is refused (the fence). */
  owner_epoch: ColumnType<number, number | undefined, number>;
  /** Schema v10 (schema-v10.ts): when a correspondence match's stretch runs out; null when no such clock runs. */
  deadline_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Schema v10: the seat whose stretch runs out at deadline_at, 0 or 1; null with it. */
  deadline_seat: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Action number `seq` (1-based) of a game; (game_id, seq) is the primary key. */
export interface ActionsTable {
  game_id: string;
  seq: number;
  action: string;
  at: Millis;
}

/** An account's table preferences (theme, sound...) as JSON; a guest keeps his in the browser. */
export interface PreferencesTable {
  user_id: string;
  preferences: string;
  updated_at: Millis;
}

/** A player's standing in one pool (a game, or a named cycle); (user_id, pool) is the key. */
export interface RatingsTable {
  user_id: string;
  pool: string;
  rating: Real;
  experience: number;
  matches: number;
  wins: number;
  updated_at: Millis;
}

/** One player's rating before and after one rated match; (game_id, user_id) is the key, so a match is rated once. */
export interface RatingChangesTable {
  game_id: string;
  user_id: string;
  pool: string;
  before: Real;
  after: Real;
  at: Millis;
}

/** The server's heartbeat: one row (id 1), the last moment it knew it was alive. */
export interface HeartbeatTable {
  id: number;
  at: Millis;
}

/** Spans the server was down, charged to no clock. */
export interface PausesTable {
  from_at: Millis;
  to_at: Millis;
}

/** Schema v9: each instance's heartbeat, the last moment it knew it was alive; the instance is the key. */
export interface InstanceBeatsTable {
  instance: string;
  at: Millis;
}

/** Schema v9: spans one game's clocks skip (its owner's downtime before a takeover); (game_id, from_at, to_at) is the key. */
export interface GamePausesTable {
  game_id: string;
  from_at: Millis;
  to_at: Millis;
}

/** A person's performance rating in an analysed match; (game_id, user_id) is the key. */
export interface MatchPrTable {
  game_id: string;
  user_id: string;
  pr: Real;
  at: Millis;
  /** Schema v4: his luck and his opponent's in the match (EMG); null when the analysis had none. */
  luck: Real | null;
  opponent_luck: Real | null;
  /** Schema v7: the game the PR was measured in; null for a match of several games. */
  game: string | null;
}

/** A match between two people in the background analysis's queue (schema v7); the game is the key. */
export interface AnalysisQueueTable {
  game_id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  enqueued_at: Millis;
  updated_at: Millis;
  /** Schema v9: the instance holding a running row, and since when; null while not running. */
  claimed_by: string | null;
  claimed_at: Millis | null;
  /** Schema v9: 0 in the background, 1 asked for; the highest is taken first. */
  priority: ColumnType<number, number | undefined, number>;
  /** Schema v9: the account that asked for it (on request); null in the background. */
  requested_by: string | null;
}

/** A finished analysis of a match (schema v7), as JSON, of the game at `version`. */
export interface MatchAnalysisTable {
  game_id: string;
  version: number;
  analysis: string;
  made_at: Millis;
}

/** A finished match whose dice are in the totals; its game id is the key, so a match counts once. */
export interface DiceCountedTable {
  game_id: string;
}

/**
 * The dice of finished matches, tallied: one row per person (his user id) and one for the whole
 * site (dice/match-dice.ts SITE_TOTALS, the empty key). `tally` is a DiceTally as JSON.
 */
export interface DiceTotalsTable {
  owner: string;
  matches: number;
  tally: string;
}

/** A message of a match's chat: exactly one of `body` (free text) and `phrase` (a canned phrase's key). */
export interface ChatMessagesTable {
  id: string;
  game_id: string;
  channel: string;
  user_id: string;
  name: string;
  seat: number | null;
  body: string | null;
  phrase: string | null;
  at: Millis;
}

/** A chat message reported to the moderators; (message_id, reporter_id) is the key. */
export interface ChatReportsTable {
  message_id: string;
  reporter_id: string;
  game_id: string;
  reason: string;
  at: Millis;
}

/** A tournament: what is sorted and filtered on as columns, the rest (`data`) as JSON. */
export interface TournamentsTable {
  id: string;
  creator_id: string;
  status: string;
  created_at: Millis;
  starts_at: Millis | null;
  updated_at: Millis;
  version: number;
  data: string;
}

/** A match imported from a file (schema v6): the record and its outcome as JSON. */
export interface ImportsTable {
  id: string;
  owner: string;
  format: string;
  name: string | null;
  record: string;
  outcome: string;
  created_at: Millis;
}

/** A puzzle (schema v8): the puzzle as JSON, its game and themes to filter on, its Glicko-2 rating. */
export interface PuzzlesTable {
  id: string;
  game: string;
  themes: string;
  rating: Real;
  deviation: Real;
  volatility: Real;
  attempts: number;
  puzzle: string;
}

/** A person's puzzle rating and streak (schema v8). */
export interface PuzzlePlayersTable {
  user_id: string;
  rating: Real;
  deviation: Real;
  volatility: Real;
  attempts: number;
  streak: number;
  best_streak: number;
  last_at: Millis;
}

/** A person's rated attempt at a puzzle (schema v8): both ratings' change as JSON. */
export interface PuzzleAttemptsTable {
  user_id: string;
  puzzle_id: string;
  answer: string;
  correct: number;
  ratings: string;
  at: Millis;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  games: GamesTable;
  actions: ActionsTable;
  preferences: PreferencesTable;
  ratings: RatingsTable;
  rating_changes: RatingChangesTable;
  heartbeat: HeartbeatTable;
  pauses: PausesTable;
  instance_beats: InstanceBeatsTable;
  game_pauses: GamePausesTable;
  match_pr: MatchPrTable;
  dice_counted: DiceCountedTable;
  dice_totals: DiceTotalsTable;
  chat_messages: ChatMessagesTable;
  chat_reports: ChatReportsTable;
  tournaments: TournamentsTable;
  imports: ImportsTable;
  analysis_queue: AnalysisQueueTable;
  match_analysis: MatchAnalysisTable;
  puzzles: PuzzlesTable;
  puzzle_players: PuzzlePlayersTable;
  puzzle_attempts: PuzzleAttemptsTable;
}

/** The games columns of schema v3, for games stored before it (filled in by schema-v3.ts, read by game-rows.ts). */
export const V3_DEFAULTS = { clock: '{"kind":"untimed"}', rated: 0, series: '[0,0]' } as const;

/** The games columns of schema v4, for games stored before it (filled in by schema-v4.ts, read by game-rows.ts). */
export const V4_DEFAULTS = { noSpectators: '[false,false]' } as const;
