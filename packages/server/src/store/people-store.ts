import type { GameRow, RatingChangeRow, StoreWrite } from './rows.js';

export interface UserRow {
  readonly id: string;
  /** Null for a guest. */
  readonly name: string | null;
  readonly passwordHash: string | null;
  readonly createdAt: number;
}

export interface SessionRow {
  /** The opaque random token in the cookie (stored hashed is not needed: it is random and revocable). */
  readonly id: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

/** Table preferences as stored: the protocol's Preferences, kept as JSON the store does not look into. */
export type PreferencesRow = Readonly<Record<string, unknown>>;

/** A player's standing in one pool. */
export interface RatingRow {
  readonly userId: string;
  readonly pool: string;
  readonly rating: number;
  /** FIBS experience: the sum of the lengths of his rated matches. */
  readonly experience: number;
  readonly matches: number;
  readonly wins: number;
  /** When his last rated match in the pool ended. */
  readonly updatedAt: number;
}

/** A leaderboard line: the account's name with its standing. */
export interface LeaderRow extends RatingRow {
  readonly name: string;
}

/** An account's finished matches against people, per pool, and how many he abandoned. */
export interface PlayerRecordRow {
  /**
   * Per pool (game id or cycle name): finished matches against people, rated or casual. A
   * custom cycle has no pool: it counts in `finished` only.
   */
  readonly matches: Readonly<Record<string, number>>;
  /** Finished matches against people in all. */
  readonly finished: number;
  /** Of those, abandoned by him (GameRow.abandonedBy was his seat). */
  readonly abandoned: number;
}

/** The people: accounts, sessions, table preferences, ratings and leaderboards, and what a profile shows. */
export interface PeopleStore {
  createUser(user: UserRow): Promise<StoreWrite<'ERR_NAME_TAKEN'>>;
  userById(id: string): Promise<UserRow | null>;
  userByName(name: string): Promise<UserRow | null>;
  /** Turns a guest into an account. */
  setCredentials(userId: string, name: string, passwordHash: string): Promise<StoreWrite<'ERR_NAME_TAKEN'>>;

  createSession(session: SessionRow): Promise<void>;
  sessionById(id: string): Promise<SessionRow | null>;
  touchSession(id: string, at: number): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of a user ("sign out everywhere"). */
  deleteSessionsOfUser(userId: string): Promise<void>;
  /** Drops the sessions last seen at or before `seenBy`, or begun at or before `begunBy`; returns how many. */
  deleteExpiredSessions(seenBy: number, begunBy: number): Promise<number>;

  /** An account's table preferences as last saved (a value the server checked), or null when never saved. */
  preferencesOf(userId: string): Promise<PreferencesRow | null>;
  /** Saves an account's table preferences in place of the last ones. */
  setPreferences(userId: string, preferences: PreferencesRow, at: number): Promise<void>;

  /** A player's standing in every pool he has played rated in, by pool. */
  ratingsOf(userId: string): Promise<RatingRow[]>;
  /** The rating changes a rated match made (two once it is over, else none), by user id. */
  ratingChangesOf(gameId: string): Promise<RatingChangeRow[]>;
  /** Rated matches between the two accounts (in any pool) rated at or after `since` (RateRequest.perPair). */
  ratedMatchesBetween(a: string, b: string, since: number): Promise<number>;
  /** A player's rating changes in a pool, oldest first, the last `limit` of them. */
  ratingHistory(userId: string, pool: string, limit: number): Promise<RatingChangeRow[]>;
  /**
   * The best `limit` accounts (guests have no name to list) of a pool whose last rated match
   * there ended at or after `activeSince`: highest rating first, ties by name.
   */
  leaderboard(pool: string, activeSince: number, limit: number): Promise<LeaderRow[]>;
  /** An account's finished matches against people and his abandonments (profile). */
  playerRecord(userId: string): Promise<PlayerRecordRow>;
  /** A user's finished games against people, the last ended first (updatedAt, ties by id descending). */
  finishedGamesOfUser(userId: string, limit: number): Promise<GameRow[]>;
  /** A player's analysed matches and the mean of their PR; null when none. */
  prOf(userId: string): Promise<{ matches: number; average: number } | null>;
}
