/**
 * Runs the work nobody waits on at a socket (bot decisions, opening rolls) a few at a time,
 * handing the event loop back in between. Without it, a burst of due bot moves would run back
 * to back in one turn of the loop (every due timer or immediate runs before the loop reads the
 * sockets again), and a person's action would wait behind all of them.
 *
 * A task may be queued `first`: a game's first step once its room is built here (taken over
 * from an instance that died, or loaded again) has waited already, while its board stood still,
 * so it goes before the steps of games that are moving; each lane keeps its order. (A takeover's
 * survivors, at 2,000 games on the 2-core machine, had 300 to 800 steps waiting here.)
 */
export class Pacer {
  private readonly lanes = [new Lane(), new Lane()] as const;
  private inFlight = 0;
  private scheduled = false;

  /** `batch`: tasks started per turn of the event loop (and at most in flight at once). */
  constructor(private readonly batch = 4) {}

  get waiting(): number {
    return this.lanes[0].size + this.lanes[1].size;
  }

  enqueue(task: () => Promise<unknown>, first = false): void {
    this.lanes[first ? 0 : 1].push(task);
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
    while (this.inFlight < this.batch) {
      const task = this.lanes[0].shift() ?? this.lanes[1].shift();
      if (task === undefined) break;
      this.inFlight++;
      void task()
        .catch(() => undefined)
        .finally(() => {
          this.inFlight--;
          this.wake();
        });
    }
  };
}

/** A queue of tasks that shifts in O(1) (an index into an array compacted now and then). */
class Lane {
  private readonly tasks: (() => Promise<unknown>)[] = [];
  private head = 0;

  get size(): number {
    return this.tasks.length - this.head;
  }

  push(task: () => Promise<unknown>): void {
    this.tasks.push(task);
  }

  shift(): (() => Promise<unknown>) | undefined {
    if (this.head === this.tasks.length) return undefined;
    const task = this.tasks[this.head];
    this.tasks[this.head++] = noop;
    if (this.head === this.tasks.length) {
      this.tasks.length = 0;
      this.head = 0;
    } else if (this.head > 1024) {
      this.tasks.splice(0, this.head);
      this.head = 0;
    }
    return task;
  }
}

const noop = (): Promise<void> => Promise.resolve();
