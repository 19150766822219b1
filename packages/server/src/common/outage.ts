/** Where an outage is told: a logger's warn (pino's, or a test's). */
export interface OutageLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * A task a timer repeats (the session sweep, the heartbeat, the lobby's and the live list's
 * reads) fails at every tick while the database is away, a second at a time for as long as
 * the outage lasts. The operator is told twice: when it starts failing (with the error), and
 * when it works again; the ticks between add nothing he does not know.
 */
export class Outage {
  private down = false;

  constructor(
    private readonly log: OutageLog,
    /** What failed, said once when it starts failing. */
    private readonly failing: string,
    /** Said once when it works again. */
    private readonly back: string,
  ) {}

  /** Whether the task is failing now. */
  get failingNow(): boolean {
    return this.down;
  }

  /** A tick failed. */
  failed(e: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.warn({ err: e }, this.failing);
  }

  /** A tick worked. */
  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.warn(this.back);
  }
}
