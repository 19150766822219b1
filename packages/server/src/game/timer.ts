/**
 * One wait of a room's at a time (the automatic actions' timer): a new wait replaces the one
 * before, and a wait of 0 runs its step at once, in the same turn of the event loop.
 */
export class StepTimer {
  private timer: NodeJS.Timeout | null = null;

  /** A wait is running. */
  get armed(): boolean {
    return this.timer !== null;
  }

  /** Runs `step` after `waitMs`, or now when that is 0. */
  after(waitMs: number, step: () => void): void {
    this.clear();
    if (waitMs <= 0) {
      step();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      step();
    }, waitMs);
  }

  clear(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
  }
}
