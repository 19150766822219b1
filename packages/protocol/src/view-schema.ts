import * as v from 'valibot';
import { ChatAccessSchema } from './chat.js';
import { ClockViewSchema } from './clock.js';
import { FairDiceViewSchema } from './fair.js';
import { RatingChangeSchema, RatingSchema, RematchViewSchema } from './people.js';
import { GameTournamentSchema } from './tournament.js';
import {
  CrawfordStateSchema,
  CubeSchema,
  count,
  DiceSchema,
  GameIdSchema,
  GameResultSchema,
  IdSchema,
  list,
  MatchSettingsSchema,
  OptionsSchema,
  PhaseSchema,
  PlayerSchema,
  pair,
  ResignLevelSchema,
  ResignOfferSchema,
} from './values.js';
import { WatchViewSchema } from './watch.js';

export const SeatViewSchema = v.strictObject({
  name: v.string(),
  kind: v.picklist(['human', 'bot']),
  /** Bot level, for bots (as stored: an older name is shown as it was). */
  level: v.optional(v.string()),
  /** A person has taken this seat (an invite not yet accepted leaves it empty). */
  taken: v.boolean(),
  /** In a rated match: the player's rating in its pool when the match began. */
  rating: v.optional(RatingSchema),
});
export type SeatView = v.InferOutput<typeof SeatViewSchema>;

export const LastMoveSchema = v.strictObject({
  player: PlayerSchema,
  dice: v.nullable(DiceSchema),
  /** Standard notation, mover's numbering; '' when the roll could not be played. */
  play: v.string(),
});
export type LastMove = v.InferOutput<typeof LastMoveSchema>;

/** A level the viewer may resign at, with the points the opponent scores if he accepts. */
export const ResignChoiceSchema = v.strictObject({
  level: ResignLevelSchema,
  points: v.pipe(count, v.minValue(1)),
});
export type ResignChoice = v.InferOutput<typeof ResignChoiceSchema>;

/** What the viewer may do now, from the match layer's allowedActions. */
export const AllowedActionsSchema = v.strictObject({
  roll: v.boolean(),
  double: v.boolean(),
  /** A double now gains nothing (the post-Crawford leader): a client may warn. */
  doubleUseless: v.boolean(),
  play: v.boolean(),
  take: v.boolean(),
  drop: v.boolean(),
  beaver: v.boolean(),
  raccoon: v.boolean(),
  /** Resigning gives the opponent these points (the server scores it so): a client says so before sending. */
  resign: list(ResignChoiceSchema),
  accept: v.boolean(),
  decline: v.boolean(),
});
export type AllowedActionsView = v.InferOutput<typeof AllowedActionsSchema>;

export const GameStateViewSchema = v.strictObject({
  game: GameIdSchema,
  options: OptionsSchema,
  phase: PhaseSchema,
  turn: PlayerSchema,
  /** The player an action is expected from; null while the server rolls the opening, and once over. */
  actor: v.nullable(PlayerSchema),
  /** Zar text form of the position, seen from `turn` (the side on roll). */
  position: v.string(),
  dice: v.nullable(DiceSchema),
  cube: CubeSchema,
  cubeEnabled: v.boolean(),
  /** The highest cube this game allows (64 in money play; the useful limit in a match). */
  cubeLimit: count,
  /**
   * The cube means something in this game (match cubeInPlay): it has been turned, or a double
   * may still come. False without a cube, in the Crawford game and where no double can change
   * the match (a 1-point match): a client draws no cube then.
   */
  cubeInPlay: v.boolean(),
  crawford: v.boolean(),
  stake: count,
  resign: v.nullable(ResignOfferSchema),
  result: v.nullable(GameResultSchema),
});
export type GameStateView = v.InferOutput<typeof GameStateViewSchema>;

export const GameStatusSchema = v.picklist(['waiting', 'playing', 'over']);
export type GameStatus = v.InferOutput<typeof GameStatusSchema>;

/** A match as one player (or a spectator) sees it. Everything in it is public. */
export const GameViewSchema = v.strictObject({
  id: IdSchema,
  status: GameStatusSchema,
  players: pair(SeatViewSchema),
  /** The viewer's seat, or null for a spectator. */
  you: v.nullable(PlayerSchema),
  /** What the viewer may do now (nothing for a spectator); the server still judges every action. */
  allowed: AllowedActionsSchema,
  /**
   * The viewer may ask the bot for a hint now (GET /api/games/:id/hint): his own decision, in a
   * game against the bot, under rules the bot values exactly. Never in a game between people.
   */
  hint: v.boolean(),
  /** The match is over and the server can analyse it (GET /api/games/:id/analysis). */
  analysable: v.boolean(),
  settings: MatchSettingsSchema,
  score: pair(count),
  crawford: CrawfordStateSchema,
  gameNumber: v.pipe(count, v.minValue(1)),
  winner: v.nullable(PlayerSchema),
  game: GameStateViewSchema,
  /** The last game that ended, for the end-of-game screen. */
  previous: v.nullable(GameStateViewSchema),
  results: list(GameResultSchema),
  lastMove: v.nullable(LastMoveSchema),
  /** Rated (both ratings change when it ends) or casual, chosen at creation. */
  rated: v.boolean(),
  /** The clock read as this frame was written; null for an untimed match. */
  clock: v.nullable(ClockViewSchema),
  /** Each seat's player has the game open now (a bot always; an empty seat never). */
  presence: pair(v.boolean()),
  /**
   * In an untimed match between people: ms from this frame until the viewer may claim the match
   * of the opponent who must act and has not (0: he may now; the server's inactivity limit).
   * Null when the viewer cannot claim (timed, his own turn, a spectator, a game against the bot).
   */
  claim: v.nullable(count),
  rematch: RematchViewSchema,
  /** Matches each seat's player has won in this series (the first match and its rematches), this one included once over. */
  series: pair(count),
  /** A rated match that is over: each seat's rating before and after it. Null otherwise. */
  ratings: v.nullable(pair(RatingChangeSchema)),
  /**
   * Present when a match created rated does not move the ratings, and why ('pair-limit': its two
   * players have had `limit` rated matches against each other in the last `hours` hours); `rated`
   * is false then. Shown from the match's start when known then.
   */
  unrated: v.optional(v.strictObject({ reason: v.literal('pair-limit'), limit: count, hours: count })),
  /** The match's provably fair dice (fair.ts); null for a match made before them, or with seeded test dice. */
  fair: v.nullable(FairDiceViewSchema),
  /** Spectators: how many watch, whether they may (watch.ts). */
  watch: WatchViewSchema,
  /** What the viewer may do with the chat (chat.ts); its messages come in `chat` frames. */
  chat: ChatAccessSchema,
  /** The tournament this match is a round of; null for none. */
  tournament: v.nullable(GameTournamentSchema),
});
export type GameView = v.InferOutput<typeof GameViewSchema>;
