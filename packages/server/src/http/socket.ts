import {
  type ClientMessage,
  PROTOCOL_PARAM,
  PROTOCOL_VERSION,
  parseClientMessage,
  type ServerMessage,
  versionMismatch,
} from '@zar/protocol';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type Connection, type Handler, type Handlers, MAX_BUFFERED } from './connection.js';
import { DEFAULT_PING_MS, SocketPings } from './socket-pings.js';

/** One socket's hold on its session: told who it is once known, let go when it closes. */
export interface SessionHold {
  identified(userId: string | null): void;
  untrack(): void;
}

/** What the socket asks of the sessions (people's Auth): who the cookie names, and whether he may still act. */
export interface SocketSessions {
  sessionIdOf(request: FastifyRequest): string | null;
  readonly sockets: { track(sessionId: string, end: () => void): SessionHold };
  identify(request: FastifyRequest): Promise<{ readonly id: string } | null>;
  mayAct(hold: SessionHold): boolean;
}

/** What to do with a frame: handle it, refuse it (say so once a run), or end the socket. */
export type FrameVerdict = 'handle' | 'refuse' | 'refuse-quietly' | 'close';

/**
 * What the socket layer is given by the server's composition: the services (`deps`, passed to
 * every handler as it is), the handler of each message type, and the few services the frame
 * loop itself asks, each by the little it needs.
 */
export interface SocketLayer<D> {
  readonly deps: D;
  readonly handlers: Handlers<D>;
  readonly sessions: SocketSessions;
  /** Counts the sockets open at once per address (limits' OpenSockets). */
  readonly openSockets: { admit(address: string): boolean; release(address: string): void };
  /** A new socket's budget of frames (limits' FrameBudget). */
  readonly frameBudget: () => { take(): FrameVerdict };
  /** A failure that is the database being away: told as ERR_STORE_UNAVAILABLE and logged as a warning. */
  readonly isUnavailable: (e: unknown) => boolean;
  /** A player's socket is identified and open: returns how to forget it once it closes. */
  readonly opened: (userId: string, c: Connection) => () => void;
  /** A socket has closed: what the services hold for it (a watch, a pairing request) ends. */
  readonly closed: (c: Connection) => void;
}

function dispatch<D>(c: Connection, message: ClientMessage, layer: SocketLayer<D>): Promise<void> {
  return (layer.handlers[message.t] as Handler<ClientMessage['t'], D>)(c, message, layer.deps);
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
export function socketRoute<D>(
  layer: SocketLayer<D>,
  pulse: { readonly pingMs: number } = { pingMs: DEFAULT_PING_MS },
) {
  const { sessions, openSockets: open } = layer;
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
      const sessionId = sessions.sessionIdOf(request);
      const tracked =
        sessionId === null
          ? null
          : sessions.sockets.track(sessionId, () => socket.close(CLOSE_SESSION_ENDED, 'session ended'));
      const ready = sessions.identify(request).then(
        (user) => {
          tracked?.identified(user?.id ?? null);
          return user?.id ?? null;
        },
        (e: unknown) => {
          if (layer.isUnavailable(e)) {
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
        if (tracked !== null && c.userId !== null && !sessions.mayAct(tracked)) sessionEnded(socket);
        else handleFrame(c, frame, layer);
      };
      const onFrame = (frame: string) => {
        if (connection === null) {
          pending.push(frame);
          return;
        }
        act(connection, frame);
      };
      const budget = layer.frameBudget();
      socket.on('message', (data, isBinary) => {
        // Before anything is read or queued: a flood costs a counter, not a lookup per frame.
        const verdict = budget.take();
        if (verdict === 'handle') onFrame(isBinary ? '\u0000' : data.toString());
        else if (verdict === 'refuse') refuseFrame(socket, 'too many messages; slow down');
        else if (verdict === 'close') tooMany(socket, 'too many messages');
      });
      /** Forgets this socket among its user's: his last one closing cancels his pairing requests. */
      let leave: (() => void) | null = null;
      socket.on('close', () => {
        tracked?.untrack();
        for (const slot of connection?.subscriptions.values() ?? []) slot.unsubscribe?.();
        connection?.subscriptions.clear();
        if (connection !== null) {
          layer.closed(connection);
          for (const stop of connection.closing) stop();
          connection.closing.clear();
        }
        leave?.();
      });
      void ready.then((userId) => {
        connection = makeConnection(userId, request.ip, socket, request.log);
        if (socket.readyState !== socket.OPEN) return;
        if (userId !== null) leave = layer.opened(userId, connection);
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

function handleFrame<D>(c: Connection, frame: string, layer: SocketLayer<D>): void {
  const parsed = parseClientMessage(frame);
  if (!parsed.ok) {
    c.send({ t: 'error', code: parsed.error.code, message: parsed.error.message });
    return;
  }
  const message = parsed.value;
  dispatch(c, message, layer).catch((e: unknown) => {
    const away = layer.isUnavailable(e);
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
