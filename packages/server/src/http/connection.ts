import type { ClientMessage, ServerMessage } from '@zar/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChatService } from '../chat/chat-service.js';
import type { Rooms } from '../game/rooms.js';
import type { Limits } from '../limits/config.js';
import type { StartGuard } from '../limits/games.js';
import type { LobbyFeed } from '../lobby/feed.js';
import type { LiveFeed } from '../lobby/live-feed.js';
import type { PairingPool } from '../lobby/pairing-pool.js';
import type { Auth } from '../people/auth.js';
import type { People } from '../people/online.js';
import type { Store } from '../store/types.js';
import type { Tournaments } from '../tournament/tournaments.js';

export interface SocketDeps {
  readonly rooms: Rooms;
  readonly auth: Auth;
  readonly limits: Limits;
  /** The game limits a rematch or a pairing request counts toward, as a new game does. */
  readonly games: StartGuard;
  readonly store: Store;
  /** Every user's open sockets: where `paired` is sent. */
  readonly people: People;
  /** Quick pairing. */
  readonly pool: PairingPool;
  /** The live lobby. */
  readonly lobby: LobbyFeed;
  /** The matches' chat, the live list of games, the tournaments. */
  readonly chat: ChatService;
  readonly live: LiveFeed;
  readonly tournaments: Tournaments;
}

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

export type Handler<T extends ClientMessage['t']> = (
  c: Connection,
  message: Extract<ClientMessage, { t: T }>,
  deps: SocketDeps,
) => Promise<void>;
