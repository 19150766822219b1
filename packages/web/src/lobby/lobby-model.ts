import type { Lobby } from '@zar/protocol';
import type { SocketStatus } from '../socket.js';

/**
 * What the lobby page shows, as a reducer over what the lobby socket reports and what the
 * player does, so that it is tested without a page. The lobby itself is the server's, sent
 * whole on every change; the page adds the connection's state, the last refusal, whether a
 * request is on its way, the match a request was paired into, and when each of the player's
 * requests was first seen here.
 */
export interface LobbyState {
  readonly lobby: Lobby | null;
  readonly status: SocketStatus;
  /** The last refusal (a code the error sentences know), until the player asks again. */
  readonly error: { readonly code: string } | null;
  /** A request was sent and no lobby frame has answered it yet. */
  readonly asking: boolean;
  /** The match a request was paired into: the page goes there. */
  readonly paired: string | null;
  /**
   * When each waiting request of the player was first seen, on this page's clock. A request's
   * `since` is on the server's clock, which may differ from the browser's by minutes; the time
   * shown waiting counts from here instead (a request outlives no reload: it is cancelled when
   * the page's socket closes).
   */
  readonly seen: Readonly<Record<string, number>>;
}

export type LobbyEvent =
  | { readonly type: 'lobby'; readonly lobby: Lobby; readonly at: number }
  | { readonly type: 'paired'; readonly game: string }
  | { readonly type: 'error'; readonly code: string }
  | { readonly type: 'status'; readonly status: SocketStatus }
  /** The player sent a request or a cancel. */
  | { readonly type: 'asked' }
  /** The player asked while there was no connection. */
  | { readonly type: 'offline' };

export const INITIAL_LOBBY: LobbyState = {
  lobby: null,
  status: 'connecting',
  error: null,
  asking: false,
  paired: null,
  seen: {},
};

/** The first-seen times of the requests in `lobby`: kept for those still waiting, now for new ones. */
function seenTimes(before: LobbyState['seen'], lobby: Lobby, at: number): LobbyState['seen'] {
  const seen: Record<string, number> = {};
  for (const s of lobby.seeks) seen[s.id] = Object.hasOwn(before, s.id) ? (before[s.id] as number) : at;
  return seen;
}

export function lobbyReducer(state: LobbyState, event: LobbyEvent): LobbyState {
  switch (event.type) {
    case 'lobby':
      return { ...state, lobby: event.lobby, asking: false, seen: seenTimes(state.seen, event.lobby, event.at) };
    case 'paired':
      return { ...state, paired: event.game, asking: false };
    case 'error':
      return { ...state, error: { code: event.code }, asking: false };
    case 'status':
      // A dropped connection cancelled the requests on the server: nothing is on its way any more.
      return { ...state, status: event.status, asking: event.status === 'open' ? state.asking : false };
    case 'asked':
      return { ...state, error: null, asking: true };
    case 'offline':
      return { ...state, error: { code: 'ERR_NETWORK' }, asking: false };
  }
}

/** How long a request has waited, in ms, from when this page first saw it; 0 for one not seen. */
export function waitedMs(state: LobbyState, id: string, now: number): number {
  const at = state.seen[id];
  return at === undefined ? 0 : Math.max(0, now - at);
}
