import {
  type ClientAction,
  type ClientMessage,
  type EventAction,
  type GameView,
  PROTOCOL_PARAM,
  PROTOCOL_VERSION,
  parseServerMessage,
} from '@zar/protocol';

/**
 * The game's live connection. It joins one game, keeps the version of the last state it
 * saw, and acts at that version. When the connection drops (a server restart, a network
 * change) it reconnects by itself with growing delays and joins again, so an open page
 * picks up where it was. Every frame is parsed with the protocol's schemas: one the contract
 * does not describe is reported as ERR_SCHEMA and changes nothing. A server of another
 * protocol version (ERR_VERSION) is not retried: the page must be reloaded.
 */
export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SocketHandlers {
  /** A whole state (on join, after a refused action; action null) or the state after one event's action. */
  readonly onView: (view: GameView, version: number, action: EventAction | null) => void;
  readonly onError: (code: string, message: string) => void;
  readonly onStatus: (status: SocketStatus) => void;
}

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

const OPEN = 1;
const PING_EVERY = 20_000;

/** Delay before reconnect attempt `attempt` (0-based): 0.5 s doubling up to 8 s. */
export const backoff = (attempt: number): number => Math.min(8000, 500 * 2 ** Math.min(attempt, 4));

/** The socket's address, with the protocol version this page speaks. */
export function socketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws?${PROTOCOL_PARAM}=${PROTOCOL_VERSION}`;
}

/** A frame (or a REST answer, api.ts) the contract does not describe: the page reports it and ignores it. */
export const ERR_SCHEMA = 'ERR_SCHEMA';

export class GameSocket {
  private ws: SocketLike | null = null;
  private version = -1;
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
    private readonly game: string,
    private readonly handlers: SocketHandlers,
    options: SocketOptions = {},
  ) {
    this.connect = options.connect ?? ((u) => new WebSocket(u) as unknown as SocketLike);
    this.timers = options.timers ?? {
      set: (fn, ms) => setTimeout(fn, ms),
      clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    };
    this.pingEvery = options.pingEvery ?? PING_EVERY;
    this.open();
  }

  /** The version of the last state seen; actions are sent at it. */
  get seen(): number {
    return this.version;
  }

  /** Sends an action at the version seen; false when there is no connection right now. */
  act(action: ClientAction): boolean {
    return this.send({ t: 'act', game: this.game, v: this.version, action });
  }

  /**
   * Claims the match of the absent opponent at the version seen (the server refuses a claim
   * made too early, or on a version the page has not caught up with); false when offline.
   */
  claim(): boolean {
    return this.send({ t: 'claim', game: this.game, v: this.version });
  }

  /** Offers or accepts a rematch (true), or withdraws or declines one (false); false when offline. */
  rematch(offer: boolean): boolean {
    return this.send({ t: 'rematch', game: this.game, offer });
  }

  close(): void {
    this.closed = true;
    this.stopTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    this.handlers.onStatus('closed');
  }

  /** Reconnects at once (the browser came back online, the tab became visible). */
  wake(): void {
    if (this.closed || this.ws?.readyState === OPEN) return;
    if (this.retry !== null) this.timers.clear(this.retry);
    this.retry = null;
    this.open();
  }

  private send(message: ClientMessage): boolean {
    if (this.ws?.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  private open(): void {
    this.handlers.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let ws: SocketLike;
    try {
      ws = this.connect(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.awaitingPong = false;
      this.send({ t: 'join', game: this.game });
      this.handlers.onStatus('open');
      this.schedulePing();
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onerror = () => {
      // The close event follows and schedules the reconnect.
    };
    ws.onclose = () => {
      if (this.ws === ws) this.drop();
    };
  }

  /** Gives up on the current connection and schedules the next attempt. */
  private drop(): void {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    this.stopTimers();
    this.scheduleReconnect();
  }

  private receive(data: unknown): void {
    this.awaitingPong = false;
    const parsed = parseServerMessage(typeof data === 'string' ? data : '');
    if (!parsed.ok) {
      this.handlers.onError(ERR_SCHEMA, `the server sent what this page cannot read (${parsed.message})`);
      return;
    }
    const msg = parsed.value;
    if (msg.t === 'state' || msg.t === 'event') {
      if (msg.game !== this.game) return;
      // Events can cross a fresh state on reconnect: never step back to an older view.
      if (msg.t === 'event' && msg.v <= this.version) return;
      this.version = msg.v;
      this.handlers.onView(msg.view, msg.v, msg.t === 'event' ? msg.action : null);
    } else if (msg.t === 'error') {
      // Another version would not understand this page's frames, nor it the server's: stop here.
      if (msg.code === 'ERR_VERSION') this.close();
      this.handlers.onError(msg.code, msg.message);
    }
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

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.handlers.onStatus('reconnecting');
    const delay = backoff(this.attempt);
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
