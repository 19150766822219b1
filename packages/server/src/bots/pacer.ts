/**
 * Runs the work nobody waits on at a socket (bot decisions, opening rolls) a few at a time,
 * handing the event loop back in between. Without it, a burst of due bot moves would run back
 * to back in one turn of the loop (every due timer or immediate runs before the loop reads the
 * sockets again), and a person's action would wait behind all of them.
 */
export class Pacer {
  private readonly queue: (() => Promise<unknown>)[] = [];
  private head = 0;
  private inFlight = 0;
  private scheduled = false;

  /** `batch`: tasks started per turn of the event loop (and at most in flight at once). */
  constructor(private readonly batch = 4) {}

  get waiting(): number {
    return this.queue.length - this.head;
  }

  enqueue(task: () => Promise<unknown>): void {
    this.queue.push(task);
    this.wake();
  }

  private wake(): void {
    if (this.scheduled || this.waiting === 0 || this.inFlight >= this.batch) return;
    this.scheduled = true;
    // An immediate runs after the loop has polled the sockets: people's actions come first.
    setImmediate(this.drain);
  }

  private readonly drain = (): void => {
    this.scheduled = false;
    while (this.inFlight < this.batch && this.head < this.queue.length) {
      const task = this.queue[this.head] as () => Promise<unknown>;
      this.queue[this.head++] = noop;
      this.inFlight++;
      void task()
        .catch(() => undefined)
        .finally(() => {
          this.inFlight--;
          this.wake();
        });
    }
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    } else if (this.head > 1024) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  };
}

const noop = (): Promise<void> => Promise.resolve();
