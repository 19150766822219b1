/**
 * games.bench.ts `--instances N` (N ≥ 2), after the measured trials: the same live games on N
 * instances, and the last instance SIGKILLed `KILL_AFTER_S` seconds into the measurement. Its
 * games are taken over by the others; a player whose socket died with it connects again to
 * another instance and joins again, as a page behind the balancer does. Printed: the time from
 * the death to each of its games' first event received after it (p50/p99/max; the issue's target
 * is ≤ 5 s at p99), and how many never moved again before the run ended.
 */
import { gamesOn, type Shared, seatBatches, startInstances } from './instances.js';
import type { Measured } from './players.js';
import { pct } from './probes.js';
import { type BenchConfig, clientProcess, type RunSpec, report } from './server-run.js';

/** When the instance dies, in seconds into the measured window. */
const KILL_AFTER_S = 2;
/** How long the run goes on after the death, at least: a takeover slower than this counts as none. */
const AFTER_DEATH_S = 10;

export interface Takeover {
  /** The dead instance's games (those that had not ended). */
  readonly games: number;
  /** Death → each game's first event after it, in ms, sorted; games that never moved are left out. */
  readonly moved: Float64Array;
}

export async function runTakeover(
  config: BenchConfig,
  spec: RunSpec,
  count: number,
  shared: Shared,
  tag: string,
  cross = false,
): Promise<Takeover> {
  const children = startInstances(config, count, shared, tag);
  const victim = count - 1;
  try {
    const { urls, seats, made } = await gamesOn(config, children, cross);
    const workload = {
      ...spec.workload,
      seconds: Math.max(spec.workload.seconds, KILL_AFTER_S + AFTER_DEATH_S),
    };
    let diedAt = 0;
    const connected = async () => {
      setTimeout(
        () => {
          diedAt = Date.now();
          children[victim]?.kill();
        },
        (workload.warmupSeconds + KILL_AFTER_S) * 1000,
      );
    };
    const job = { url: '', workload, instances: urls, track: true };
    const measured = await clientProcess(config.entry, job, seatBatches(seats), connected);
    console.log(report(config, { ...measured, name: spec.name, latencies: Float64Array.from(measured.latencies) }));
    // A game that ended moves no more, whoever owns it.
    const ended = new Set(measured.ended);
    const games = new Set(made[victim]?.map((s) => s.game).filter((g) => !ended.has(g)));
    const moved = [...games]
      .map((g) => measured.moved?.[g]?.find((at) => at > diedAt))
      .filter((at): at is number => at !== undefined)
      .map((at) => at - diedAt);
    const takeover = { games: games.size, moved: Float64Array.from(moved).sort() };
    console.log(`  ${takeoverLine(`${tag}-z${victim + 1}`, takeover)}`);
    console.log(`  ${stagesLine(stages(games, diedAt, measured))}`);
    return takeover;
  } finally {
    for (const c of children) c.send({ t: 'close' });
    await Promise.all(children.map((c) => c.exited));
  }
}

/** Where a takeover's time goes, over the dead instance's games, each in ms after the death. */
interface Stages {
  /** Its player's socket seen closed. */
  readonly closed: Float64Array;
  /** Its player's socket open again, to another instance. */
  readonly reopened: Float64Array;
  /** Its player's join answered (a `state`) on the instance he connected to again. */
  readonly joined: Float64Array;
  /** Its player's first action sent. */
  readonly acted: Float64Array;
  /** That action → the first event after it (a move then is what the player waited for). */
  readonly answered: Float64Array;
}

function stages(games: ReadonlySet<string>, diedAt: number, m: Measured): Stages {
  const after = (times: Readonly<Record<string, readonly number[]>> | undefined, g: string, from = diedAt) =>
    times?.[g]?.find((at) => at > from);
  const closed: number[] = [];
  const reopened: number[] = [];
  const joined: number[] = [];
  const acted: number[] = [];
  const answered: number[] = [];
  for (const g of games) {
    const close = after(m.closed, g);
    if (close !== undefined) closed.push(close - diedAt);
    const open = after(m.reopened, g);
    if (open !== undefined) reopened.push(open - diedAt);
    const state = after(m.states, g);
    if (state !== undefined) joined.push(state - diedAt);
    const act = after(m.sent, g);
    if (act === undefined) continue;
    acted.push(act - diedAt);
    const event = after(m.moved, g, act);
    if (event !== undefined) answered.push(event - act);
  }
  const sorted = (xs: number[]) => Float64Array.from(xs).sort();
  return {
    closed: sorted(closed),
    reopened: sorted(reopened),
    joined: sorted(joined),
    acted: sorted(acted),
    answered: sorted(answered),
  };
}

function stagesLine(s: Stages): string {
  const both = (xs: Float64Array) =>
    xs.length === 0 ? 'none' : `p50 ${pct(xs, 50).toFixed(0)} ms, p99 ${pct(xs, 99).toFixed(0)} ms (${xs.length})`;
  return (
    `after the death: the player's socket seen closed ${both(s.closed)}; open again ${both(s.reopened)}; his join answered ${both(s.joined)}; his first action sent ${both(s.acted)}; ` +
    `that action answered ${both(s.answered)} later`
  );
}

export function takeoverLine(name: string, t: Takeover): string {
  const ms = (p: number) => `${pct(t.moved, p).toFixed(0)} ms`;
  const stuck = t.games - t.moved.length;
  return (
    `${name} SIGKILLed: its ${t.games} games moving again after p50 ${ms(50)}, p99 ${ms(99)}, max ${ms(100)}` +
    ` (target ≤ 5000 ms at p99)${stuck > 0 ? `; ${stuck} never moved again within the run` : ''}`
  );
}
