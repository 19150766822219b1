import {
  type ClientMessage,
  PROTOCOL_PARAM,
  PROTOCOL_VERSION,
  parseClientMessage,
  type ServerMessage,
  versionMismatch,
} from '@zar/protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { chat, phrase, report } from '../chat/socket.js';
import { act, claim, join, ping, rematch } from '../game/socket.js';
import { seed, spectators } from '../game/socket-company.js';
import { FrameBudget, OpenSockets } from '../limits/sockets.js';
import { live } from '../lobby/live-socket.js';
import { cancelSeeks, lobby, seek, unseek } from '../lobby/socket.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import { tournament } from '../tournament/socket.js';
import { type Connection, type Handler, MAX_BUFFERED, type SocketDeps } from './connection.js';
import { DEFAULT_PING_MS, SocketPings } from './socket-pings.js';

export type { SocketDeps } from './connection.js';

const handlers: { [T in ClientMessage['t']]: Handler<T> } = {
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

function dispatch(c: Connection, message: ClientMessage, deps: SocketDeps): Promise<void> {
  return (handlers[message.t] as Handler<ClientMessage['t']>)(c, message, deps);
}

/** Close code for a client of another protocol version (the application range is 4000-4999). */
export const CLOSE_VERSION = 4000;
/** Close code when the server cannot serve the socket now (RFC 6455 1013, Try Again Later). */
export const CLOSE_TRY_AGAIN = 1013;
/** Close code for a socket whose session ended (logout, a new session at login, sign out everywhere, its limits). */
export const CLOSE_SESSION_ENDED = 4001;
/** Close code for a socket over a limit: too many from its address, or a flood of frames (429's kin). */
export const CLOSE_TOO_MANY = 4029;

/**
 * The socket at /ws?protocol=N. The player is whoever the session cookie says (a socket
 * without one only watches). A client of another protocol version is told so and closed, so
 * that its page asks to be reloaded rather than misreading frames. Every frame is parsed at
 * the edge; a bad one gets an error reply, and no handler's failure escapes to the process or
 * reaches another game.
 */
export function socketRoute(deps: SocketDeps, pulse: { readonly pingMs: number } = { pingMs: DEFAULT_PING_MS }) {
  const open = new OpenSockets(deps.limits.socketsPerAddress);
  const pings = new SocketPings(pulse.pingMs);
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('onClose', async () => pings.stop());
    app.get<{ Querystring: Record<string, string | undefined> }>('/ws', { websocket: true }, (socket, request) => {
      const version = request.query[PROTOCOL_PARAM];
      if (version !== String(PROTOCOL_VERSION)) {
        refuseAndClose(socket, 'ERR_VERSION', versionMismatch(version), CLOSE_VERSION, 'protocol version');
        return;
      }
      // Counted at once, before any await, so sockets opened all together cannot slip past.
      if (!open.admit(request.ip)) {
        tooMany(socket, 'too many sockets from your address');
        return;
      }
      socket.once('close', () => open.release(request.ip));
      // A socket that stops answering is dropped, and closes as any other: see socket-pings.ts.
      pings.add(socket);
      // Tracked before the session is looked up, so that a logout meanwhile still ends this socket.
      const sessionId = deps.auth.sessionIdOf(request);
      const tracked =
        sessionId === null
          ? null
          : deps.auth.sockets.track(sessionId, () => socket.close(CLOSE_SESSION_ENDED, 'session ended'));
      const ready = deps.auth.identify(request).then(
        (user) => {
          tracked?.identified(user?.id ?? null);
          return user?.id ?? null;
        },
        (e: unknown) => {
          if (isStoreUnavailable(e)) {
            // Not a guest but a player the database cannot name now: say so and close with
            // "try again later", so the page reconnects (as itself) once the database is back.
            refuseAndClose(socket, 'ERR_STORE_UNAVAILABLE', DATABASE_AWAY, CLOSE_TRY_AGAIN, 'database unavailable');
            return null;
          }
          request.log.error({ err: e }, 'socket authentication failed');
          return null;
        },
      );
      let connection: Connection | null = null;
      const pending: string[] = [];
      /** A player's frame is read only while his session lasts: its end may not have closed the socket yet. */
      const act = (c: Connection, frame: string) => {
        if (tracked !== null && c.userId !== null && !deps.auth.mayAct(tracked)) sessionEnded(socket);
        else handleFrame(c, frame, deps);
      };
      const onFrame = (frame: string) => {
        if (connection === null) {
          pending.push(frame);
          return;
        }
        act(connection, frame);
      };
      const budget = new FrameBudget(deps.limits);
      socket.on('message', (data, isBinary) => {
        // Before anything is read or queued: a flood costs a counter, not a lookup per frame.
        const verdict = budget.take();
        if (verdict === 'handle') onFrame(isBinary ? '\u0000' : data.toString());
        else if (verdict === 'refuse') refuseFrame(socket, 'too many messages; slow down');
        else if (verdict === 'close') tooMany(socket, 'too many messages');
      });
      /** Forgets this socket among its user's (People): his last one closing cancels his pairing requests. */
      let leave: (() => void) | null = null;
      socket.on('close', () => {
        tracked?.untrack();
        for (const slot of connection?.subscriptions.values() ?? []) slot.unsubscribe?.();
        connection?.subscriptions.clear();
        if (connection !== null) {
          deps.lobby.unwatch(connection);
          cancelSeeks(connection, deps);
          for (const stop of connection.closing) stop();
          connection.closing.clear();
        }
        leave?.();
      });
      void ready.then((userId) => {
        connection = makeConnection(userId, request.ip, socket, request.log);
        if (socket.readyState !== socket.OPEN) return;
        if (userId !== null) leave = deps.people.add(userId, connection);
        for (const frame of pending.splice(0)) act(connection, frame);
      });
    });
  };
}

