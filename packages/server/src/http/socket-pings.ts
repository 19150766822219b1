import type { Result } from '@zar/engine';
import type { WebSocket } from 'ws';
import { durationSetting, type Env, type TimeUnit } from '../env.js';

/**
 * How often the server pings every socket. A socket that has sent nothing, neither a pong nor a
 * frame, for MISSED_PINGS whole intervals is dropped at the next ping: at most
 * (MISSED_PINGS + 1) × the interval (30 s by default) after its last sign of life, with as much
 * as an interval to spare for a slow network. Browsers answer the protocol's pings themselves,
 * even in a background tab, so no page has to.
 */
export const DEFAULT_PING_MS = 10_000;
export const MISSED_PINGS = 2;

const MILLISECONDS: TimeUnit = { name: 'milliseconds', ms: 1, max: 600_000 };

export type SocketPingResult = Result<number, 'ERR_SOCKET_PING'>;

/** ZAR_SOCKET_PING_MS; DEFAULT_PING_MS when unset. */
export function socketPingFrom(env: Env): SocketPingResult {
  return durationSetting(env, 'ZAR_SOCKET_PING_MS', MILLISECONDS, DEFAULT_PING_MS, 'ERR_SOCKET_PING');
}

/**
 * Pings the open sockets and drops the silent ones. A client frozen or gone without a word (a
 * laptop shut, a network lost) leaves its socket open for as long as the operating system
 * keeps the connection, and with it its pairing requests, which could pair someone into a
 * match nobody plays. Dropping it (terminate: a dead peer never finishes a close handshake)
 * runs the socket's 'close' like any other end: its pairing requests are cancelled, its
 * presence and watches end. One timer for all sockets; the clock is the process's monotonic
 * one, not the app's, which tests may stop.
 */
export class SocketPings {
  private readonly heardAt = new Map<WebSocket, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly everyMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Watches `socket` from now until it closes: anything it sends counts as an answer. */
  add(socket: WebSocket): void {
    const heard = () => {
      if (this.heardAt.has(socket)) this.heardAt.set(socket, this.clock());
    };
    this.heardAt.set(socket, this.clock());
    socket.on('pong', heard);
    socket.on('message', heard);
    socket.once('close', () => this.heardAt.delete(socket));
    this.timer ??= this.start();
  }

  /** Sockets watched now. */
  get size(): number {
    return this.heardAt.size;
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private start(): NodeJS.Timeout {
    const timer = setInterval(() => this.tick(), this.everyMs);
    timer.unref();
    return timer;
  }

  /** Drops the sockets silent for MISSED_PINGS intervals; pings the others. */
  private tick(): void {
    const now = this.clock();
    for (const [socket, heardAt] of this.heardAt) {
      if (now - heardAt > MISSED_PINGS * this.everyMs) {
        this.heardAt.delete(socket);
        socket.terminate();
      } else if (socket.readyState === socket.OPEN) {
        socket.ping();
      }
    }
  }
}
