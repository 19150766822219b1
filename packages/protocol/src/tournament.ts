import * as v from 'valibot';
import { ClockRequestSchema, ClockSettingsSchema } from './clock.js';
import { RatingSchema } from './people.js';
import {
  BotLevelSchema,
  count,
  GameChoiceEntries,
  IdSchema,
  list,
  MatchSettingsSchema,
  PlayerSchema,
  PointsLengthSchema,
  pair,
} from './values.js';

/*
 * Tournaments: knock-out (byes for a field that is not a power of two, an optional
 * match for third place) or Swiss (pairing by score then rating, no repeat pairings; the
 * tie-breaks are docs/tournaments.md's). @zar/match's tournament/ pairs and ranks; the server
 * registers, starts each round's matches, books forfeits (a player who does not show loses on
 * his clock, so every round is timed) and rates the matches of a rated tournament.
 */

export const TOURNAMENT_FORMATS = ['knockout', 'swiss'] as const;
export const TournamentFormatSchema = v.picklist(TOURNAMENT_FORMATS);
export type TournamentFormat = v.InferOutput<typeof TournamentFormatSchema>;

export const TOURNAMENT_STATUSES = ['registering', 'running', 'over', 'cancelled'] as const;
export const TournamentStatusSchema = v.picklist(TOURNAMENT_STATUSES);
export type TournamentStatus = v.InferOutput<typeof TournamentStatusSchema>;

/** Most entrants a tournament may have (the match layer allows more; a club needs fewer). */
export const MAX_TOURNAMENT_SIZE = 256;
export const MAX_SWISS_ROUNDS = 15;
/** A tournament's name, in characters, as sent and again once the server has cleaned it. */
export const MIN_TOURNAMENT_NAME = 3;
export const MAX_TOURNAMENT_NAME = 40;

/** One round's match length and clock; a clock is required (no-shows lose on time). */
export const RoundSettingsSchema = v.strictObject({
  length: PointsLengthSchema,
  clock: ClockRequestSchema,
});

/** POST /api/tournaments: what its creator (an account) asks for. */
export const NewTournamentSchema = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(MIN_TOURNAMENT_NAME), v.maxLength(MAX_TOURNAMENT_NAME)),
  /** One of game, preset or cycle, as NewGame names them (default: backgammon). */
  ...GameChoiceEntries,
  format: TournamentFormatSchema,
  /** Swiss: how many rounds (1 to MAX_SWISS_ROUNDS). Knock-out: ignored (the field decides). */
  rounds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_SWISS_ROUNDS)), 5),
  /** Knock-out: the two semi-final losers play for third place. */
  thirdPlace: v.optional(v.boolean(), false),
  /**
   * Knock-out: a consolation draw, as backgammon clubs run one: a knock-out of its own for the
   * players who lose their first match in the main draw (a bye is not a match), played beside it.
   */
  consolation: v.optional(v.boolean(), false),
  /** Round 1's settings first; the last entry holds for every later round. */
  roundSettings: v.pipe(list(RoundSettingsSchema), v.minLength(1), v.maxLength(MAX_SWISS_ROUNDS)),
  rated: v.optional(v.boolean(), false),
  /** 2 to MAX_TOURNAMENT_SIZE. */
  maxPlayers: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(MAX_TOURNAMENT_SIZE)), 16),
  /** When it starts by itself (ms since the epoch), if at least two have registered; null: when its creator starts it. */
  startsAt: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), null),
});
export type NewTournamentRequest = v.InferInput<typeof NewTournamentSchema>;
export type NewTournament = v.InferOutput<typeof NewTournamentSchema>;

/** POST /api/tournaments/:id/bots: its creator seats a bot as an entrant (casual tournaments only). */
export const AddTournamentBotSchema = v.strictObject({ level: BotLevelSchema });

export const TournamentEntrantSchema = v.strictObject({
  name: v.string(),
  kind: v.picklist(['human', 'bot']),
  /** Rating in the tournament's pool when registered (seeds and Swiss ties); a bot's is fixed by its level. */
  rating: RatingSchema,
  /** Withdrew, or was removed after forfeiting: paired no more. */
  withdrawn: v.boolean(),
  /** A bot's level (a page names the bot in its language from it and the number of its name); absent for a person. */
  level: v.optional(BotLevelSchema),
});
export type TournamentEntrant = v.InferOutput<typeof TournamentEntrantSchema>;

