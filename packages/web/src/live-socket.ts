import { CLOSE_RECONNECT_NOW, type ClientMessage, parseServerMessage, type ServerMessage } from '@zar/protocol';

/** Where a live connection stands, as the page shows it. */
export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The part of the browser's WebSocket this client uses, so tests can supply their own. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((e: unknown) => void) | null;
  onclose: ((e: unknown) => void) | null;
  onerror: ((e: unknown) => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface SocketOptions {
  readonly connect?: (url: string) => SocketLike;
  /** Delays in ms; injected by tests. */
  readonly timers?: {
    readonly set: (fn: () => void, ms: number) => unknown;
    readonly clear: (id: unknown) => void;
  };
  readonly pingEvery?: number;
}

/** What every live connection tells its page. */
export interface LiveHandlers {
  readonly onError: (code: string, message: string) => void;
  readonly onStatus: (status: SocketStatus) => void;
}

const CONNECTING = 0;
const OPEN = 1;
const PING_EVERY = 20_000;

const restarted = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === CLOSE_RECONNECT_NOW;

/** Delay before reconnect attempt `attempt` (0-based): 0.5 s doubling up to 8 s. */
export const backoff = (attempt: number): number => Math.min(8000, 500 * 2 ** Math.min(attempt, 4));

/** A frame (or a REST answer, api.ts) the contract does not describe: the page reports it and ignores it. */
export const ERR_SCHEMA = 'ERR_SCHEMA';

/**
 * Wakes `socket` whenever the browser comes back online or the page is shown again, the moments
 * a connection is most likely to have died unseen; returns the function that stops it. Every page
 * with a live socket (table, lobby, live list, tournament) does this for as long as it is open.
 */
export function wakeOnReturn(socket: { wake(): void }): () => void {
  const wake = () => {
    if (document.visibilityState !== 'hidden') socket.wake();
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  return () => {
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
  };
}

/**
 * A connection that stays live: it reconnects by itself with growing delays (backoff), says
 * hello again on every new connection (`opened`), drops one that stays silent for a whole ping
 * period, and parses every frame with the protocol's schemas (one the contract does not
 * describe is reported as ERR_SCHEMA and changes nothing). A server of another protocol
 * version (ERR_VERSION) is not retried: the page must be reloaded. The game's, the lobby's, the
 * live list's and a tournament's sockets differ only in what they send and what they read
 * (GameSocket, LobbySocket, LiveListSocket, TournamentSocket), each page's handlers adding
 * theirs to LiveHandlers.
 */
export abstract class LiveSocket {
  private ws: SocketLike | null = null;
  private attempt = 0;
  private retry: unknown = null;
  private ping: unknown = null;
  private closed = false;
  /** A ping went out and nothing has come back since. */
  private awaitingPong = false;
  private readonly connect: (url: string) => SocketLike;
  private readonly timers: NonNullable<SocketOptions['timers']>;
  private readonly pingEvery: number;

  constructor(
    private readonly url: string,
    private readonly live: LiveHandlers,
    options: SocketOptions,
  ) {
    this.connect = options.connect ?? ((u) => new WebSocket(u) as unknown as SocketLike);
    this.timers = options.timers ?? {
      set: (fn, ms) => setTimeout(fn, ms),
      clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    };
    this.pingEvery = options.pingEvery ?? PING_EVERY;
  }

  /** A new connection is open: say what this socket is for (join a game, watch the lobby). */
  protected abstract opened(): void;

  /** A frame that parsed, other than an error. */
  protected abstract message(msg: ServerMessage): void;

  /** What is said before closing on purpose, if anything. */
  protected lastWords(): ClientMessage | null {
    return null;
  }

  close(): void {
    this.closed = true;
    this.stopTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      const last = this.lastWords();
      if (last !== null && ws.readyState === OPEN) ws.send(JSON.stringify(last));
      ws.close();
    }
    this.live.onStatus('closed');
  }

  /**
   * Reconnects at once (the browser came back online, the tab became visible). A connection
   * still being made is left to finish: a second one beside it (a phone waking fires both
   * 'online' and 'visibilitychange') left the first open on the server, unseen, and its
   * opening started a second chain of pings that could drop the healthy connection.
   */
  wake(): void {
    if (this.closed || this.ws?.readyState === OPEN || this.ws?.readyState === CONNECTING) return;
    if (this.retry !== null) this.timers.clear(this.retry);
    this.retry = null;
    this.open();
  }

  /** Sends a message; false when there is no connection right now. */
  protected send(message: ClientMessage): boolean {
    if (this.ws?.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** The first connection: called once at the end of a subclass's constructor, its fields set. */
  protected open(): void {
    this.live.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let ws: SocketLike;
    try {
      ws = this.connect(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      // A connection given up on before it opened stays closed.
      if (this.ws !== ws) {
        ws.close();
        return;
      }
      this.attempt = 0;
      this.awaitingPong = false;
      this.opened();
      this.live.onStatus('open');
      this.schedulePing();
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onerror = () => {
      // The close event follows and schedules the reconnect.
    };
    ws.onclose = (e) => {
      if (this.ws === ws) this.drop(restarted(e));
    };
  }

  /**
   * Gives up on the current connection and schedules the next attempt: at once when the server
   * closed it with 1012 (it is restarting, or handing its games to another server), which the
   * next connection reaches without waiting.
   */
  private drop(now = false): void {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    this.stopTimers();
    if (now) this.attempt = 0;
    this.scheduleReconnect(now);
  }

  private receive(data: unknown): void {
    this.awaitingPong = false;
    const parsed = parseServerMessage(typeof data === 'string' ? data : '');
    if (!parsed.ok) {
      this.live.onError(ERR_SCHEMA, `the server sent what this page cannot read (${parsed.message})`);
      return;
    }
    const msg = parsed.value;
    if (msg.t === 'error') {
      // Another version would not understand this page's frames, nor it the server's: stop here.
      if (msg.code === 'ERR_VERSION') this.close();
      this.live.onError(msg.code, msg.message);
    } else this.message(msg);
  }

  /** A connection that stays silent for a whole ping period is dead, even if never closed. */
  private schedulePing(): void {
    this.ping = this.timers.set(() => {
      if (this.awaitingPong) {
        this.drop();
        return;
      }
      this.awaitingPong = true;
      this.send({ t: 'ping' });
      this.schedulePing();
    }, this.pingEvery);
  }

  private scheduleReconnect(now = false): void {
    if (this.closed) return;
    this.live.onStatus('reconnecting');
    const delay = now ? 0 : backoff(this.attempt);
    this.attempt++;
    this.retry = this.timers.set(() => {
      this.retry = null;
      this.open();
    }, delay);
  }

  private stopTimers(): void {
    if (this.ping !== null) this.timers.clear(this.ping);
    if (this.retry !== null) this.timers.clear(this.retry);
    this.ping = null;
    this.retry = null;
  }
}
