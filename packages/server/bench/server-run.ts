/**
 * One measured run of games.bench.ts: a server in this process on a given store, N games made
 * over REST, their players (players.ts) in a child process or this one, and the server's own
 * probes (event-loop delay, garbage collection, the store's appends) printed beside the players'
 * latency. The clock workload (clock-workload.ts) uses it with timed games and stalling players.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type ClockRequest, PROTOCOL_PARAM, PROTOCOL_VERSION } from '@zar/protocol';
import { buildApp } from '../src/app.js';
import type { BotKind } from '../src/bots/index.js';
import type { Store } from '../src/store/types.js';
import { type FloodCounts, startFlood } from './flood.js';
import { clients, type Job, type Measured, type Seat, type Workload } from './players.js';
import { cpuUse, gcPauses, pct, timedAppends, timerLateness } from './probes.js';

/** What every run of one invocation shares. */
export interface BenchConfig {
  readonly games: number;
  readonly mode: 'bot' | 'pair';
  readonly level: string;
  readonly bots: BotKind;
  readonly botWorkers: number | undefined;
  /** Players in a child process (this script again, with `--role clients`). */
  readonly separate: boolean;
  /** The script to start as the players' process. */
  readonly entry: string;
  readonly floodSockets: number;
  /** Width of a run's name in the report. */
  readonly nameWidth: number;
}

/** One run: its games, its players, and what is read from the store once they stop. */
export interface RunSpec {
  readonly name: string;
  readonly flooded: boolean;
  readonly workload: Workload;
  /** The match length (0: money play). */
  readonly length: number;
  /** The games' clock; left out of the request (untimed) when absent. */
  readonly clock?: ClockRequest;
  /** When game g's first player stops acting, in ms into the measurement; null: he plays on. */
  readonly stallOf?: (g: number) => number | null;
  /** Also measures how late a bare timer fires in the server's process (probes.ts timerLateness). */
  readonly timerProbe?: boolean;
  /**
   * Reads the store once the players have stopped, before the server closes; `timers`: how late
   * the bare timers fired, sorted (with `timerProbe`).
   */
  readonly after?: (
    store: Store,
    games: readonly PlannedGame[],
    measured: Measured,
    timers: Float64Array | undefined,
  ) => Promise<void>;
}

export interface PlannedGame {
  readonly id: string;
  readonly stalled: boolean;
}

export interface Result {
  readonly name: string;
  readonly acts: number;
  readonly events: number;
  readonly errors: number;
  readonly latencies: Float64Array;
  /** Measured.replies. */
  readonly replies: readonly number[];
  readonly seconds: number;
  /** The server's side of the run (its probes), for the summaries. */
  readonly server: ServerSide;
}

export interface ServerSide {
  /** The event loop's delay at p99, in ms. */
  readonly loopP99: number;
  /** The process's CPU, threads included, in cores; the main thread's alone (null where it cannot be told). */
  readonly cores: number;
  readonly mainCores: number | null;
}

/**
 * Each player comes from an address of its own on loopback (Linux routes all of 127/8 there),
 * as players on the internet do, so the server's limits per address meet the players as they
 * would in public; the flood comes from 127.0.0.1, which no player uses.
 */
const playerAddress = (i: number): string => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const FLOOD_ADDRESS = '127.0.0.1';

/** The session cookie a reply set: a visitor becomes a guest when he starts or joins a game. */
function cookieOf(reply: { headers: Record<string, unknown> }): string {
  const set = reply.headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : set;
  return typeof first === 'string' ? (first.split(';')[0] ?? '') : '';
}

/** What the server's process sends the players' process, in this order ('go' after their 'connected'). */
type ToPlayers =
  | { readonly t: 'job'; readonly job: Job }
  | { readonly t: 'seats'; readonly seats: readonly Seat[] }
  | { readonly t: 'all' }
  | { readonly t: 'go' };

/** Runs the players in a child process, handing it each batch of seats as it is made; resolves its measurements. */
export async function clientProcess(
  entry: string,
  job: Job,
  batches: AsyncIterable<readonly Seat[]>,
  connected: () => Promise<void>,
): Promise<Measured> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...process.argv.slice(2), '--role', 'clients'], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const send = (m: ToPlayers) => child.send(m);
  const measured = new Promise<Measured>((resolve, reject) => {
    child.on('message', (m) => {
      if (m === 'connected') void connected().then(() => send({ t: 'go' }));
      else resolve(m as Measured);
    });
    child.once('exit', (code) => reject(new Error(`the client process exited with ${code}`)));
  });
  send({ t: 'job', job });
  for await (const seats of batches) send({ t: 'seats', seats });
  send({ t: 'all' });
  return measured;
}

