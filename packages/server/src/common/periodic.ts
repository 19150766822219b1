export interface PeriodicOptions<T> {
  /** The time from one tick to the next. */
  readonly everyMs: number;
  /** One pass of the work. */
  readonly pass: () => Promise<T>;
  /** Told a pass's error; the next tick tries again. */
  readonly failed: (e: unknown) => void;
}

/**
 * Work a timer repeats, a pass at a time (the sweeps: correspondence deadlines, tournaments).
 * A tick that finds a pass under way is skipped, so a slow store never piles passes up; a pass
 * asked for (run) waits for the one under way, so that it sees everything done before it was
 * asked. A pass's error is told, never thrown: a sweep that failed is the next tick's to try
 * again. The timer does not hold the process open.
 */
export class Periodic<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T | null> | null = null;
  private done = false;

  constructor(private readonly options: PeriodicOptions<T>) {}

  /** Whether it was closed: a pass under way may look at it to stop early. */
  get closed(): boolean {
    return this.done;
  }

  /** Repeats the pass every `everyMs` from now on, the first one at once when `now`; started already, nothing changes. */
  start(now: boolean): void {
    if (this.done || this.timer !== null) return;
    const tick = () => {
      if (this.running === null) void this.run();
    };
    if (now) tick();
    this.timer = setInterval(tick, this.options.everyMs);
    this.timer.unref();
  }

  /** No more ticks until it is started again; a pass under way goes on. */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass from now, after the one under way if any: its answer; null when it failed or this is closed. */
  run(): Promise<T | null> {
    const pass = (this.running ?? Promise.resolve(null))
      .then(() => (this.done ? null : this.options.pass()))
      .catch((e: unknown) => {
        this.options.failed(e);
        return null;
      })
      .finally(() => {
        if (this.running === pass) this.running = null;
      });
    this.running = pass;
    return pass;
  }

  /** Stops for good; resolves once the pass under way has ended. */
  async close(): Promise<void> {
    this.done = true;
    this.stop();
    await this.running;
  }
}
