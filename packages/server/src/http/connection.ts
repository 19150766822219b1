import type { ClientMessage, ServerMessage } from '@zar/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

/** Games one connection may watch at once: enough for a player with a few tabs' worth. */
export const MAX_SUBSCRIPTIONS = 32;
/** A client that reads slower than this much is queued for it is dropped, not buffered forever. */
export const MAX_BUFFERED = 4 * 1024 * 1024;

export interface Connection {
  readonly userId: string | null;
  /** The address the socket came from (the game limits count by it). */
  readonly address: string;
  readonly socket: WebSocket;
  readonly log: FastifyBaseLogger;
  /** Taken before the room is looked up, so a second join of the same game sees the first. */
  readonly subscriptions: Map<string, Subscription>;
  /**
   * The pairing requests this socket made that may still wait. A request is the page's that
   * made it (lichess ties a seek to its lobby socket): when this socket closes they are
   * cancelled, even if the player has other sockets open (a game in another tab), which would
   * never take him into the match he was paired into.
   */
  readonly seeks: Set<string>;
  /** Run once when the socket closes: each ends a watch (the live list, a tournament) this socket holds. */
  readonly closing: Set<() => void>;
  send(message: ServerMessage): void;
  sendFrame(frame: string): void;
}

/** One watched game: its unsubscribe once the room is found, and when that lookup ends. */
export interface Subscription {
  unsubscribe: (() => void) | null;
  readonly joined: Promise<void>;
}

/**
 * Answers one type of message on a connection. `D` is what the handler needs of the server's
 * services, as its own module declares it; the socket layer only passes it through.
 */
export type Handler<T extends ClientMessage['t'], D = unknown> = (
  c: Connection,
  message: Extract<ClientMessage, { t: T }>,
  deps: D,
) => Promise<void>;

/** The handler of every type of message, each as the protocol's parser types it. */
export type Handlers<D> = { readonly [T in ClientMessage['t']]: Handler<T, D> };
