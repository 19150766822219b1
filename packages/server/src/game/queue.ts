import type { Log } from '../common/log.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import { fail, type RoomResult, unavailable } from './room-result.js';

/** What a room's queue needs from the room's dependencies (RoomDeps). */
export interface QueueDeps {
  readonly log: Log;
}

/**
 * A room's commands, run one at a time in the order they came (the mailbox of lila's round
 * actor): each starts once the one before has answered, a failure is logged and answered as a
 * refusal (the store away, or the server's fault), and once closed nothing more runs. It knows
 * nothing of games; the room is its only user, and `touched` tells it when a command came or
 * ended (a room recently busy is not dropped from memory).
 */
export class CommandQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** Commands queued and not yet answered. */
  pending = 0;
  private closed = false;

  constructor(
    private readonly game: string,
    private readonly deps: QueueDeps,
    private readonly touched: () => void,
  ) {}

  /** Runs `task` after every command queued before it; answers what it answers, or the refusal of its failure. */
  run<T>(task: () => Promise<RoomResult<T>>): Promise<RoomResult<T>> {
    this.pending++;
    this.touched();
    const run = async (): Promise<RoomResult<T>> => {
      try {
        if (this.closed) return fail('ERR_CLOSED', 'the server is shutting down');
        return await task();
      } catch (e) {
        this.deps.log[isStoreUnavailable(e) ? 'warn' : 'error']({ err: e, game: this.game }, 'room command failed');
        return isStoreUnavailable(e) ? unavailable() : fail('ERR_INTERNAL', 'the server could not do that');
      } finally {
        this.pending--;
        this.touched();
      }
    };
    const result = this.tail.then(run);
    this.tail = result;
    return result;
  }

  /** Nothing queued from now on runs; resolves when what was queued before has answered. */
  close(): Promise<unknown> {
    this.closed = true;
    return this.tail;
  }
}