/** The players' side when this process is the child: a job and its seats in, its measurements out. */
export function servePlayers(): void {
  const waiting: ((m: ToPlayers) => void)[] = [];
  const early: ToPlayers[] = [];
  process.on('message', (m: ToPlayers) => {
    const w = waiting.shift();
    if (w === undefined) early.push(m);
    else w(m);
  });
  const next = (): Promise<ToPlayers> => {
    const m = early.shift();
    return m !== undefined ? Promise.resolve(m) : new Promise((resolve) => waiting.push(resolve));
  };
  async function* batches(): AsyncIterable<readonly Seat[]> {
    for (let m = await next(); m.t === 'seats'; m = await next()) yield m.seats;
  }
  const connected = async () => {
    process.send?.('connected');
    await next();
  };
  void next().then(async (m) => {
    if (m.t !== 'job') throw new Error(`the players' process was sent ${m.t} first`);
    const measured = await clients(m.job, batches(), connected, true);
    process.send?.(measured, () => process.exit(0));
  });
}

/**
 * Makes the run's games over REST, `BATCH` at a time: yields the seats the players take as each
 * batch is made, and notes in `games` which games stall. The players' addresses are numbered
 * from `firstPlayer` (several instances each make their share without sharing an address).
 */
export async function* makeGames(
  config: BenchConfig,
  spec: RunSpec,
  app: Awaited<ReturnType<typeof buildApp>>,
  games: PlannedGame[],
  firstPlayer = 0,
): AsyncIterable<readonly Seat[]> {
  let seats: Seat[] = [];
  let count = firstPlayer;
  for (let g = 0; g < config.games; g++) {
    const address = playerAddress(count++);
    const body = {
      preset: 'backgammon',
      length: spec.length,
      opponent: config.mode === 'bot' ? 'bot' : 'friend',
      level: config.level,
      ...(spec.clock === undefined ? {} : { clock: spec.clock }),
    };
    const created = await app.inject({ method: 'POST', url: '/api/games', payload: body, remoteAddress: address });
    if (created.statusCode !== 201) throw new Error(`creating game ${g}: ${created.statusCode} ${created.body}`);
    const { id, invite } = created.json() as { id: string; invite?: string };
    const stall = spec.stallOf?.(g) ?? null;
    seats.push({ cookie: cookieOf(created), address, game: id, ...(stall === null ? {} : { stallAfterMs: stall }) });
    games.push({ id, stalled: stall !== null });
    if (config.mode === 'pair') {
      const from = playerAddress(count++);
      const joined = await app.inject({ method: 'POST', url: `/api${invite}`, remoteAddress: from });
      seats.push({ cookie: cookieOf(joined), address: from, game: id });
    }
    if (seats.length >= BATCH || g === config.games - 1) {
      yield seats;
      seats = [];
    }
  }
}

/** Games made before their players are handed their seats. */
const BATCH = 100;

/** The app options of every server the bench starts, in process or as an instance, beside its store. */
export function benchAppOptions(config: BenchConfig) {
  return {
    cookieSecret: 'bench-secret',
    botDelayMs: 0,
    diceSeed: 'bench',
    botKind: config.bots,
    ...(config.botWorkers === undefined ? {} : { botWorkers: config.botWorkers }),
  };
}

