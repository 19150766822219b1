import type { ClockSettings, MatchRecord, Player } from '@zar/match';

// The rows that more than one domain's store reads or writes: a game's row (the games', the
// tournaments' and the profiles' lists), a rating change (rated by the games' appendAction, read
// by the people's), and a PR row (written by the analysis, read by the profiles and the dice's luck).

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
   * their limit of rated matches together (game/rating/ratings.ts RATED_PAIR_LIMIT) as it began, or as
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

/** Why a match asked to be rated was not: its two players' rated matches against each other are at the limit. */
export type Unrated = 'pair-limit';

/** One player's rating before and after one rated match. */
export interface RatingChangeRow {
  readonly gameId: string;
  readonly userId: string;
  readonly pool: string;
  readonly before: number;
  readonly after: number;
  readonly at: number;
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
  /** The game it was measured in; null for a match of several games; absent: backgammon (kept before the game was). */
  readonly game?: string | null;
}

/**
 * A write the store refused for a reason its caller expects and answers (a name taken, a stale
 * version, a report made twice), as against a failure, which throws. The store gives the code
 * only: the words are the caller's, who knows whom it answers.
 */
export interface StoreRefusal<C extends string> {
  readonly ok: false;
  readonly code: C;
}

/** A write's answer: done, or refused with one of `C`. */
export type StoreWrite<C extends string> = { readonly ok: true } | StoreRefusal<C>;
