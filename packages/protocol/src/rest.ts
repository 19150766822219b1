import { MAX_MATCH_LENGTH } from '@zar/match';
import * as v from 'valibot';
import { AnalysisHeldSchema, AnalysisStatusSchema } from './analysis.js';
import {
  BoardEvaluateSchema,
  BoardEvaluationSchema,
  BoardRolloutSchema,
  BoardTemperatureSchema,
  RolloutStatusSchema,
  TemperatureMapSchema,
} from './board.js';
import { ClockRequestSchema } from './clock.js';
import { CorrespondenceListSchema } from './correspondence.js';
import { PlayerDiceSchema, SiteDiceSchema } from './dice-stats.js';
import { HintSchema } from './hints.js';
import { ImportListSchema, ImportSummarySchema, NewImportSchema } from './imports.js';
import { OfflineRecordSchema, OfflineUploadedSchema } from './offline.js';
import { LeaderboardSchema, ProfileSchema } from './players.js';
import { PreferencesSchema } from './preferences.js';
import { DailyPuzzleSchema, PuzzleAttemptSchema, PuzzleOfferSchema, PuzzleResultSchema } from './puzzles.js';
import { MatchFileSchema, MatchRecordViewSchema } from './record.js';
import { StatsSchema } from './stats.js';
import { GameSummarySchema } from './summary.js';
import {
  AddTournamentBotSchema,
  NewTournamentSchema,
  TournamentCreatedSchema,
  TournamentListSchema,
  TournamentViewSchema,
} from './tournament.js';
import {
  BotLevelSchema,
  GameChoiceEntries,
  IdSchema,
  list,
  OptionsSchema,
  PlayerSchema,
  VersionSchema,
} from './values.js';
import { GameViewSchema } from './view-schema.js';
import { LiveGamesSchema } from './watch.js';

/*
 * The REST side, same origin, under /api: making, joining and listing games, the account, the
 * analysis. Play itself is on the socket. A refused request answers ErrorBodySchema.
 * Request bodies are strict, as replies are: a misspelled field ("gmae") is refused with
 * ERR_BODY naming it, never dropped so that the request is served with a default.
 */

/** What a player asks for when starting a game. One of game, preset or cycle (default: backgammon). */
export const NewGameSchema = v.strictObject({
  ...GameChoiceEntries,
  options: v.optional(OptionsSchema),
  /** 0 = single games with no end (money play). */
  length: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_MATCH_LENGTH)), 5),
  opponent: v.picklist(['bot', 'friend', 'open']),
  level: v.optional(BotLevelSchema, 'club'),
  /** The match's clock: untimed when left out, as games against the bot are by default. */
  clock: v.optional(ClockRequestSchema, { kind: 'untimed' }),
  /**
   * Rated matches change both players' ratings: only between two accounts (ERR_ACCOUNT_ONLY for
   * a guest), never against the bot, and only with a game's standard rules (ERR_SETTINGS).
   */
  rated: v.optional(v.boolean(), false),
  /** Whether spectators may watch (a casual match may forbid them; a rated one always allows them). */
  spectators: v.optional(v.boolean(), true),
});
/** What a client sends; `NewGame` is what the server reads, defaults filled in. */
export type NewGameRequest = v.InferInput<typeof NewGameSchema>;
export type NewGame = v.InferOutput<typeof NewGameSchema>;
export type Opponent = NewGame['opponent'];

export const NameSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{3,24}$/, 'a name is 3 to 24 letters, digits, _ or -'),
);
export const CredentialsSchema = v.strictObject({
  name: NameSchema,
  password: v.pipe(
    v.string(),
    v.minLength(8, 'a password has at least 8 characters'),
    v.maxLength(256, 'a password has at most 256 characters'),
  ),
});
export type Credentials = v.InferOutput<typeof CredentialsSchema>;

/** A POST that carries nothing but its path. */
export const NoBodySchema = v.strictObject({});

export const MeSchema = v.strictObject({ id: v.string(), name: v.string(), guest: v.boolean() });
export type Me = v.InferOutput<typeof MeSchema>;

export const CreatedSchema = v.strictObject({
  id: IdSchema,
  seat: PlayerSchema,
  /** For a friend game: the invite path (/invite/token). */
  invite: v.optional(v.string()),
});
export type Created = v.InferOutput<typeof CreatedSchema>;

export const JoinedSchema = v.strictObject({ id: IdSchema, seat: PlayerSchema });
export type Joined = v.InferOutput<typeof JoinedSchema>;

export { type GameSummary, GameSummarySchema } from './summary.js';

export const GameListSchema = v.strictObject({ games: list(GameSummarySchema) });
export type GameList = v.InferOutput<typeof GameListSchema>;

/** A game as the caller sees it, at its version. */
export const GameReplySchema = v.strictObject({ v: VersionSchema, view: GameViewSchema });
export type GameReply = v.InferOutput<typeof GameReplySchema>;