type RefusalCode = Extract<ServerMessage, { t: 'error' }>['code'];

const DATABASE_AWAY = 'the database is unavailable; try again shortly';

function refuseFrame(socket: WebSocket, message: string, code: RefusalCode = 'ERR_RATE_LIMITED'): void {
  const refusal: ServerMessage = { t: 'error', code, message };
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(refusal));
}

/** Says why, then closes the socket with `closeCode`. */
function refuseAndClose(
  socket: WebSocket,
  code: RefusalCode,
  message: string,
  closeCode: number,
  reason: string,
): void {
  refuseFrame(socket, message, code);
  socket.close(closeCode, reason);
}

/** Says that the socket's session has ended, and closes it with CLOSE_SESSION_ENDED. */
const sessionEnded = (socket: WebSocket): void =>
  refuseAndClose(socket, 'ERR_NO_SESSION', 'your session has ended', CLOSE_SESSION_ENDED, 'session ended');

/** Says why and closes with CLOSE_TOO_MANY; the page reconnects after its backoff. */
const tooMany = (socket: WebSocket, message: string): void =>
  refuseAndClose(socket, 'ERR_RATE_LIMITED', message, CLOSE_TOO_MANY, 'too many');

function makeConnection(userId: string | null, address: string, socket: WebSocket, log: FastifyBaseLogger): Connection {
  const sendFrame = (frame: string) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED) {
      socket.close(CLOSE_TRY_AGAIN, 'too slow');
      return;
    }
    socket.send(frame);
  };
  return {
    userId,
    address,
    socket,
    log,
    subscriptions: new Map(),
    seeks: new Set(),
    closing: new Set(),
    sendFrame,
    send: (message) => sendFrame(JSON.stringify(message)),
  };
}

function handleFrame(c: Connection, frame: string, deps: SocketDeps): void {
  const parsed = parseClientMessage(frame);
  if (!parsed.ok) {
    c.send({ t: 'error', code: parsed.error.code, message: parsed.error.message });
    return;
  }
  const message = parsed.value;
  dispatch(c, message, deps).catch((e: unknown) => {
    const away = isStoreUnavailable(e);
    // The database away (or busy) is no bug: warn, as a REST request does (app.ts).
    if (away) c.log.warn({ err: e, message: message.t }, 'the store is unavailable');
    else c.log.error({ err: e, message: message.t }, 'socket handler failed');
    const game = 'game' in message ? message.game : undefined;
    const refusal = away
      ? ({ code: 'ERR_STORE_UNAVAILABLE', message: DATABASE_AWAY } as const)
      : ({ code: 'ERR_INTERNAL', message: 'the server could not do that' } as const);
    c.send({ t: 'error', ...refusal, ...(game ? { game } : {}) });
  });
}
