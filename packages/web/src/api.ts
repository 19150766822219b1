import type { MatchSettings } from '@zar/match';
import type { GameView } from '@zar/protocol';
import type { AnalysisStatus } from './analysis/types.js';

/**
 * The REST side of the server, same origin. Every call resolves to a result value: a
 * failed request is an `ApiError` with the server's code (or ERR_NETWORK when the server
 * could not be reached), never an exception for the page to forget.
 */
export interface ApiError {
  readonly code: string;
  readonly message: string;
  readonly status: number;
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export type Opponent = 'bot' | 'friend' | 'open';

/** What to play: a game (with its default rules), a preset, or a mixed cycle. */
export type GameChoice = { readonly game: string } | { readonly preset: string } | { readonly cycle: string };

export type NewGame = GameChoice & {
  /** 0 = single games with no end (money play). */
  readonly length: number;
  readonly opponent: Opponent;
  readonly level?: string;
};

export interface Created {
  readonly id: string;
  readonly seat: 0 | 1;
  /** For a friend game: the invite path (/invite/token). */
  readonly invite?: string;
}

export interface Joined {
  readonly id: string;
  readonly seat: 0 | 1;
}

export interface Me {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
}

/** A game as the lobby and the history list it (the server's GameSummary). */
export interface GameSummary {
  readonly id: string;
  readonly status: GameView['status'];
  readonly settings: MatchSettings;
  readonly players: GameView['players'];
  readonly you: 0 | 1 | null;
  /** The match is over and the server can analyse it. */
  readonly analysable: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch (e) {
    return { ok: false, error: { code: 'ERR_NETWORK', message: String(e), status: 0 } };
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // The server refuses with {error: {code, message}}.
    const e = ((data as { error?: unknown } | null)?.error ?? {}) as { code?: unknown; message?: unknown };
    const code = typeof e.code === 'string' ? e.code : `HTTP_${res.status}`;
    const message = typeof e.message === 'string' ? e.message : res.statusText;
    return { ok: false, error: { code, message, status: res.status } };
  }
  return { ok: true, value: data as T };
}

/** Lists arrive as `{games: [...]}`. */
function gamesOf(r: ApiResult<{ games?: unknown }>): ApiResult<GameSummary[]> {
  if (!r.ok) return r;
  const games = r.value?.games;
  return { ok: true, value: Array.isArray(games) ? (games as GameSummary[]) : [] };
}

export const api = {
  createGame: (g: NewGame) => call<Created>('POST', '/api/games', g),
  joinGame: (id: string) => call<Joined>('POST', `/api/games/${encodeURIComponent(id)}/join`, {}),
  acceptInvite: (token: string) => call<Joined>('POST', `/api/invite/${encodeURIComponent(token)}`, {}),
  game: (id: string) => call<{ v: number; view: GameView }>('GET', `/api/games/${encodeURIComponent(id)}`),
  lobby: async () => gamesOf(await call('GET', '/api/lobby')),
  history: async () => gamesOf(await call('GET', '/api/history')),
  analysis: (id: string) => call<AnalysisStatus>('GET', `/api/games/${encodeURIComponent(id)}/analysis`),
  me: () => call<Me>('GET', '/api/me'),
  register: (name: string, password: string) => call<Me>('POST', '/api/register', { name, password }),
  login: (name: string, password: string) => call<Me>('POST', '/api/login', { name, password }),
  logout: () => call<unknown>('POST', '/api/logout', {}),
};

/** The link a friend opens; the server may send a token or a whole link. */
export function inviteLink(invite: string, origin: string): string {
  if (/^https?:\/\//.test(invite)) return invite;
  if (invite.startsWith('/')) return origin + invite;
  return `${origin}/invite/${encodeURIComponent(invite)}`;
}