export interface Route {
  readonly method: 'GET' | 'POST';
  /** With `:name` for each part the caller fills in. */
  readonly path: string;
  /** What a POST sends; null for a GET. */
  readonly body: v.GenericSchema | null;
  /** What a success answers; null for 204 No Content. */
  readonly reply: v.GenericSchema | null;
  /**
   * A file to save rather than JSON to read: answered with this Content-Type and
   * `Content-Disposition: attachment; filename="zar-<id>.<extension>"`. `reply` still
   * describes the body (v.string() for text).
   */
  readonly download?: { readonly type: string; readonly extension: string };
}

/** What a route answers on success: its reply schema's value, or null for 204 No Content. */
export type ReplyOf<R extends Route> = R['reply'] extends v.GenericSchema ? v.InferOutput<R['reply']> : null;

const route = <B extends v.GenericSchema | null, R extends v.GenericSchema | null>(
  method: Route['method'],
  path: string,
  body: B,
  reply: R,
) => ({ method, path, body, reply }) as const;

/** A GET that answers a file to save (Route.download). */
const download = <R extends v.GenericSchema>(path: string, type: string, extension: string, reply: R) =>
  ({ method: 'GET', path, body: null, reply, download: { type, extension } }) as const;

/** Every REST route, with what it takes and what it answers. */
export const REST = {
  me: route('GET', '/api/me', null, MeSchema),
  /**
   * Makes the caller a player (a guest with a session) unless he is one: for quick pairing, which
   * happens over the socket and a socket cannot set the cookie. Rate limited as making a game is.
   */
  guest: route('POST', '/api/guest', NoBodySchema, MeSchema),
  createGame: route('POST', '/api/games', NewGameSchema, CreatedSchema),
  game: route('GET', '/api/games/:id', null, GameReplySchema),
  joinGame: route('POST', '/api/games/:id/join', NoBodySchema, JoinedSchema),
  invite: route('GET', '/api/invite/:token', null, GameSummarySchema),
  acceptInvite: route('POST', '/api/invite/:token', NoBodySchema, JoinedSchema),
  lobby: route('GET', '/api/lobby', null, GameListSchema),
  history: route('GET', '/api/history', null, GameListSchema),
  /**
   * The caller's unfinished correspondence matches (correspondence.ts), "your turn" first; for a
   * signed-in person (401 ERR_NO_SESSION otherwise).
   */
  correspondence: route('GET', '/api/correspondence', null, CorrespondenceListSchema),
  register: route('POST', '/api/register', CredentialsSchema, MeSchema),
  login: route('POST', '/api/login', CredentialsSchema, MeSchema),
  logout: route('POST', '/api/logout', NoBodySchema, null),
  /** Ends every session of the caller's account, on every device, and their sockets. */
  logoutEverywhere: route('POST', '/api/logout-everywhere', NoBodySchema, null),
  analysis: route('GET', '/api/games/:id/analysis', null, AnalysisStatusSchema),
  /** The analysis the server already holds, or null; starts none, needs no session. */
  analysisHeld: route('GET', '/api/games/:id/analysis/held', null, AnalysisHeldSchema),
  /** Every action of the match, by game, with each state (record.ts); live or finished, for anyone. */
  record: route('GET', '/api/games/:id/record', null, MatchRecordViewSchema),
  /**
   * A finished backgammon match as gnubg's .mat text (409 ERR_NOT_OVER while played, 422
   * ERR_MAT_UNREPRESENTABLE for what .mat cannot hold: other games, beavers…).
   */
  matchMat: download('/api/games/:id/match.mat', 'text/plain; charset=utf-8', 'mat', v.string()),
  /** A finished match of any game as Zar JSON (409 ERR_NOT_OVER while played). */
  matchJson: download('/api/games/:id/match.json', 'application/json; charset=utf-8', 'json', MatchFileSchema),
  /** The bot's view of the caller's decision now, in his game against a bot (hints.ts). */
  hint: route('GET', '/api/games/:id/hint', null, HintSchema),
  /** The analysis board (board.ts): any position valued by the bot, for every visitor. */
  boardEvaluate: route('POST', '/api/board/evaluate', BoardEvaluateSchema, BoardEvaluationSchema),
  boardTemperature: route('POST', '/api/board/temperature', BoardTemperatureSchema, TemperatureMapSchema),
  /** A rollout started (one at a time per asker), then read as it goes, and stopped by its asker. */
  startRollout: route('POST', '/api/board/rollouts', BoardRolloutSchema, RolloutStatusSchema),
  rollout: route('GET', '/api/board/rollouts/:id', null, RolloutStatusSchema),
  stopRollout: route('POST', '/api/board/rollouts/:id/stop', NoBodySchema, RolloutStatusSchema),
  /** An account's table preferences; a guest keeps his in the browser (ERR_ACCOUNT_ONLY). */
  preferences: route('GET', '/api/preferences', null, PreferencesSchema),
  savePreferences: route('POST', '/api/preferences', PreferencesSchema, null),
  /** How many games are being played and waiting; for every visitor, no session made. */
  stats: route('GET', '/api/stats', null, StatsSchema),
  /** The top players of a pool active in the last 30 days (players.ts); for every visitor. */
  leaderboard: route('GET', '/api/leaderboard/:pool', null, LeaderboardSchema),
  /** An account's public profile (404 for a name no account has); for every visitor. */
  profile: route('GET', '/api/players/:name', null, ProfileSchema),
  /** The dice of every finished match, tested for fairness; for every visitor. */
  siteDice: route('GET', '/api/dice', null, SiteDiceSchema),
  /** An account's dice and the luck of his analysed matches (404 for a name no account has). */
  playerDice: route('GET', '/api/players/:name/dice', null, PlayerDiceSchema),
  /** Games being played that spectators may watch, best first (the socket's `live` feed, once). */
  live: route('GET', '/api/live', null, LiveGamesSchema),
  tournaments: route('GET', '/api/tournaments', null, TournamentListSchema),
  /** Accounts only (ERR_ACCOUNT_ONLY); a few open tournaments per account (ERR_TOO_MANY_GAMES). */
  createTournament: route('POST', '/api/tournaments', NewTournamentSchema, TournamentCreatedSchema),
  tournament: route('GET', '/api/tournaments/:id', null, TournamentViewSchema),
  /** Register (an account; rated tournaments only for accounts, casual ones guests too). */
  joinTournament: route('POST', '/api/tournaments/:id/join', NoBodySchema, TournamentViewSchema),
  /** Withdraw: before the start, leave the list; after it, paired no more (a match being played goes on). */
  leaveTournament: route('POST', '/api/tournaments/:id/leave', NoBodySchema, TournamentViewSchema),
  /** The creator starts it now (at least 2 entrants). */
  startTournament: route('POST', '/api/tournaments/:id/start', NoBodySchema, TournamentViewSchema),
  /** The creator cancels it before its start. */
  cancelTournament: route('POST', '/api/tournaments/:id/cancel', NoBodySchema, TournamentViewSchema),
  /** The creator seats a bot as an entrant (casual tournaments, before the start). */
  addTournamentBot: route('POST', '/api/tournaments/:id/bots', AddTournamentBotSchema, TournamentViewSchema),
  /**
   * Uploads a .mat or Zar JSON file (imports.ts): 200 with the import once it checks; 422 with
   * the error's code and its `detail` (line, parameters) when it does not, nothing kept; 413
   * ERR_TOO_LARGE above IMPORT_MAX_BYTES. A visitor is made a guest, as making a game does.
   */
  createImport: route('POST', '/api/imports', NewImportSchema, ImportSummarySchema),
  /**
   * Adds a match played offline against the bot (offline.ts) to the caller's history, a
   * signed-in person's only (401 ERR_NO_SESSION): replayed first, and refused with 422
   * ERR_OFFLINE_ACTION at the first action the rules refuse, or ERR_OFFLINE_DICE at the first
   * roll that is not its seed's (detail.params.number: the action's number, from 1); 413
   * ERR_TOO_LARGE above OFFLINE_MAX_BYTES. Uploading the same match again answers the same game.
   */
  uploadOffline: route('POST', '/api/offline', OfflineRecordSchema, OfflineUploadedSchema),
  /** The caller's imports, newest first (none for a visitor). */
  imports: route('GET', '/api/imports', null, ImportListSchema),
  /** An import, for anyone with its id. */
  importOne: route('GET', '/api/imports/:id', null, ImportSummarySchema),
  /** An import as the replay reads it (record.ts), for anyone with its id. */
  importRecord: route('GET', '/api/imports/:id/record', null, MatchRecordViewSchema),
  /** Its analysis, as a game's (a session needed; 202 while queued or running). */
  importAnalysis: route('GET', '/api/imports/:id/analysis', null, AnalysisStatusSchema),
  /**
   * The next puzzle for the caller (puzzles.ts): near his puzzle rating, none he tried while
   * others are left; `?game=` and `?theme=` filter (PuzzleFilterSchema; 400 ERR_BODY otherwise).
   */
  puzzleNext: route('GET', '/api/puzzles/next', null, PuzzleOfferSchema),
  /** The daily puzzle: the same for everyone on a UTC day. */
  puzzleDaily: route('GET', '/api/puzzles/daily', null, DailyPuzzleSchema),
  /** A puzzle by its id, for a link. */
  puzzle: route('GET', '/api/puzzles/:id', null, PuzzleOfferSchema),
  /**
   * An attempt: the ranked answers, and both ratings' change when it is the caller's first at
   * this puzzle. 422 ERR_PUZZLE_ANSWER for an answer that is no legal play or choice of it.
   */
  puzzleAttempt: route('POST', '/api/puzzles/:id/attempts', PuzzleAttemptSchema, PuzzleResultSchema),
} as const satisfies Record<string, Route>;

/** The prefix of every REST path; the server mounts the routes under it. */
export const API_PREFIX = '/api';

/** A route's path with its `:name` parts filled in (each encoded). */
export function pathOf(r: Route, params: Readonly<Record<string, string>> = {}): string {
  return r.path.replace(/:([a-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${r.path} needs ${name}`);
    return encodeURIComponent(value);
  });
}
