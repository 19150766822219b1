import type { Result } from '@zar/engine';
import type { GameAction, Pause } from '@zar/match';
import type {
  GameRow,
  GameStatusRow,
  MatchOutcome,
  RatingChangeRow,
  StoreRefusal,
  StoreWrite,
  Unrated,
} from './rows.js';

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

/** Who owns a game (an instance's id; null for none) and the epoch of that ownership. */
export interface GameOwner {
  readonly owner: string | null;
  readonly epoch: number;
}

/** A game an instance owns, with the epoch to claim it from (a takeover). */
export interface OwnedGame {
  readonly id: string;
  readonly epoch: number;
}

/**
 * The ownership of games by server instances (schema v9, docs/architecture.md "Ownership and
 * the fence"). A game has at most one owner, whose room is its authority; every move of the
 * ownership is a compare-and-set on (owner, epoch) that adds one to the epoch. A write that
 * names an epoch (appendAction, updateGame) is refused with ERR_NOT_OWNER once the row has left
 * it, so an owner that was taken over (it stalled, or lost Redis) cannot write, even when the
 * game's version has not moved since.
 */
export interface GameOwnership {
  /**
   * Makes `instance` the game's owner, if it is still owned as `from` says (the owner and epoch
   * the claimer read: null and its epoch for a free game, a dead instance's for a takeover, its
   * own to hand the game over): answers the new epoch. Refused with ERR_OWNER_CHANGED when
   * another claim came first, or the game is unknown.
   */
  claimGame(id: string, instance: string, from: GameOwner): Promise<Result<number, 'ERR_OWNER_CHANGED'>>;
  /** Leaves the game without an owner, if `instance` still owns it at `epoch`: answers the new epoch. */
  releaseGame(id: string, instance: string, epoch: number): Promise<Result<number, 'ERR_NOT_OWNER'>>;
  /** The game's owner and epoch; null for an unknown game. */
  ownerOf(id: string): Promise<GameOwner | null>;
  /** The games not over that `instance` owns, by id, after `after` (null: from the first), at most `limit`. */
  gamesOwnedBy(instance: string, after: string | null, limit: number): Promise<OwnedGame[]>;
  /** An instance's heartbeat: the last moment it knew it was alive (written every second or so). */
  beat(instance: string, at: number): Promise<void>;
  /** The instance's last heartbeat; null before its first. */
  lastBeat(instance: string): Promise<number | null>;
  /** Records a span one game's clocks skip (its owner's downtime, at a takeover); the same span twice is kept once. */
  addGamePause(gameId: string, pause: Pause): Promise<void>;
  /**
   * A takeover's claim of a page of a dead instance's games at once: each of `ids` still owned
   * by `from` becomes `instance`'s with the next epoch and gets `pause` (the dead owner's
   * downtime) when one is given, all in one transaction. Answers the games claimed, with their
   * new epochs; the others (another survivor came first, or over, or unknown) are left out.
   * Its WHERE is the owner, not each epoch listed: a dead owner moves no epoch, and any other
   * claim makes another instance the owner. Up to a page of ids (a few hundred) at a time.
   */
  takeGames(ids: readonly string[], instance: string, from: string, pause: Pause | null): Promise<OwnedGame[]>;
}

/**
 * The games: their rows, their actions, the lists read from them, and the server's heartbeat
 * and downtime that their clocks skip. An action is appended (durably) before anyone hears of
 * it, so a crash loses nothing that was acknowledged; a restarted server rebuilds every live
 * match by replaying its actions.
 */
/** When a correspondence match's current stretch runs out, and whose it is. */
export interface Deadline {
  readonly at: number;
  readonly seat: 0 | 1;
}

/** An unfinished correspondence match and when its stretch runs out (null: no clock runs). */
export interface CorrespondenceRow {
  readonly game: GameRow;
  readonly deadline: Deadline | null;
}

export interface GamesStore extends GameOwnership {
  createGame(game: GameRow): Promise<void>;
  gameById(id: string): Promise<GameRow | null>;
  /** The games of `ids` that exist, in no order (a takeover's read of a page of games; up to a few hundred ids). */
  gamesByIds(ids: readonly string[]): Promise<GameRow[]>;
  gameByInvite(token: string): Promise<GameRow | null>;
  /**
   * Seats, status, openness, a match found not to be rated; never the version (that moves only
   * with appendAction). Given the owner's `epoch`, refused (ERR_NOT_OWNER, nothing written)
   * once the game's ownership has moved past it. An unknown game throws.
   */
  updateGame(
    id: string,
    change: Partial<
      Pick<GameRow, 'seats' | 'status' | 'open' | 'inviteToken' | 'fair' | 'noSpectators' | 'rated' | 'unrated'>
    >,
    at: number,
    epoch?: number,
  ): Promise<StoreWrite<'ERR_NOT_OWNER'>>;
  /**
   * Stores action number `version + 1` for the game, applied at `at` (the server's clock),
   * atomically with the game's version; refuses (ERR_VERSION_CONFLICT) when the stored
   * version is not `version`. `outcome`, given when the action changed the score (it ended a
   * game), is stored with it in the same transaction. `rate`, given with the action that ends a
   * rated match, rates it in that transaction too (RateRequest) and answers the two changes.
   * Given the owner's `epoch`, refused with ERR_NOT_OWNER (nothing stored) once the game's
   * ownership has moved past it, whatever the version. `deadline`, given for a correspondence
   * match, is when its stretch runs out after the action (null: no clock runs), stored with it
   * (deadlines below); left out, the stored one stays.
   */
  appendAction(
    id: string,
    version: number,
    action: GameAction,
    at: number,
    status?: GameStatusRow,
    outcome?: MatchOutcome,
    rate?: RateRequest,
    epoch?: number,
    deadline?: Deadline | null,
  ): Promise<
    | { ok: true; rated?: readonly RatingChangeRow[]; unrated?: Unrated }
    | StoreRefusal<'ERR_VERSION_CONFLICT' | 'ERR_NOT_OWNER'>
  >;
  /** The game's actions in order, each with the time it was applied; none for an unknown game. */
  actions(id: string): Promise<StoredAction[]>;
  /** The actions of each of `ids` as `actions` gives them, by game; a game with none (or unknown) has no entry. */
  actionsOfGames(ids: readonly string[]): Promise<Map<string, StoredAction[]>>;
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
  /**
   * A user's unfinished correspondence matches (waiting or playing), each with its stored
   * deadline, newest first, at most `limit`.
   */
  correspondenceOfUser(userId: string, limit: number): Promise<CorrespondenceRow[]>;
  /**
   * The correspondence matches being played whose deadline is at or before `at`, the earliest
   * first, at most `limit`: those whose time may be up though no room holds them.
   */
  dueCorrespondence(at: number, limit: number): Promise<string[]>;
  /**
   * Replaces a correspondence match's stored deadline with the one its clock gives when a room
   * loads it (the server's downtime since the action moved it later). Given the owner's
   * `epoch`, refused (ERR_NOT_OWNER, nothing written) once the ownership has moved past it.
   */
  setDeadline(id: string, deadline: Deadline | null, epoch?: number): Promise<StoreWrite<'ERR_NOT_OWNER'>>;
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
  /**
   * The spans the server was down that end after `since`, oldest first; given a game, that
   * game's own pauses (addGamePause) among them, a span in both lists once.
   */
  pausesSince(since: number, gameId?: string): Promise<Pause[]>;
}
