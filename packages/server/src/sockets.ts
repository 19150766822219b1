import { type ChatSocketDeps, chat, phrase, report } from './chat/socket.js';
import { act, claim, type GameSocketDeps, join, ping, rematch } from './game/socket.js';
import { seed, spectators } from './game/socket-company.js';
import type { Handlers } from './http/connection.js';
import { socketRoute } from './http/socket.js';
import type { Limits } from './limits/config.js';
import type { RateLimiters } from './limits/limiter.js';
import { FrameBudget } from './limits/sockets.js';
import { type LiveSocketDeps, live } from './lobby/live-socket.js';
import { cancelSeeks, type LobbySocketDeps, lobby, seek, unseek } from './lobby/socket.js';
import type { Auth } from './people/auth.js';
import type { People } from './people/online.js';
import { isStoreUnavailable } from './store/unavailable.js';
import { type TournamentSocketDeps, tournament } from './tournament/socket.js';

/** Every service a message on the socket may need: each module's handlers declare their part. */
export interface SocketDeps
  extends GameSocketDeps,
    ChatSocketDeps<GameSocketDeps['handles']>,
    LobbySocketDeps,
    LiveSocketDeps,
    TournamentSocketDeps {
  readonly auth: Auth;
  readonly limits: Limits;
  /** Where the sockets per address are counted: with the other instances through Redis, in this process alone (app.ts decides). */
  readonly limiters: RateLimiters;
  /** Every user's open sockets: where `paired` is sent. */
  readonly people: People;
}

/** Which handler answers each message type, beside its module's service. */
const handlers: Handlers<SocketDeps> = {
  join,
  act,
  ping,
  claim,
  rematch,
  lobby,
  seek,
  unseek,
  seed,
  spectators,
  chat,
  phrase,
  report,
  live,
  tournament,
};

/**
 * The socket at /ws with the server's services: the frame loop (http/socket.ts) knows no
 * domain, and is told here how a socket is counted, who it is, and what its close ends.
 */
export function sockets(deps: SocketDeps, pulse: { readonly pingMs: number }) {
  return socketRoute(
    {
      deps,
      handlers,
      sessions: deps.auth,
      openSockets: deps.limiters.openSockets(deps.limits.socketsPerAddress),
      frameBudget: () => new FrameBudget(deps.limits),
      isUnavailable: isStoreUnavailable,
      // His last socket closing cancels his pairing requests (People).
      opened: (userId, c) => deps.people.add(userId, c),
      closed: (c) => {
        deps.lobby.unwatch(c);
        cancelSeeks(c, deps);
      },
    },
    pulse,
  );
}
