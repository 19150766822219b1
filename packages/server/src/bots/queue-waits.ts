import type { BotJob } from './jobs.js';

/**
 * How long the bot pool's jobs waited between being queued and starting on a worker, and how
 * long they then ran, by kind: the delay one kind of work (the background analysis) causes
 * another (a game's bot move, a hint) measured where it happens, rather than inside the
 * end-to-end time of a bot move, where the bot's own thinking and its pacing hide it. The
 * benchmarks give one to the pool (bench/bots.bench.ts); a server without one pays two clock
 * readings a job. Bounded: the last CAPACITY samples of each kind.
 */
export type JobKind = BotJob['kind'];

const KINDS: readonly JobKind[] = ['decide', 'hint', 'board', 'analyse'];
/** Samples kept a kind and measure (a benchmark's 60 s at a few hundred jobs a second). */
const CAPACITY = 16_384;

/** The last `capacity` values of one measure, and how many there were in all. */
class Ring {
  private readonly values: Float64Array;
  private next = 0;
  count = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
  }

  add(ms: number): void {
    this.values[this.next] = ms;
    this.next = (this.next + 1) % this.values.length;
    this.count++;
  }

  /** The values kept, in ascending order. */
  sorted(): Float64Array {
    return this.values.slice(0, Math.min(this.count, this.values.length)).sort();
  }

  clear(): void {
    this.next = 0;
    this.count = 0;
  }
}

/** The samples of one kind: `count` in all, the last of them kept (sorted). */
export interface WaitSamples {
  readonly count: number;
  readonly sorted: Float64Array;
}

export class QueueWaits {
  private readonly waits = new Map<JobKind, Ring>();
  private readonly runs = new Map<JobKind, Ring>();

  constructor(capacity = CAPACITY) {
    for (const kind of KINDS) {
      this.waits.set(kind, new Ring(capacity));
      this.runs.set(kind, new Ring(capacity));
    }
  }

  /** A job of `kind` started after waiting `ms` in the queue. */
  waited(kind: JobKind, ms: number): void {
    this.waits.get(kind)?.add(ms);
  }

  /** A job of `kind` was answered `ms` after it started on its worker. */
  ran(kind: JobKind, ms: number): void {
    this.runs.get(kind)?.add(ms);
  }

  waitsOf(kind: JobKind): WaitSamples {
    return samplesOf(this.waits.get(kind));
  }

  runsOf(kind: JobKind): WaitSamples {
    return samplesOf(this.runs.get(kind));
  }

  /** Forgets every sample: what follows is measured alone. */
  clear(): void {
    for (const ring of this.waits.values()) ring.clear();
    for (const ring of this.runs.values()) ring.clear();
  }
}

const samplesOf = (ring: Ring | undefined): WaitSamples =>
  ring === undefined ? { count: 0, sorted: new Float64Array(0) } : { count: ring.count, sorted: ring.sorted() };
