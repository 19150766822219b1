/**
 * The clock workload of games.bench.ts: N live games with a custom clock running
 * (a simple delay and a reserve per point), whose players act after a think time, while a
 * share of them stop acting for good at a random moment of the measurement, so that their
 * flags fall while the server carries the others. Each trial runs the same games twice on fresh
 * servers: untimed first, as the baseline of the players' latency, then timed; the timed run's
 * flag falls are read back from the store (clock-falls.ts) and their lateness reported against
 * the target, ≤ 100 ms at p99.
 *
 * Money play by default (`--clock-length 0`): the reserve is then two points' worth per game,
 * refilled every game, and a session never ends on its own, so all N games stay live for the
 * whole measurement (a short match would end and leave fewer games carrying the load).
 *
 * Reading it: the falls come about fifteen a second, so with some 340 of them the p99 is the
 * fourth latest, and one stall of the server's event loop longer than the target (a long garbage
 * collection, or the process not scheduled on a busy machine) puts several falls past it at
 * once; the latest falls are listed with when they were due, and falls late together are such
 * a stall. The bare timer the run sets beside them (probes.ts timerLateness) is the floor: a
 * flag whose p99 is near the bare timer's is as late as the process, not the room.
 */
import { fullReserve, MONEY_GAME_POINTS } from '@zar/match';
import type { Store } from '../src/store/types.js';
import { seededRandom } from '../test/support/harness.js';
import { type Fall, fallReport, fallsOf } from './clock-falls.js';
import type { Measured } from './players.js';
import { pct } from './probes.js';
import { type BenchConfig, median, type PlannedGame, type Result, runLive } from './server-run.js';

export interface ClockOptions {
  readonly delayMs: number;
  readonly perPointMs: number;
  readonly length: number;
  /** The share of games whose player stops acting. */
  readonly stallShare: number;
  /** A stalling player stops within this many seconds of the measurement's start. */
  readonly stallWithinSeconds: number;
  readonly think: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
  readonly trials: number;
  readonly store: (trial: number, name: string) => Promise<Store>;
}

/** Game g's stop, the same in every run of an invocation, so the baseline plays the same games. */
function stallPlan(games: number, share: number, withinMs: number): (number | null)[] {
  const random = seededRandom(28);
  return Array.from({ length: games }, () => {
    const stalls = random() < share;
    const at = Math.round(random() * withinMs);
    return stalls ? at : null;
  });
}

export async function clockWorkload(config: BenchConfig, o: ClockOptions): Promise<void> {
  const clock = { kind: 'timed', delayMs: o.delayMs, perPointMs: o.perPointMs } as const;
  const stretch = o.delayMs + fullReserve(clock, o.length);
  const plan = stallPlan(config.games, o.stallShare, o.stallWithinSeconds * 1000);
  const kind =
    o.length === 0 ? `money play, a reserve of ${MONEY_GAME_POINTS} points a game` : `${o.length}-point matches`;
  console.log(
    `clock workload: ${config.games} live games (${kind}), clock ${o.delayMs / 1000} s delay + ` +
      `${o.perPointMs / 1000} s a point (a flag falls at most ${stretch / 1000} s after its player stops), ` +
      `think ${o.think} ms, ${o.warmupSeconds} s warm-up + ${o.seconds} s measured; ` +
      `${plan.filter((p) => p !== null).length} players stop acting within the first ${o.stallWithinSeconds} s; ` +
      `${o.trials} trial(s) of untimed (the baseline) then timed`,
  );
  if (o.stallWithinSeconds * 1000 + stretch > o.seconds * 1000) {
    console.log("  (some stopped players' flags fall after the measurement: those are not counted)");
  }
  const base = {
    flooded: false,
    workload: { think: o.think, warmupSeconds: o.warmupSeconds, seconds: o.seconds },
    length: o.length,
    timerProbe: true,
    stallOf: (g: number) => plan[g] ?? null,
  };
  const runs: { untimed: Result[]; timed: Result[] } = { untimed: [], timed: [] };
  const falls: Fall[] = [];
  const timerP99s: number[] = [];
  const after = async (store: Store, games: readonly PlannedGame[], m: Measured, timers?: Float64Array) => {
    const found = await fallsOf(store, games, m, m.timeouts);
    falls.push(...found);
    const timerP99 = timers === undefined ? undefined : pct(timers, 99);
    if (timerP99 !== undefined) timerP99s.push(timerP99);
    for (const l of fallReport(found, timerP99).lines) console.log(`  ${l}`);
  };
  for (let t = 0; t < o.trials; t++) {
    runs.untimed.push(await runLive(config, { ...base, name: 'untimed' }, await o.store(t, 'untimed')));
    runs.timed.push(await runLive(config, { ...base, name: 'timed', clock, after }, await o.store(t, 'timed')));
  }
  summary(runs, falls, median(timerP99s), o.trials);
}

/** `timerP99`: the median of the timed runs' bare timers' p99. */
function summary(
  runs: { untimed: Result[]; timed: Result[] },
  falls: readonly Fall[],
  timerP99: number,
  trials: number,
): void {
  console.log(`clock workload, median of ${trials} trial(s):`);
  const med = (rs: readonly Result[], p: number) => median(rs.map((r) => pct(r.latencies, p)));
  for (const [name, rs] of Object.entries(runs)) {
    const acts = median(rs.map((r) => r.acts / r.seconds));
    console.log(
      `${name.padEnd(8)}  acts/s ${acts.toFixed(0).padStart(6)}  ` +
        `p50 ${med(rs, 50).toFixed(2)} ms  p99 ${med(rs, 99).toFixed(2)} ms  ` +
        `(p99 per trial: ${rs.map((r) => pct(r.latencies, 99).toFixed(1)).join(', ')})`,
    );
  }
  console.log(
    `timed / untimed (the players' latency with clocks running against without): ` +
      `p99 ×${(med(runs.timed, 99) / med(runs.untimed, 99)).toFixed(2)}, ` +
      `p50 ×${(med(runs.timed, 50) / med(runs.untimed, 50)).toFixed(2)}`,
  );
  const { lines } = fallReport(falls, Number.isNaN(timerP99) ? undefined : timerP99);
  for (const l of lines) console.log(trials > 1 ? `all trials: ${l}` : l);
}
