import type { ClockSettings, DiceTally, GameAction, MatchRecord, Pause, Player } from '@zar/match';

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
  /** How the match is timed (chosen at creation; untimed for games stored before clocks). */
  readonly clock: ClockSettings;
  /**
   * Its end moves both players' ratings (appendAction's `rate`). Chosen at creation (between two
   * accounts), and turned off for good once the match is found not to count, with `unrated`
   * saying why: so every list that reads the row says what the match's view says.
   */
  readonly rated: boolean;
  /**
   * A match created rated that moves no rating, and why: 'pair-limit' when its two players had
   * their limit of rated matches together (room-rating.ts RATED_PAIR_LIMIT) as it began, or as
   * it ended (RateRequest.perPair). Stored with `rated` turned off, so a restart shows the
   * reason as it was decided rather than counting again. Null for every other match (rated,
   * or casual from its creation).
   */
  readonly unrated: Unrated | null;
  /** The rating pool of the match's settings: its game id, a named cycle, or null for a custom cycle. */
  readonly pool: string | null;
  /** The match this one is a rematch of; null for the first of a series. */
  readonly rematchOf: string | null;
  /** Matches each seat's player won in the series before this one (the matches it is a rematch of). */
  readonly series: readonly [number, number];
  /** The seat that lost the match by abandonment (time ran out, or the opponent claimed it); null otherwise. */
  readonly abandonedBy: Player | null;
  /**
   * The match's provably fair dice (docs/fair-dice.md): its secret server seed and each
   * seat's client seed once given. Null for matches made before them, and for seeded test dice
   * (record.dice then says where the dice come from).
   */
  readonly fair: FairDiceRow | null;
  /** Each seat's player has forbidden spectators (a casual match only). */
  readonly noSpectators: readonly [boolean, boolean];
  /** The tournament round this match was started for; null for none. */
  readonly tournament: { readonly id: string; readonly round: number } | null;
}

/** A match's dice seeds as stored. The server seed stays secret until the match is over. */
export interface FairDiceRow {
  /** 64 lowercase hex digits. */
  readonly serverSeed: string;
  /** Seat 0's and seat 1's seeds; null until given (a bot seat's is set at creation). */
  readonly clientSeeds: readonly [string | null, string | null];
}

/** What a game's stored actions have made of its match so far: kept beside them in the row. */
export interface MatchOutcome {
  readonly score: readonly [number, number];
  readonly winner: Player | null;
  /** Set with the action that ended the match by abandonment (GameRow.abandonedBy). */
  readonly abandonedBy?: Player;
}

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

/** Why a match asked to be rated was not: its two players' rated matches against each other are at the limit. */
export type Unrated = 'pair-limit';

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

/** One player's rating before and after one rated match. */
export interface RatingChangeRow {
  readonly gameId: string;
  readonly userId: string;
  readonly pool: string;
  readonly before: number;
  readonly after: number;
  readonly at: number;
}

/** A leaderboard line: the account's name with its standing. */
export interface LeaderRow extends RatingRow {
  readonly name: string;
}

/** One person's performance rating in one analysed match. */
export interface PrRow {
  readonly gameId: string;
  readonly userId: string;
  readonly pr: number;
  readonly at: number;
  /** His luck in the match and his opponent's (EMG), from the analysis; null when it has none. */
  readonly luck: number | null;
  readonly opponentLuck: number | null;
}

/** A PR row with the name of the opponent in that match (a person or a bot, as the seat was named). */
export interface LuckRow extends PrRow {
  readonly opponent: string;
}

/** A message of a match's chat (protocol chat.ts). */
export interface ChatRow {
  readonly id: string;
  readonly gameId: string;
  readonly channel: 'players' | 'spectators';
  readonly userId: string;
  /** The writer's name as the table showed it. */
  readonly name: string;
  /** The writer's seat; null for a spectator. */
  readonly seat: Player | null;
  /** Exactly one of text and phrase is set. */
  readonly text: string | null;
  readonly phrase: string | null;
  readonly at: number;
}

/** A chat message reported to the moderators. */
export interface ReportRow {
  readonly gameId: string;
  readonly messageId: string;
  readonly reporterId: string;
  readonly reason: string;
  readonly at: number;
}

/** The dice of finished matches, tallied (@zar/match's dice-stats.ts). */
export interface DiceTotalsRow {
  readonly matches: number;
  readonly tally: DiceTally;
}

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
    { ok: true; rated?: readonly RatingChangeRow[]; unrated?: Unrated } | { ok: false; code: 'ERR_VERSION_CONFLICT' }
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

  /** An account's table preferences as last saved (a value the server checked), or null when never saved. */
  preferencesOf(userId: string): Promise<PreferencesRow | null>;
  /** Saves an account's table preferences in place of the last ones. */
  setPreferences(userId: string, preferences: PreferencesRow, at: number): Promise<void>;
  /** Games being played that changed at or after `activeSince`, and games waiting in the lobby (open). */
  countGames(activeSince: number): Promise<GameCounts>;

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

  /**
   * Keeps the PR of each person in an analysed backgammon match (written when an analysis is
   * ready; a second analysis of the same game replaces the first), for the profiles' average.
   */
  savePr(rows: readonly PrRow[]): Promise<void>;
  /** A player's analysed matches and the mean of their PR; null when none. */
  prOf(userId: string): Promise<{ matches: number; average: number } | null>;
  /** A player's analysed matches with their luck, the latest saved first, at most `limit`. */
  luckOf(userId: string, limit: number): Promise<LuckRow[]>;

  /**
   * The dice of the finished matches a user played (null: of every finished match on
   * the site, bots' dice included). The store adds a match's dice to these totals in the same
   * transaction as the action that ends it, and counted the matches finished before it kept them
   * when it was upgraded; a match is counted once.
   */
  diceTotals(userId: string | null): Promise<DiceTotalsRow>;

  /** Games being played with both seats taken that changed at or after `activeSince`, latest first, at most `limit`. */
  playingGames(activeSince: number, limit: number): Promise<GameRow[]>;

  /** Stores a chat message. */
  addChat(row: ChatRow): Promise<void>;
  /** A match's chat, oldest first: the last `limit` messages. */
  chatOf(gameId: string, limit: number): Promise<ChatRow[]>;
  /** Keeps a report; one per (message, reporter): a second is refused. */
  addReport(row: ReportRow): Promise<{ ok: true } | { ok: false; code: 'ERR_DUPLICATE' }>;
  /** The reports on a match's chat, oldest first. */
  reportsOf(gameId: string): Promise<ReportRow[]>;

  createTournament(row: TournamentRow): Promise<void>;
  tournamentById(id: string): Promise<TournamentRow | null>;
  /** Replaces the tournament with `row` (whose version is `version + 1`) unless its stored version is not `version`. */
  updateTournament(
    row: TournamentRow,
    version: number,
  ): Promise<{ ok: true } | { ok: false; code: 'ERR_VERSION_CONFLICT' }>;
  /** Tournaments in any of `statuses`, the latest updated first, at most `limit`. */
  tournamentsIn(statuses: readonly TournamentStatusRow[], limit: number): Promise<TournamentRow[]>;
  /** The games started for a tournament (GameRow.tournament), every round, oldest first. */
  gamesOfTournament(id: string): Promise<GameRow[]>;

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
