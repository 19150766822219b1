import type { GameAction, MatchRecord, Player } from '@zar/match';

/**
 * What the server keeps. An action is appended (durably) before anyone hears of it, so a
 * crash loses nothing that was acknowledged; a restarted server rebuilds every live match by
 * replaying its actions.
 */
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

export type SeatKind = 'human' | 'bot';

export interface SeatRow {
  readonly kind: SeatKind;
  /** The user in this seat; null while an invited seat is open, and for bots. */
  readonly userId: string | null;
  readonly name: string;
  /** Bot level for bot seats. */
  readonly level: string | null;
}

export type GameStatusRow = 'waiting' | 'playing' | 'over';

export interface GameRow {
  readonly id: string;
  /** The record without its actions: version, settings, players, dice source. */
  readonly record: Omit<MatchRecord, 'actions'>;
  readonly seats: readonly [SeatRow, SeatRow];
  readonly status: GameStatusRow;
  /** Listed in the lobby for anyone to join. */
  readonly open: boolean;
  /** Secret for the invite link; null when there is none. */
  readonly inviteToken: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Number of actions stored. */
  readonly version: number;
  /** The match score after the stored actions (history lists it without replaying). */
  readonly score: MatchOutcome['score'];
  /** Who won the match; null while it is played, and in a money session unless one ran out of time. */
  readonly winner: MatchOutcome['winner'];
}

/** What a game's stored actions have made of its match so far: kept beside them in the row. */
export interface MatchOutcome {
  readonly score: readonly [number, number];
  readonly winner: Player | null;
}

/**
 * An action as the store keeps it: what was done, and the server's time when it was applied
 * (milliseconds since the epoch, the `at` given to appendAction), so that anything timed, such
 * as a clock, can be rebuilt exactly from the record after a restart.
 */
export interface StoredAction {
  readonly action: GameAction;
  readonly at: number;
}

/** Table preferences as stored: the protocol's Preferences, kept as JSON the store does not look into. */
export type PreferencesRow = Readonly<Record<string, unknown>>;

export interface GameCounts {
  readonly playing: number;
  readonly waiting: number;
}

export type StoreErrorCode = 'ERR_VERSION_CONFLICT' | 'ERR_NOT_FOUND' | 'ERR_NAME_TAKEN';

export interface Store {
  /** Creates tables that are missing; safe to run at every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;

  createUser(user: UserRow): Promise<{ ok: true } | { ok: false; code: 'ERR_NAME_TAKEN' }>;
  userById(id: string): Promise<UserRow | null>;
  userByName(name: string): Promise<UserRow | null>;
  /** Turns a guest into an account. */
  setCredentials(
    userId: string,
    name: string,
    passwordHash: string,
  ): Promise<{ ok: true } | { ok: false; code: 'ERR_NAME_TAKEN' }>;

  createSession(session: SessionRow): Promise<void>;
  sessionById(id: string): Promise<SessionRow | null>;
  touchSession(id: string, at: number): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of a user ("sign out everywhere"). */
  deleteSessionsOfUser(userId: string): Promise<void>;
  /** Drops the sessions last seen at or before `seenBy`, or begun at or before `begunBy`; returns how many. */
  deleteExpiredSessions(seenBy: number, begunBy: number): Promise<number>;

  createGame(game: GameRow): Promise<void>;
  gameById(id: string): Promise<GameRow | null>;
  gameByInvite(token: string): Promise<GameRow | null>;
  /** Seats, status, openness; never the version (that moves only with appendAction). */
  updateGame(
    id: string,
    change: Partial<Pick<GameRow, 'seats' | 'status' | 'open' | 'inviteToken'>>,
    at: number,
  ): Promise<void>;
  /**
   * Stores action number `version + 1` for the game, applied at `at` (the server's clock),
   * atomically with the game's version; refuses (ERR_VERSION_CONFLICT) when the stored
   * version is not `version`. `outcome`, given when the action changed the score (it ended a
   * game), is stored with it in the same transaction.
   */
  appendAction(
    id: string,
    version: number,
    action: GameAction,
    at: number,
    status?: GameStatusRow,
    outcome?: MatchOutcome,
  ): Promise<{ ok: true } | { ok: false; code: 'ERR_VERSION_CONFLICT' }>;
  /** The game's actions in order, each with the time it was applied; none for an unknown game. */
  actions(id: string): Promise<StoredAction[]>;
  /** Games waiting for an opponent in the lobby, newest first. */
  openGames(limit: number): Promise<GameRow[]>;
  /** Games not over, for recovery after a restart. */
  liveGames(): Promise<GameRow[]>;
  /**
   * Games against a bot (a seat with no user while playing) that have not changed since
   * `idleSince` (updatedAt at or before it), least recently changed first, at most `limit`.
   */
  idleBotGames(idleSince: number, limit: number): Promise<GameRow[]>;
  /** A user's games, newest first (history). */
  gamesOfUser(userId: string, limit: number): Promise<GameRow[]>;

  /** An account's table preferences as last saved (a value the server checked), or null when never saved. */
  preferencesOf(userId: string): Promise<PreferencesRow | null>;
  /** Saves an account's table preferences in place of the last ones. */
  setPreferences(userId: string, preferences: PreferencesRow, at: number): Promise<void>;
  /** Games being played that changed at or after `activeSince`, and games waiting in the lobby (open). */
  countGames(activeSince: number): Promise<GameCounts>;
}
