import * as v from 'valibot';

/**
 * Every code the server refuses with, over the socket (`{t: 'error', code, message}`) and over
 * REST (`{error: {code, message}}`). The message is for people and may change; the code is the
 * contract. The server's own code types must fit this list (a compile error otherwise), and a
 * client may translate any of them.
 */
export const ERROR_CODES = [
  // Frames and requests
  'ERR_JSON',
  'ERR_MESSAGE',
  'ERR_TOO_LARGE',
  'ERR_BODY',
  'ERR_REQUEST',
  'ERR_VERSION',
  'ERR_TOO_MANY',
  // A state-changing request or a socket from another site's page (Origin is not this server's)
  'ERR_ORIGIN',
  'ERR_NOT_FOUND',
  'ERR_INTERNAL',
  // The game's rules (the match layer)
  'ERR_PHASE',
  'ERR_NOT_YOUR_TURN',
  'ERR_DICE',
  'ERR_ILLEGAL_PLAY',
  'ERR_AMBIGUOUS_PLAY',
  'ERR_NO_CUBE',
  'ERR_CRAWFORD',
  'ERR_CUBE_OWNED',
  'ERR_CUBE_LIMIT',
  'ERR_CUBE_DEAD',
  'ERR_NOT_ALLOWED',
  'ERR_RESIGN_LEVEL',
  'ERR_GAME_OVER',
  'ERR_UNKNOWN_ACTION',
  'ERR_MATCH_OVER',
  'ERR_SETTINGS',
  // The game's room
  'ERR_STALE',
  'ERR_NOT_A_PLAYER',
  'ERR_NOT_PLAYING',
  'ERR_GAME_FULL',
  'ERR_NOT_OPEN',
  'ERR_CLOSED',
  // The database is away (PostgreSQL down, a SQLite file that refuses writes): try again later
  'ERR_STORE_UNAVAILABLE',
  // The server instance that holds the game did not answer in time (several instances): 503
  'ERR_OWNER_UNREACHABLE',
  // A limit on what one address or account may ask (429 over REST, with Retry-After)
  'ERR_RATE_LIMITED',
  // A player who has as many unfinished games as he may (409 over REST)
  'ERR_TOO_MANY_GAMES',
  // A request only a player may make (one with a session: he has started or joined a game)
  'ERR_NO_SESSION',
  // Accounts
  'ERR_NAME_TAKEN',
  'ERR_REGISTERED',
  'ERR_LOGIN',
  // Analysis
  'ERR_NOT_OVER',
  'ERR_ANALYSIS_GAME',
  'ERR_ANALYSIS_CRASHED',
  'ERR_NO_WEIGHTS',
  // Too many analyses waiting on the server: try again later (503, Retry-After)
  'ERR_ANALYSIS_BUSY',
  // Hints: only a seated player of a game against a bot (403), for rules the bot values
  // exactly (422); the bot workers failed or are too slow to answer now (503, Retry-After)
  'ERR_HINT_FORBIDDEN',
  'ERR_HINT_RULES',
  'ERR_HINT_UNAVAILABLE',
  // The analysis board: a text that is no position (422, saying where), the bot workers too busy now (503)
  'ERR_BOARD_POSITION',
  'ERR_BOARD_UNAVAILABLE',
  // A rollout the board does not run: another game than backgammon, a play the dice do not make
  'ERR_BOARD_ROLLOUT',
  // Only an account may ask this (a guest keeps his preferences in the browser): 403
  'ERR_ACCOUNT_ONLY',
  // Downloads: a record the .mat format cannot hold (another game, beavers, raccoons): 422
  'ERR_MAT_UNREPRESENTABLE',
  // Quick pairing: a kind the pool does not hold, too many requests, the same kind twice
  'ERR_PAIRING_REQUEST',
  'ERR_TOO_MANY_PAIRINGS',
  'ERR_PAIRING_DUPLICATE',
  // Claiming an absent opponent's match: not possible here (timed, his turn is not due, a bot), or too early
  'ERR_NO_CLAIM',
  'ERR_CLAIM_EARLY',
  // A rematch that cannot be offered (the match is not over, one is already under way)
  'ERR_NO_REMATCH',
  // Fair dice: the seat's seed was already given, or the dice have begun
  'ERR_SEED_SET',
  'ERR_SEED_LATE',
  // Chat: none here (a game against a bot, a guest spectator), a link in a message, too fast, a muted writer
  'ERR_NO_CHAT',
  'ERR_CHAT_LINK',
  'ERR_CHAT_RATE',
  // Reporting the same message twice, or a message that is not in this match
  'ERR_REPORT',
  // A text others read (a chat message, a tournament's name): nothing of it shows once cleaned; it holds a link
  'ERR_TEXT_BLANK',
  'ERR_TEXT_LINK',
  // Watching a match whose players forbade spectators; forbidding them in a rated match
  'ERR_NO_SPECTATORS',
  // Tournaments: a request their state refuses (full, started, not the creator, bad settings…)
  'ERR_TOURNAMENT',
  'ERR_TOURNAMENT_FULL',
  // An imported file that does not check (imports.ts): .mat (@zar/match's MatErrorCode) and Zar JSON
  'ERR_MAT_EMPTY',
  'ERR_MAT_HEADER',
  'ERR_MAT_SYNTAX',
  'ERR_MAT_SCORE',
  'ERR_MAT_ILLEGAL_MOVE',
  'ERR_MAT_ILLEGAL_ACTION',
  'ERR_MAT_CUBE',
  'ERR_MAT_RESULT',
  'ERR_MAT_TRUNCATED',
  'ERR_RECORD_VERSION',
  'ERR_RECORD_SHAPE',
  'ERR_RECORD_ILLEGAL',
  // An offline match's upload (offline.ts): the first action the rules refuse, the first roll not the seed's
  'ERR_OFFLINE_ACTION',
  'ERR_OFFLINE_DICE',
  // Puzzles: an answer that is no legal play or choice of the puzzle (422); ratings too contended now (503)
  'ERR_PUZZLE_ANSWER',
  'ERR_PUZZLE_BUSY',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export const ErrorCodeSchema = v.picklist(ERROR_CODES);

export const isErrorCode = (code: unknown): code is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(code);

/** What a sentence for an error needs besides its code: @zar/match's MatError `params`, and its line. */
export const ErrorParamsSchema = v.record(v.string(), v.union([v.string(), v.number()]));

/** Where a refused file is wrong (an import's 422): its line (null: the file as a whole) and parameters. */
const ErrorPlaceEntries = {
  line: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  params: ErrorParamsSchema,
};

export const ErrorDetailSchema = v.strictObject({
  ...ErrorPlaceEntries,
  /** Other lines of the file that could not be read either, each with its code. */
  more: v.optional(v.array(v.strictObject({ code: ErrorCodeSchema, ...ErrorPlaceEntries }))),
});
export type ErrorDetail = v.InferOutput<typeof ErrorDetailSchema>;

/** What a refused REST request answers; `detail` only where a route says it sends one. */
export const ErrorBodySchema = v.strictObject({
  error: v.strictObject({ code: ErrorCodeSchema, message: v.string(), detail: v.optional(ErrorDetailSchema) }),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
