import { readFileSync } from 'node:fs';
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import type { Store } from '../src/store/types.js';

/** The p-th percentile of sorted values (the largest for p = 100). */
export const pct = (xs: Float64Array, p: number): number =>
  xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

/** Garbage-collection pauses on the server's thread while the clients run. */
export function gcPauses(): { stop(): string } {
  const pauses = { minor: [0, 0, 0], major: [0, 0, 0] };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const p = kind === constants.NODE_PERFORMANCE_GC_MINOR ? pauses.minor : pauses.major;
      p[0] = (p[0] ?? 0) + 1;
      p[1] = (p[1] ?? 0) + e.duration;
      p[2] = Math.max(p[2] ?? 0, e.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const show = ([n, total, max]: number[]) =>
    `${n} pauses, ${(total ?? 0).toFixed(0)} ms in all, longest ${(max ?? 0).toFixed(1)} ms`;
  return {
    stop() {
      observer.disconnect();
      return `gc: minor ${show(pauses.minor)}; other ${show(pauses.major)}`;
    },
  };
}

/** The store with its appendAction timed (until its promise settles) between start() and stop(). */
export function timedAppends(store: Store): { store: Store; start(): void; stop(): string } {
  let times: number[] | null = null;
  const appendAction: Store['appendAction'] = async (...args) => {
    const start = performance.now();
    try {
      return await store.appendAction(...args);
    } finally {
      times?.push(performance.now() - start);
    }
  };
  return {
    store: { ...store, appendAction },
    start() {
      times = [];
    },
    stop() {
      const sorted = Float64Array.from(times ?? []).sort();
      times = null;
      return (
        `appendAction ${sorted.length} calls, p50 ${pct(sorted, 50).toFixed(3)} ms, ` +
        `p99 ${pct(sorted, 99).toFixed(3)} ms, max ${pct(sorted, 100).toFixed(1)} ms`
      );
    },
  };
}

/**
 * How late a bare timer fires in this process: the baseline of a flag fall's lateness, which
 * cannot be smaller than its timer's. Every `everyMs` it sets a timer due a random 0-2 s later,
 * as flag timers are set at every action for varied waits, and keeps how late each fired.
 */
export function timerLateness(everyMs = 20): { stop(): Float64Array } {
  const late: number[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let seed = 28;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const setter = setInterval(() => {
    const wait = Math.floor(random() * 2000);
    const due = performance.now() + wait;
    const timer = setTimeout(() => {
      pending.delete(timer);
      late.push(performance.now() - due);
    }, wait);
    pending.add(timer);
  }, everyMs);
  return {
    stop() {
      clearInterval(setter);
      for (const t of pending) clearTimeout(t);
      return Float64Array.from(late).sort();
    },
  };
}

/**
 * The CPU this process used since `start`, in cores (1.00: one core busy all the time), threads
 * included, and of that the main thread's (where the server's event loop runs; Linux only) and
 * the main thread's CPU time per event (at `eventsPerSecond`): on a shared machine, less noisy
 * than the latencies.
 */
export function cpuUse(): { stop(eventsPerSecond?: number): CpuUsed } {
  const cpu = process.cpuUsage();
  const main = mainThreadCpu();
  const start = performance.now();
  return {
    stop(eventsPerSecond?: number) {
      const used = process.cpuUsage(cpu);
      const wall = (performance.now() - start) * 1000;
      const cores = (used.user + used.system) / wall;
      const mainEnd = mainThreadCpu();
      const mainCores = main === null || mainEnd === null ? null : (mainEnd - main) / wall;
      const perEvent =
        mainCores === null || eventsPerSecond === undefined || eventsPerSecond === 0
          ? null
          : (mainCores * 1e6) / eventsPerSecond;
      const text =
        `CPU ${cores.toFixed(2)} cores` +
        (mainCores === null
          ? ''
          : ` (main thread ${mainCores.toFixed(2)}${perEvent === null ? '' : `, ${perEvent.toFixed(0)} µs per event`})`);
      return { cores, mainCores, text };
    },
  };
}

export interface CpuUsed {
  readonly cores: number;
  /** The main thread's share; null where /proc cannot tell. */
  readonly mainCores: number | null;
  readonly text: string;
}

/** The main thread's CPU time in µs so far, from /proc (null where there is none). */
function mainThreadCpu(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1e6) / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ, the unit of /proc's CPU times: 100 on every common kernel. */
const CLOCK_TICKS = 100;
