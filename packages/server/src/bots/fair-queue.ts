/**
 * Bot work waiting for a worker, shared fairly among its owners (bots/owners.ts: a tournament,
 * an address, a person or a game). Within a priority class, the next job is the oldest of the
 * owner who has been served least (the worker time its jobs took, charged when each is done);
 * an owner who arrives, or comes back after a pause, starts level with the least-served owner
 * waiting, so nobody banks credit while idle and a newcomer is served within a round. Ties go
 * to the owner served longest ago, which is round-robin when jobs cost the same. This is
 * start-time fair queueing (least attained service with a floor) rather than deficit
 * round-robin because a job's cost is known only once it ran: a master decision can take 100
 * times a beginner's, a hint more still, and counting jobs would hand one owner that much more.
 *
 * Classes are strict: a lower class (background work) is taken only when no higher-class job
 * waits. `take` may cap how many jobs one owner has taken and not yet done, so that one owner
 * can leave a worker free for others. Pure: no timers, no workers; the pool (pool.ts) takes,
 * runs and reports each job. A take looks at every owner present (with work waiting or
 * running): as many as games waiting for their bot, and an owner leaves when he has none.
 */

/** A job taken and not yet done; give it back to `done` once it ran (or was given up). */
export interface Taken<T> {
  readonly job: T;
  readonly owner: string;
  readonly priority: number;
}

interface Flow<T> {
  readonly owner: string;
  readonly waiting: T[];
  /** Worker time its jobs took, on the class's own scale (see the floor in `flowOf`). */
  served: number;
  /** Jobs taken and not yet done. */
  inFlight: number;
  /** When it was last taken from (or arrived): the older turn goes first among equals. */
  turn: number;
}

/** One priority class: its owners with jobs waiting or running. */
class Band<T> {
  readonly flows = new Map<string, Flow<T>>();
  waiting = 0;
}

export class FairQueue<T> {
  private readonly bands: Band<T>[];
  private turns = 0;

  /** `classes` priority classes: 0 is the highest. */
  constructor(classes = 1) {
    if (!Number.isInteger(classes) || classes < 1) throw new Error(`a fair queue needs classes, not ${classes}`);
    this.bands = Array.from({ length: classes }, () => new Band<T>());
  }

  /** Jobs waiting (not taken), in every class. */
  get size(): number {
    return this.bands.reduce((n, band) => n + band.waiting, 0);
  }

  /** Queues `job` for `owner`; `front`: before the owner's other jobs (a job given back after a failure). */
  push(owner: string, job: T, priority = 0, front = false): void {
    const band = this.band(priority);
    const flow = this.flowOf(band, owner);
    if (front) flow.waiting.unshift(job);
    else flow.waiting.push(job);
    band.waiting++;
  }

  /**
   * The next job, or null when none may go now: none waits, or every owner waiting in the
   * highest class with jobs already has `perOwner` taken. It counts as taken until `done`.
   * Only classes above `below` are looked at: a caller that keeps workers from a class (no
   * more of them busy with background work) takes with `below` set to that class.
   */
  take(perOwner = Number.POSITIVE_INFINITY, below = this.bands.length): Taken<T> | null {
    for (let priority = 0; priority < Math.min(below, this.bands.length); priority++) {
      const band = this.band(priority);
      if (band.waiting === 0) continue;
      let best: Flow<T> | null = null;
      for (const flow of band.flows.values()) {
        if (flow.waiting.length === 0 || flow.inFlight >= perOwner) continue;
        if (best === null || flow.served < best.served || (flow.served === best.served && flow.turn < best.turn))
          best = flow;
      }
      // Strict classes: a lower one waits while this one has work, even work held back by the cap.
      if (best === null) return null;
      const job = best.waiting.shift() as T;
      band.waiting--;
      best.inFlight++;
      best.turn = ++this.turns;
      return { job, owner: best.owner, priority };
    }
    return null;
  }

  /** A taken job ran (or was given up) and took `cost` of a worker's time, charged to its owner. */
  done(taken: Taken<T>, cost: number): void {
    const band = this.band(taken.priority);
    const flow = band.flows.get(taken.owner);
    if (flow === undefined || flow.inFlight === 0) throw new Error(`no job of ${taken.owner} was taken`);
    flow.inFlight--;
    flow.served += Math.max(0, cost);
    this.dropIdle(band, flow);
  }

  /** Takes `job` out of the queue if it still waits there (a hint whose asker stopped waiting); true if it did. */
  remove(owner: string, job: T, priority = 0): boolean {
    const band = this.band(priority);
    const flow = band.flows.get(owner);
    const at = flow?.waiting.indexOf(job) ?? -1;
    if (flow === undefined || at < 0) return false;
    flow.waiting.splice(at, 1);
    band.waiting--;
    this.dropIdle(band, flow);
    return true;
  }

  /** Every waiting job, oldest of each owner first, leaving none waiting (the pool is closing or has no worker). */
  drain(): T[] {
    const jobs: T[] = [];
    for (const band of this.bands) {
      for (const flow of [...band.flows.values()]) {
        jobs.push(...flow.waiting.splice(0));
        this.dropIdle(band, flow);
      }
      band.waiting = 0;
    }
    return jobs;
  }

  private band(priority: number): Band<T> {
    const band = this.bands[priority];
    if (band === undefined) throw new Error(`no priority class ${priority} (there are ${this.bands.length})`);
    return band;
  }

  private flowOf(band: Band<T>, owner: string): Flow<T> {
    const known = band.flows.get(owner);
    if (known !== undefined) return known;
    // Level with the least-served owner present: an idle owner is forgotten, so it banks nothing.
    let floor = Number.POSITIVE_INFINITY;
    for (const flow of band.flows.values()) floor = Math.min(floor, flow.served);
    const flow: Flow<T> = {
      owner,
      waiting: [],
      served: Number.isFinite(floor) ? floor : 0,
      inFlight: 0,
      turn: ++this.turns,
    };
    band.flows.set(owner, flow);
    return flow;
  }

  /** An owner with nothing waiting or running is forgotten: memory stays bounded by the work present. */
  private dropIdle(band: Band<T>, flow: Flow<T>): void {
    if (flow.waiting.length === 0 && flow.inFlight === 0) band.flows.delete(flow.owner);
  }
}
