import { type ClientMessage, type Lobby, parseServerMessage, type SeekKind } from '@zar/protocol';
import { backoff, ERR_SCHEMA, type SocketLike, type SocketOptions, type SocketStatus } from '../socket.js';

/**
 * The lobby's live connection: it watches the lobby (open games, the pool's counts, the
 * player's own requests) and carries quick-pairing requests. It reconnects by itself with the
 * game socket's growing delays and watches again on every new connection, so a page left open
 * through a server restart is live again without a reload. The server cancels a request when
 * the socket that made it closes (another page of the player would not follow him into the
 * match), so requests are not sent again after a reconnect: the next lobby frame shows what
 * still waits.
 */
export interface LobbyHandlers {
  /** The whole lobby, on watching and whenever it changes. */
  readonly onLobby: (lobby: Lobby) => void;
  /** A request of this player was paired: he plays in `game`. */
  readonly onPaired: (game: string, seek: string) => void;
  readonly onError: (code: string, message: string) => void;
  readonly onStatus: (status: SocketStatus) => void;
}

const OPEN = 1;
const PING_EVERY = 20_000;

export class LobbySocket {
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
    private readonly handlers: LobbyHandlers,
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

  /** Asks to be paired for a kind of match; false when there is no connection right now. */
  seek(kind: SeekKind): boolean {
    return this.send({ t: 'seek', kind });
  }

  /** Cancels one of this player's requests; false when there is no connection right now. */
  unseek(id: string): boolean {
    return this.send({ t: 'unseek', id });
  }

  close(): void {
    this.closed = true;
    this.stopTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      // Said before closing, so that a socket the server keeps for a moment stops its pushes.
      if (ws.readyState === OPEN) ws.send(JSON.stringify({ t: 'lobby', watch: false } satisfies ClientMessage));
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
      this.send({ t: 'lobby', watch: true });
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
    if (msg.t === 'lobby') this.handlers.onLobby(msg.lobby);
    else if (msg.t === 'paired') this.handlers.onPaired(msg.game, msg.seek);
    else if (msg.t === 'error') {
      // Another protocol version would not understand this page's frames: stop here.
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
