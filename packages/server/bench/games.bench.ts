/**
 * Live games under load: `npm run bench -w @zar/server [-- --games 1000 --seconds 10 --trials 3 --think 1000]`.
 *
 * `--games 500,1000,2000,5000` runs the workload at each size in turn, on fresh servers, and ends
 * with the curve: per size and store, the players' p99 of each trial, the actions a second, the
 * server's event-loop delay at p99 and its CPU (the clock workload, unless `--clock none`, runs at
 * the first size).
 *
 * Starts the server in this process, once per store: the memory store, SQLite in a temp file
 * with the fast append path and off-thread checkpoints, and (`--variant all`, the default)
 * SQLite the old way, every append through kysely with SQLite's own checkpoints, as the
 * baseline measured in the same run; `--variant postgres` runs it on PostgreSQL (a private
 * cluster with fsync on, or the one at DATABASE_URL; a fresh database each run), the one-instance
 * baseline of several instances. It opens one WebSocket client per game (two with
 * `--mode pair`), and lets each play random legal actions for its seat against a bot that
 * answers at once. A client waits `--think` ms (±50 %) before each action, like a quick
 * person; `--think 0` saturates the server instead. Latency is from sending an action to
 * receiving its event (the stored, broadcast action), as that client sees it.
 *
 * The bots think in the server's worker pool (`--bot-workers N`, default the server's own:
 * two; 0 puts them on the server's thread). By default they are the baseline
 * heuristic bot (`--bots baseline`, about 0.05 ms a decision) at `--level` (default club), so
 * the numbers are the server's own: at this load (about 1,000 bot decisions a second) the
 * neural bot (`--bots strongest`: 0.2 to 0.6 ms a decision on average at 0-ply, 60 ms at
 * expert) keeps a worker busy a third of the time or more, and on a 2-core machine that core is
 * the one the clients and the server share. Use `--bots strongest` to measure the whole.
 *
 * `--noisy` measures a noisy neighbour: each trial runs the same workload twice on
 * fresh servers, once alone and once beside a client that floods actions on unknown game ids
 * over `--flood-sockets` sockets from one address (flood.ts), and compares the players'
 * latency. The target is a p99 with the flood within 2× of the p99 without. It measures the
 * SQLite store unless `--variant` says otherwise.
 *
 * `--instances N` runs the workload on N server instances sharing PostgreSQL and Redis (a
 * private redis-server, or REDIS_URL), each a process of its own (instances.ts), beside the same
 * load on one such instance in the same run: game g is made by instance g mod N and its players
 * connect there (`--cross`: to the next instance, so every action is forwarded to the game's
 * instance and every frame relayed back). It prints each instance's CPU and event-loop delay,
 * then runs the games once more on N instances and SIGKILLs the last one during the run
 * (takeover.ts): the time from its death to each of its games moving again; `--kill-only` runs that
 * alone, `--trials` times. (The clock workload and `--noisy` are for one in-process server;
 * `--instances` leaves them out.)
 *
 * Then, unless `--clock none` (the default with `--noisy`; `--clock only` runs it alone), the
 * clock workload (clock-workload.ts): the same number of games with a custom clock
 * running (`--clock-delay` ms of delay, default 2000, and `--clock-per-point` ms of reserve a
 * point, default 5000; money play unless `--clock-length`), a share of whose players
 * (`--clock-stall`, a third) stop acting within the first `--clock-stall-within` seconds of the
 * `--clock-seconds` measured, so that their flags fall under the others' load. It reports the
 * players' latency with clocks running against the same games untimed, and how late each flag
 * fall was declared (target ≤ 100 ms at p99) and seen, on `--clock-variant` (default sqlite).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { memoryStore, openSqlite, openStore, sqlStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { clockWorkload } from './clock-workload.js';
import { runInstances, serveInstance } from './instances.js';
import { pct } from './probes.js';
import { type BenchConfig, median, type Result, runLive, servePlayers } from './server-run.js';
import { type SharedServices, sharedServices } from './shared-services.js';
import { runTakeover } from './takeover.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    trials: { type: 'string', default: '3' },
    think: { type: 'string', default: '1000' },
    mode: { type: 'string', default: 'bot' },
    /**
     * memory | sqlite | kysely (SQLite the old way) | postgres | both (memory and sqlite) | all
     * (memory, sqlite and kysely: the default without --noisy).
     */
    variant: { type: 'string' },
    /** N server instances on PostgreSQL and Redis, beside one such instance. */
    instances: { type: 'string' },
    /** With --instances: each player connects to an instance other than his game's. */
    cross: { type: 'boolean', default: false },
    /** With --instances: only the run with an instance killed, `--trials` times. */
    'kill-only': { type: 'boolean', default: false },
    /** Each run alone and again beside a flooding client. */
    noisy: { type: 'boolean', default: false },
    /** The flooding client's sockets, all from one address. */
    'flood-sockets': { type: 'string', default: '1' },
    /** 'same': clients in the server's process; 'separate' (default): in a child process. */
    clients: { type: 'string', default: 'separate' },
    role: { type: 'string', default: 'server' },
    /** The bot seats' level (beginner … master). */
    level: { type: 'string', default: 'club' },
    /** baseline (the heuristic bot, whatever the level) | strongest (the neural bot for backgammon). */
    bots: { type: 'string', default: 'baseline' },
    /** Bot worker threads; 0: bots on the server's thread. Default: the server's own (ZAR_BOT_WORKERS, else two). */
    'bot-workers': { type: 'string' },
    /** The clock workload: also (after the runs above; the default without --noisy) | only | none. */
    clock: { type: 'string' },
    'clock-delay': { type: 'string', default: '2000' },
    'clock-per-point': { type: 'string', default: '5000' },
    /** The match length of the clock workload's games; 0 (money play) by default. */
    'clock-length': { type: 'string', default: '0' },
    /** The share of the clock workload's games whose player stops acting. */
    'clock-stall': { type: 'string', default: '0.33' },
    'clock-stall-within': { type: 'string', default: '10' },
    'clock-seconds': { type: 'string', default: '25' },
    'clock-trials': { type: 'string', default: '1' },
    /** The clock workload's store: memory | sqlite | kysely. */
    'clock-variant': { type: 'string', default: 'sqlite' },
  },
});
const SIZES = args.games.split(',').map(Number);
if (SIZES.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--games takes counts of games: ${args.games}`);
const GAMES = SIZES[0] as number;
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const TRIALS = Math.max(1, Number(args.trials));
const THINK = Number(args.think);
const MODE = args.mode === 'pair' ? 'pair' : 'bot';
const NOISY = args.noisy === true;
const VARIANT = args.variant ?? (NOISY ? 'sqlite' : 'all');
const INSTANCES = args.instances === undefined ? null : Number(args.instances);
if (INSTANCES !== null && !(Number.isInteger(INSTANCES) && INSTANCES >= 1)) {
  throw new Error(`--instances takes a count of instances: ${args.instances}`);
}
const CLOCK = args.clock ?? (NOISY || INSTANCES !== null ? 'none' : 'also');
const KILL_ONLY = args['kill-only'] === true;
if (KILL_ONLY && (INSTANCES === null || INSTANCES < 2)) throw new Error('--kill-only needs --instances 2 or more');

const config: BenchConfig = {
  games: GAMES,
  mode: MODE,
  level: args.level,
  bots: args.bots === 'strongest' ? 'strongest' : 'baseline',
  botWorkers: args['bot-workers'] === undefined ? undefined : Number(args['bot-workers']),
  separate: args.clients !== 'same',
  entry: fileURLToPath(import.meta.url),
  floodSockets: Math.max(1, Number(args['flood-sockets'])),
  nameWidth: NOISY ? 13 : INSTANCES !== null ? 12 : 8,
};

type Variant = 'memory' | 'sqlite' | 'kysely' | 'postgres';

/** PostgreSQL and Redis, started when a run first needs them. */
const services: SharedServices = sharedServices();

async function storeFor(variant: Variant, dir: string, tag: string): Promise<Store> {
  if (variant === 'memory') return memoryStore();
  if (variant === 'postgres') return openStore({ DATABASE_URL: await services.database(tag) });
  const file = join(dir, `${variant}-${tag}.sqlite`);
  if (variant === 'sqlite') return openStore({ ZAR_DB: file });
  const store = sqlStore(openSqlite(file), { sqliteFastPath: false });
  await store.migrate();
  return store;
}

const variantOf = (name: string | undefined): Variant =>
  name === 'memory' || name === 'kysely' || name === 'postgres' ? name : 'sqlite';

/** One kind of run: a store, with or without the flood, or several instances (on PostgreSQL). */
interface Run {
  readonly variant: Variant;
  readonly flooded: boolean;
  readonly instances?: number;
}

/** The runs on each store, alone (and beside a flood with --noisy), trials rotated; each store's runs in order. */
async function gamesWorkload(dir: string, sized: BenchConfig): Promise<Map<string, Result[]>> {
  const all: readonly Variant[] = ['memory', 'sqlite', 'kysely', 'postgres'];
  const variants = all.filter(
    (v) =>
      VARIANT === v ||
      (VARIANT === 'all' && v !== 'postgres') ||
      (VARIANT === 'both' && (v === 'memory' || v === 'sqlite')),
  );
  const runs: readonly Run[] =
    INSTANCES !== null
      ? [...new Set([1, INSTANCES])].map((instances) => ({ variant: 'postgres', flooded: false, instances }))
      : variants.flatMap((variant) =>
          NOISY ? [false, true].map((flooded) => ({ variant, flooded })) : [{ variant, flooded: false }],
        );
  const label = (r: Run) =>
    r.instances !== undefined
      ? `${r.instances} instance${r.instances === 1 ? '' : 's'}`
      : r.flooded
        ? `${r.variant}+flood`
        : r.variant;
  console.log(
    `${sized.games} live games, mode ${MODE}, think ${THINK} ms, ${WARMUP} s warm-up + ${SECONDS} s measured, ` +
      `${TRIALS} trials of ${runs.map(label).join(', ')} (order rotated each trial), ` +
      `clients in ${sized.separate ? 'a separate process' : 'the server process'}; bots: ${sized.bots} at ` +
      `${sized.level}, ${sized.botWorkers ?? 'default'} workers` +
      (NOISY ? `; the flood over ${sized.floodSockets} socket(s) from one address` : ''),
  );
  const results = new Map<string, Result[]>(KILL_ONLY ? [] : runs.map((r) => [label(r), []]));
  const workload = { think: THINK, warmupSeconds: WARMUP, seconds: SECONDS };
  for (let t = 0; t < (KILL_ONLY ? 0 : TRIALS); t++) {
    // Rotated, so a noisy stretch of the machine does not always land on the same store.
    const order = runs.map((_, i) => runs[(i + t) % runs.length] as (typeof runs)[number]);
    for (const r of order) {
      const name = label(r);
      const tag = `${sized.games}-${t * 2 + (r.flooded ? 1 : 0)}${r.instances === undefined ? '' : `-x${r.instances}`}`;
      const spec = { name, flooded: r.flooded, workload, length: 0 };
      if (r.instances !== undefined) {
        const shared = { databaseUrl: await services.database(tag), redisUrl: await services.redis() };
        results.get(name)?.push(await runInstances(sized, spec, r.instances, shared, `b${tag}`, args.cross));
      } else {
        results.get(name)?.push(await runLive(sized, spec, await storeFor(r.variant, dir, tag)));
      }
    }
  }
  console.log(`median of ${TRIALS} trials:`);
  const summary = new Map<string, { p50: number; p99: number; acts: number }>();
  for (const [v, rs] of results) {
    const s = {
      p50: median(rs.map((r) => pct(r.latencies, 50))),
      p99: median(rs.map((r) => pct(r.latencies, 99))),
      acts: median(rs.map((r) => r.acts / r.seconds)),
    };
    summary.set(v, s);
    const moves = median(rs.map((r) => r.events / r.seconds / (MODE === 'pair' ? 2 : 1)));
    console.log(
      `${v.padEnd(sized.nameWidth)}  acts/s ${s.acts.toFixed(0).padStart(6)}  moves/s ${moves.toFixed(0).padStart(6)}  ` +
        `p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  ` +
        `(p99 per trial: ${rs.map((r) => pct(r.latencies, 99).toFixed(1)).join(', ')})`,
    );
  }
  const ratio = (a: string, b: string): void => {
    const x = summary.get(a);
    const y = summary.get(b);
    if (x === undefined || y === undefined) return;
    console.log(
      `${a} / ${b}: p99 ×${(x.p99 / y.p99).toFixed(2)}, p50 ×${(x.p50 / y.p50).toFixed(2)}, ` +
        `acts/s ×${(x.acts / y.acts).toFixed(2)}`,
    );
  };
  if (NOISY) {
    for (const v of variants) ratio(`${v}+flood`, v);
    console.log('target: p99 with the flood within ×2.00 of the p99 without');
  } else if (INSTANCES !== null && INSTANCES > 1) {
    if (!KILL_ONLY) ratio(`${INSTANCES} instances`, '1 instance');
    // Once more on N instances, one of which dies during the run: how long until its games move again.
    for (let t = 0; t < (KILL_ONLY ? TRIALS : 1); t++) {
      const tag = `${sized.games}-kill${t}-x${INSTANCES}`;
      const shared = { databaseUrl: await services.database(tag), redisUrl: await services.redis() };
      const spec = { name: `${INSTANCES} instances, one killed`, flooded: false, workload, length: 0 };
      await runTakeover(sized, spec, INSTANCES, shared, `b${tag}`, args.cross);
    }
  } else {
    ratio('sqlite', 'kysely');
    ratio('sqlite', 'memory');
    ratio('postgres', 'sqlite');
  }
  return results;
}

/** The curve over the sizes: one line per size and store. */
function printCurve(curve: readonly { games: number; results: Map<string, Result[]> }[]): void {
  console.log(
    "curve: games, store, players' p99 per trial (ms), acts/s, server event-loop p99 (ms), server CPU (cores; main thread)",
  );
  for (const { games, results } of curve) {
    for (const [name, rs] of results) {
      const mains = rs.map((r) => r.server.mainCores).filter((c): c is number => c !== null);
      console.log(
        [
          `${String(games).padStart(6)}`,
          name.padEnd(config.nameWidth),
          `p99 ${rs.map((r) => pct(r.latencies, 99).toFixed(1)).join(', ')}`,
          `acts/s ${median(rs.map((r) => r.acts / r.seconds)).toFixed(0)}`,
          `loop p99 ${median(rs.map((r) => r.server.loopP99)).toFixed(1)}`,
          `CPU ${median(rs.map((r) => r.server.cores)).toFixed(2)}` +
            (mains.length === 0 ? '' : `; main ${median(mains).toFixed(2)}`),
        ].join('  '),
      );
    }
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'zar-bench-'));
  try {
    if (CLOCK !== 'only') {
      const curve = [];
      for (const games of SIZES) curve.push({ games, results: await gamesWorkload(dir, { ...config, games }) });
      if (SIZES.length > 1) printCurve(curve);
    }
    if (CLOCK === 'none') return;
    const variant = variantOf(args['clock-variant']);
    await clockWorkload(config, {
      delayMs: Number(args['clock-delay']),
      perPointMs: Number(args['clock-per-point']),
      length: Number(args['clock-length']),
      stallShare: Number(args['clock-stall']),
      stallWithinSeconds: Number(args['clock-stall-within']),
      think: THINK,
      warmupSeconds: WARMUP,
      seconds: Number(args['clock-seconds']),
      trials: Math.max(1, Number(args['clock-trials'])),
      store: (trial, name) => storeFor(variant, dir, `clock-${name}-${trial}`),
    });
  } finally {
    await services.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (args.role === 'clients') servePlayers();
else if (args.role === 'instance') serveInstance(config);
else await main();
