import type { GameAction, Pause } from '@zar/match';
import type { GameRow, GameStatusRow, MatchOutcome, RatingChangeRow, StoreRefusal, Unrated } from './rows.js';

/**
 * A rated match's end, rated by the store in the same transaction as the action that ended it
 * (appendAction), with the match layer's rateMatch from both players' ratings as stored then.
 * `rating_changes` is keyed by (game, user), so a match is rated exactly once.
 */
export interface RateRequest {
  readonly pool: string;
  readonly length: number;
  readonly winner: string;
  readonly loser: string;
  /**
   * Rated only while the two have had fewer than `limit` rated matches against each other (in
   * any pool) at or after `since`, counted in the same transaction: matches between the same
   * two that end at once cannot both slip under it. Over it, nothing is rated (`unrated`), and
   * the game's row is stored as not rated with that reason in the same transaction.
   */
  readonly perPair?: { readonly limit: number; readonly since: number };
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

export interface GameCounts {
  readonly playing: number;
  readonly waiting: number;
}

/**
 * The games: their rows, their actions, the lists read from them, and the server's heartbeat
 * and downtime that their clocks skip. An action is appended (durably) before anyone hears of
 * it, so a crash loses nothing that was acknowledged; a restarted server rebuilds every live
 * match by replaying its actions.
 */
export interface GamesStore {
  createGame(game: GameRow): Promise<void>;
  gameById(id: string): Promise<GameRow | null>;
  gameByInvite(token: string): Promise<GameRow | null>;
  /** Seats, status, openness, a match found not to be rated; never the version (that moves only with appendAction). */
  updateGame(
    id: string,
    change: Partial<
      Pick<GameRow, 'seats' | 'status' | 'open' | 'inviteToken' | 'fair' | 'noSpectators' | 'rated' | 'unrated'>
    >,
    at: number,
  ): Promise<void>;
  /**
   * Stores action number `version + 1` for the game, applied at `at` (the server's clock),
   * atomically with the game's version; refuses (ERR_VERSION_CONFLICT) when the stored
   * version is not `version`. `outcome`, given when the action changed the score (it ended a
   * game), is stored with it in the same transaction. `rate`, given with the action that ends a
   * rated match, rates it in that transaction too (RateRequest) and answers the two changes.
   */
  appendAction(
    id: string,
    version: number,
    action: GameAction,
    at: number,
    status?: GameStatusRow,
    outcome?: MatchOutcome,
    rate?: RateRequest,
  ): Promise<
    { ok: true; rated?: readonly RatingChangeRow[]; unrated?: Unrated } | StoreRefusal<'ERR_VERSION_CONFLICT'>
  >;
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
  /** The id of the match a rematch of `gameId` started (the game whose rematchOf it is); null when none. */
  rematchOf(gameId: string): Promise<string | null>;
  /** Games being played that changed at or after `activeSince`, and games waiting in the lobby (open). */
  countGames(activeSince: number): Promise<GameCounts>;
  /** Games being played with both seats taken that changed at or after `activeSince`, latest first, at most `limit`. */
  playingGames(activeSince: number, limit: number): Promise<GameRow[]>;

  /**
   * The server's heartbeat: the last moment it knew it was alive, written every second or so
   * while it runs and at a clean shutdown. Null before the first.
   */
  heartbeat(): Promise<number | null>;
  setHeartbeat(at: number): Promise<void>;
  /** Records a span the server was down (from its last heartbeat to its restart), for the clocks. */
  addPause(pause: Pause): Promise<void>;
  /** The spans the server was down that end after `since`, oldest first. */
  pausesSince(since: number): Promise<Pause[]>;
}
