import {
  type BoardEvaluateRequest,
  type BoardRolloutRequest,
  type BoardTemperatureRequest,
  type BotLevel,
  decode,
  ErrorBodySchema,
  type ErrorDetail,
  type NewGameRequest,
  type NewTournamentRequest,
  type OfflineRecord,
  PROTOCOL_HEADER,
  PROTOCOL_VERSION,
  type PreferencesInput,
  type PuzzleFilter,
  pathOf,
  REST,
  type ReplyOf,
  type Route,
} from '@zar/protocol';
import { ERR_SCHEMA } from './socket.js';

/**
 * The REST side of the server, same origin, as @zar/protocol describes it. Every call
 * resolves to a result value: a failed request is an `ApiError` with the server's code (or
 * ERR_NETWORK when the server could not be reached, ERR_SCHEMA when it answered something the
 * contract does not describe), never an exception for the page to forget.
 */
export interface ApiError {
  readonly code: string;
  readonly message: string;
  readonly status: number;
  /** Where a refused file is wrong (a refused import, 422): its line and what its sentence needs. */
  readonly detail?: ErrorDetail | undefined;
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export type { GameSummary, Me, Opponent } from '@zar/protocol';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

let fetcher: Fetch = (input, init) => fetch(input, init);

/** Tests answer in place of the server. */
export function setFetch(f: Fetch): void {
  fetcher = f;
}

async function call<R extends Route>(
  route: R,
  params: Readonly<Record<string, string>>,
  body?: unknown,
): Promise<ApiResult<ReplyOf<R>>> {
  let res: Response;
  try {
    res = await fetcher(pathOf(route, params), {
      method: route.method,
      credentials: 'same-origin',
      headers: {
        [PROTOCOL_HEADER]: String(PROTOCOL_VERSION),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch (e) {
    return { ok: false, error: { code: 'ERR_NETWORK', message: String(e), status: 0 } };
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const refused = decode(ErrorBodySchema, data);
    // Something in between (a proxy) answered, not Zar: name the status.
    if (!refused.ok)
      return { ok: false, error: { code: `HTTP_${res.status}`, message: res.statusText, status: res.status } };
    return { ok: false, error: { ...refused.value.error, status: res.status } };
  }
  if (route.reply === null) return { ok: true, value: null as ReplyOf<R> };
  const answer = decode(route.reply, data);
  if (!answer.ok) {
    const message = `${route.method} ${route.path}: the server answered what this page cannot read (${answer.message})`;
    return { ok: false, error: { code: ERR_SCHEMA, message, status: res.status } };
  }
  return { ok: true, value: answer.value as ReplyOf<R> };
}

export const api = {
  createGame: (g: NewGameRequest) => call(REST.createGame, {}, g),
  joinGame: (id: string) => call(REST.joinGame, { id }, {}),
  acceptInvite: (token: string) => call(REST.acceptInvite, { token }, {}),
  game: (id: string) => call(REST.game, { id }),
  lobby: () => call(REST.lobby, {}),
  /** The caller's unfinished correspondence matches, his turns first (protocol correspondence.ts). */
  correspondence: () => call(REST.correspondence, {}),
  history: () => call(REST.history, {}),
  analysis: (id: string) => call(REST.analysis, { id }),
  analysisHeld: (id: string) => call(REST.analysisHeld, { id }),
  /** Every action of the match by game, with each state; keep it current with appendEvent (@zar/protocol). */
  record: (id: string) => call(REST.record, { id }),
  me: () => call(REST.me, {}),
  /** Makes the visitor a guest with a session (for seeking over the socket), unless he is a player. */
  guest: () => call(REST.guest, {}, {}),
  register: (name: string, password: string) => call(REST.register, {}, { name, password }),
  login: (name: string, password: string) => call(REST.login, {}, { name, password }),
  logout: () => call(REST.logout, {}, {}),
  logoutEverywhere: () => call(REST.logoutEverywhere, {}, {}),
  hint: (id: string) => call(REST.hint, { id }),
  preferences: () => call(REST.preferences, {}),
  savePreferences: (p: PreferencesInput) => call(REST.savePreferences, {}, p),
  stats: () => call(REST.stats, {}),
  leaderboard: (pool: string) => call(REST.leaderboard, { pool }),
  profile: (name: string) => call(REST.profile, { name }),
  /** A finished match's Zar JSON record, with the proof of its dice when it has one (dice/verify.ts). */
  matchFile: (id: string) => call(REST.matchJson, { id }),
  siteDice: () => call(REST.siteDice, {}),
  playerDice: (name: string) => call(REST.playerDice, { name }),
  tournaments: () => call(REST.tournaments, {}),
  createTournament: (t: NewTournamentRequest) => call(REST.createTournament, {}, t),
  tournament: (id: string) => call(REST.tournament, { id }),
  joinTournament: (id: string) => call(REST.joinTournament, { id }, {}),
  leaveTournament: (id: string) => call(REST.leaveTournament, { id }, {}),
  startTournament: (id: string) => call(REST.startTournament, { id }, {}),
  cancelTournament: (id: string) => call(REST.cancelTournament, { id }, {}),
  addTournamentBot: (id: string, level: BotLevel) => call(REST.addTournamentBot, { id }, { level }),
  /** A match from a file (.mat or Zar JSON), checked by the server; a refusal carries its `detail`. */
  createImport: (text: string, name: string | null) =>
    call(REST.createImport, {}, name === null ? { text } : { text, name }),
  imports: () => call(REST.imports, {}),
  /** A match played offline against the bot, added to the caller's history (protocol offline.ts). */
  uploadOffline: (record: OfflineRecord) => call(REST.uploadOffline, {}, record),
  importRecord: (id: string) => call(REST.importRecord, { id }),
  importAnalysis: (id: string) => call(REST.importAnalysis, { id }),
  /** The analysis board (board.ts): a pasted position valued, its 21 rolls, a rollout read and stopped. */
  boardEvaluate: (q: BoardEvaluateRequest) => call(REST.boardEvaluate, {}, q),
  boardTemperature: (q: BoardTemperatureRequest) => call(REST.boardTemperature, {}, q),
  startRollout: (q: BoardRolloutRequest) => call(REST.startRollout, {}, q),
  rollout: (id: string) => call(REST.rollout, { id }),
  stopRollout: (id: string) => call(REST.stopRollout, { id }, {}),
  /** Puzzles (puzzles.ts): the next near the caller's rating, of a game and theme when given (a query string). */
  puzzleNext: (filter: PuzzleFilter) => {
    const query = new URLSearchParams(
      Object.entries(filter as Record<string, string | undefined>).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    );
    const path = query.size === 0 ? REST.puzzleNext.path : `${REST.puzzleNext.path}?${query}`;
    return call({ ...REST.puzzleNext, path }, {});
  },
  puzzleDaily: () => call(REST.puzzleDaily, {}),
  puzzle: (id: string) => call(REST.puzzle, { id }),
  puzzleAttempt: (id: string, answer: string) => call(REST.puzzleAttempt, { id }, { answer }),
};

/**
 * Where the browser saves a finished match (`<a href download>`): gnubg's .mat (backgammon only;
 * the server refuses other games with ERR_MAT_UNREPRESENTABLE) or Zar JSON (every game).
 */
export const downloadUrl = (id: string, format: 'mat' | 'json'): string =>
  pathOf(format === 'mat' ? REST.matchMat : REST.matchJson, { id });

/** The link a friend opens; the server may send a token or a whole link. */
export function inviteLink(invite: string, origin: string): string {
  if (/^https?:\/\//.test(invite)) return invite;
  if (invite.startsWith('/')) return origin + invite;
  return `${origin}/invite/${encodeURIComponent(invite)}`;
}