/** One pairing of a round. */
export const TournamentPairingSchema = v.strictObject({
  /** Entrants' names; null for a bye's empty place, or a knock-out place not decided yet. */
  players: pair(v.nullable(v.string())),
  /** The match played for it, once started (watch or replay it there). */
  game: v.nullable(IdSchema),
  state: v.picklist(['waiting', 'playing', 'won', 'forfeit', 'bye', 'no-show']),
  /** The seat of `players` who went through or won; null until decided, and for a no-show. */
  winner: v.nullable(PlayerSchema),
  /** The match score, once started. */
  score: v.nullable(pair(count)),
});
export type TournamentPairing = v.InferOutput<typeof TournamentPairingSchema>;

export const TournamentRoundSchema = v.strictObject({
  number: v.pipe(count, v.minValue(1)),
  length: count,
  clock: ClockSettingsSchema,
  /** Knock-out: the bracket's order, top first; the third-place match last, marked. Swiss: board order. */
  pairings: list(TournamentPairingSchema),
  /** Knock-out: the match for third place of this round (the last), if any. */
  thirdPlace: v.nullable(TournamentPairingSchema),
  startedAt: v.nullable(v.number()),
});
export type TournamentRound = v.InferOutput<typeof TournamentRoundSchema>;

/** A Swiss standing, tie-breaks as docs/tournaments.md defines them. */
export const TournamentStandingSchema = v.strictObject({
  rank: v.pipe(count, v.minValue(1)),
  name: v.string(),
  rating: RatingSchema,
  score: v.number(),
  buchholz: v.number(),
  sonnebornBerger: v.number(),
  wins: count,
  played: count,
  byes: count,
  forfeits: count,
});
export type TournamentStanding = v.InferOutput<typeof TournamentStandingSchema>;

/** What the viewer may do now (the server decides; the page only shows it). */
export const TournamentYouSchema = v.strictObject({
  registered: v.boolean(),
  canRegister: v.boolean(),
  canWithdraw: v.boolean(),
  /** The creator, while registering with at least 2 entrants. */
  canStart: v.boolean(),
  canCancel: v.boolean(),
  canAddBot: v.boolean(),
  /** His match of the current round, while it is played. */
  game: v.nullable(IdSchema),
});

export const TournamentViewSchema = v.strictObject({
  id: IdSchema,
  name: v.string(),
  creator: v.string(),
  format: TournamentFormatSchema,
  /** The match settings of every round but length (the game or cycle and its rules). */
  settings: MatchSettingsSchema,
  /** The rating pool; null for a custom cycle (such a tournament is never rated). */
  pool: v.nullable(v.string()),
  rated: v.boolean(),
  thirdPlace: v.boolean(),
  consolation: v.boolean(),
  /** The consolation draw's rounds, once drawn (knock-out with consolation); empty otherwise. */
  consolationRounds: list(TournamentRoundSchema),
  /** The consolation draw's winner once it is over; null otherwise. */
  consolationWinner: v.nullable(v.string()),
  /** Swiss: rounds planned; knock-out: rounds the field needs (0 before it starts). */
  roundCount: count,
  roundSettings: list(v.strictObject({ length: count, clock: ClockSettingsSchema })),
  maxPlayers: count,
  status: TournamentStatusSchema,
  createdAt: v.number(),
  startsAt: v.nullable(v.number()),
  startedAt: v.nullable(v.number()),
  endedAt: v.nullable(v.number()),
  entrants: list(TournamentEntrantSchema),
  rounds: list(TournamentRoundSchema),
  /** Swiss standings after the finished games (empty before the start; knock-out: empty). */
  standings: list(TournamentStandingSchema),
  /** Final places once over: winner first (knock-out: 1, 2, then 3 if played). */
  podium: list(v.string()),
  you: TournamentYouSchema,
});
export type TournamentView = v.InferOutput<typeof TournamentViewSchema>;

export const TournamentSummarySchema = v.strictObject({
  id: IdSchema,
  name: v.string(),
  format: TournamentFormatSchema,
  settings: MatchSettingsSchema,
  rated: v.boolean(),
  status: TournamentStatusSchema,
  entrants: count,
  maxPlayers: count,
  /** The round being played (0 before the start). */
  round: count,
  roundCount: count,
  startsAt: v.nullable(v.number()),
  /** The winner's name once over. */
  winner: v.nullable(v.string()),
});
export type TournamentSummary = v.InferOutput<typeof TournamentSummarySchema>;

/** GET /api/tournaments: registering and running first (soonest start first), then the last finished. */
export const TournamentListSchema = v.strictObject({ tournaments: list(TournamentSummarySchema) });
export type TournamentList = v.InferOutput<typeof TournamentListSchema>;

export const TournamentCreatedSchema = v.strictObject({ id: IdSchema });

/** A match's view names its tournament and round. */
export const GameTournamentSchema = v.strictObject({
  id: IdSchema,
  name: v.string(),
  round: v.pipe(count, v.minValue(1)),
});