export async function runLive(config: BenchConfig, spec: RunSpec, untimed: Store): Promise<Result> {
  const timed = timedAppends(untimed);
  const store = timed.store;
  const app = await buildApp({ store, ...benchAppOptions(config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const url = `ws://127.0.0.1:${port}/ws?${PROTOCOL_PARAM}=${PROTOCOL_VERSION}`;
  const games: PlannedGame[] = [];
  const batches = makeGames(config, spec, app, games);
  const setupStart = performance.now();
  let setup = 0;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  const probes: Probes = {};
  // The flood starts once the players are in their games, before the warm-up, and goes on until they have measured.
  const flood: { running?: Awaited<ReturnType<typeof startFlood>> } = {};
  const connected = async () => {
    setup = (performance.now() - setupStart) / 1000;
    lag.enable();
    probes.gc = gcPauses();
    probes.cpu = cpuUse();
    if (spec.timerProbe === true) probes.timers = timerLateness();
    timed.start();
    if (spec.flooded) {
      flood.running = await startFlood({ url, cookie: '', address: FLOOD_ADDRESS, sockets: config.floodSockets });
    }
  };
  const job: Job = { url, workload: spec.workload };
  const measured = config.separate
    ? await clientProcess(config.entry, job, batches, connected)
    : await clients(job, batches, connected, false);
  const flooding = await flood.running?.stop();
  const timers = probes.timers?.stop();
  lag.disable();
  const latencies = Float64Array.from(measured.latencies);
  const shown = { ...measured, name: spec.name, latencies };
  console.log(report(config, shown));
  if (flooding !== undefined) console.log(`  ${floodReport(flooding)}`);
  const cpu = probes.cpu?.stop(measured.events / measured.seconds);
  const server = { loopP99: lag.percentile(99) / 1e6, cores: cpu?.cores ?? NaN, mainCores: cpu?.mainCores ?? null };
  for (const l of serverLines(config.games, setup, timed.stop(), lag, cpu?.text, probes, timers)) console.log(`  ${l}`);
  const result: Result = { ...shown, server };
  await spec.after?.(store, games, measured, timers);
  await app.close();
  await store.close();
  return result;
}

/** The server's own probes, started once the players are in. */
interface Probes {
  gc?: ReturnType<typeof gcPauses>;
  timers?: ReturnType<typeof timerLateness>;
  cpu?: ReturnType<typeof cpuUse>;
}

/** What the server's process went through while the players played (its probes stop here). */
function serverLines(
  games: number,
  setup: number,
  appends: string,
  lag: ReturnType<typeof monitorEventLoopDelay>,
  cpu: string | undefined,
  probes: Probes,
  timers: Float64Array | undefined,
): string[] {
  // The machine's load says how much of the run's tail is the server's and how much its neighbours'.
  const load = loadavg().map((x) => x.toFixed(1));
  const delay = (p: number) => `${(lag.percentile(p) / 1e6).toFixed(1)} ms`;
  const lines = [
    `${games} games made and joined in ${setup.toFixed(1)} s; load average ${load.join(' ')}; ${appends}`,
    `server event-loop delay p50 ${delay(50)}, p99 ${delay(99)}, max ${(lag.max / 1e6).toFixed(1)} ms; ` +
      `${cpu}; ${probes.gc?.stop()}`,
  ];
  if (timers !== undefined) {
    const ms = (p: number) => `${pct(timers, p).toFixed(1)} ms`;
    lines.push(
      `a bare timer in the server's process (the baseline of a flag's lateness): late p50 ${ms(50)}, ` +
        `p99 ${ms(99)}, max ${ms(100)} (${timers.length} timers)`,
    );
  }
  return lines;
}

export function report(config: BenchConfig, r: Omit<Result, 'server'>): string {
  const l = r.latencies;
  return [
    `${r.name.padEnd(config.nameWidth)}`,
    `acts/s ${(r.acts / r.seconds).toFixed(0).padStart(6)}`,
    `moves/s (all events, bots included) ${(r.events / r.seconds / (config.mode === 'pair' ? 2 : 1)).toFixed(0).padStart(6)}`,
    `p50 ${pct(l, 50).toFixed(2)} ms`,
    `p99 ${pct(l, 99).toFixed(2)} ms`,
    `max ${pct(l, 100).toFixed(2)} ms`,
    `errors ${r.errors}`,
    ...(config.mode === 'bot' && r.replies.length > 0 ? [replyLine(Float64Array.from(r.replies))] : []),
  ].join('  ');
}

/** The bots' replies as the players waited for them (Measured.replies). */
function replyLine(replies: Float64Array): string {
  return `bot replies p50 ${pct(replies, 50).toFixed(0)} ms, p99 ${pct(replies, 99).toFixed(0)} ms`;
}

function floodReport(f: FloodCounts): string {
  const rate = (x: number) => (x / f.seconds).toFixed(0);
  const codes = (r: Record<string, number>) =>
    Object.entries(r)
      .map(([code, k]) => `${code} ×${k}`)
      .join(', ') || 'none';
  return (
    `flood: ${f.sent} actions sent (${rate(f.sent)}/s), ${f.replies} replies (${rate(f.replies)}/s) ` +
    `over ${f.seconds.toFixed(1)} s; sockets opened ${f.opened}, closed by code: ${codes(f.closes)}, ` +
    `upgrades refused by status: ${codes(f.refused)}`
  );
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? NaN
    : s.length % 2 === 1
      ? (s[(s.length - 1) / 2] as number)
      : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};
