import type { FrameVerdict } from '../http/socket.js';
import { Buckets } from './bucket.js';
import type { Limits } from './config.js';

/** What the socket layer asks of a count of sockets per address (http/socket.ts). */
export interface SocketCount {
  /** Counts a socket from `address`; false (nothing counted) when it has its share open. */
  admit(address: string): boolean;
  /** The socket `admit` counted has closed. */
  release(address: string): void;
}

/**
 * Sockets open at once per address, in this process. Memory is bounded by the sockets themselves: an address
 * is held only while it has one open, and each has at most `socketsPerAddress`.
 */
export class OpenSockets implements SocketCount {
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts a socket from `address`; false (nothing counted) when it has its share open. */
  admit(address: string): boolean {
    const open = this.byAddress.get(address) ?? 0;
    if (open >= this.max) return false;
    this.byAddress.set(address, open + 1);
    return true;
  }

  /** The socket `admit` counted has closed. */
  release(address: string): void {
    const open = (this.byAddress.get(address) ?? 0) - 1;
    if (open > 0) this.byAddress.set(address, open);
    else this.byAddress.delete(address);
  }
}

/**
 * The frames one socket may send: a token bucket of `messageBurst` refilled at
 * `messagesPerSecond`. A frame over it is refused, the first of a run with an error frame (a
 * flood must not be answered frame for frame); a socket that goes on past a whole burst of
 * refusals without waiting is closed. The clock is the process's monotonic one, not the
 * app's, which tests may stop.
 */
export class FrameBudget {
  private readonly bucket: Buckets;
  private refusedInRow = 0;

  constructor(
    limits: Limits,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.bucket = new Buckets(limits.messagesPerSecond * 60, limits.messageBurst, 1);
  }

  take(): FrameVerdict {
    if (this.bucket.take('', this.clock()).ok) {
      this.refusedInRow = 0;
      return 'handle';
    }
    this.refusedInRow++;
    if (this.refusedInRow > this.bucket.burst) return 'close';
    return this.refusedInRow === 1 ? 'refuse' : 'refuse-quietly';
  }
}
