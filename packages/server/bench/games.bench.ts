/**
 * Live games under load: `npm run bench -w @zar/server [-- --games 1000 --seconds 10 --trials 3 --think 1000]`.
 *
 * Starts the server in this process, once per store: the memory store, SQLite in a temp file
 * with the fast append path and off-thread checkpoints, and (`--variant all`, the default)
 * SQLite the old way, every append through kysely with SQLite's own checkpoints, as the
 * baseline measured in the same run. It opens one WebSocket client per game (two with
 * `--mode pair`), and lets each play random legal actions for its seat against a bot that
 * answers at once. A client waits `--think` ms (±50 %) before each action, like a quick
 * person; `--think 0` saturates the server instead. Latency is from sending an action to
 * receiving its event (the stored, broadcast action), as that client sees it.
 *
 * The bots think in the server's worker pool (`--bot-workers N`, default the server's own: one
 * on a 2-core machine; 0 puts them on the server's thread). By default they are the baseline
 * heuristic bot (`--bots baseline`, about 0.05 ms a decision) at `--level` (default club), so
 * the numbers are the server's own: at this load (about 1,000 bot decisions a second) the
 * neural bot (`--bots strongest`: 0.2 to 0.6 ms a decision on average at 0-ply, 60 ms at
 * expert) keeps a worker busy a third of the time or more, and on a 2-core machine that core is
 * the one the clients and the server share. Use `--bots strongest` to measure the whole.
 *
 * `--noisy` measures a noisy neighbour (issue 26): each trial runs the same workload twice on
 * fresh servers, once alone and once beside a client that floods actions on unknown game ids
 * over `--flood-sockets` sockets from one address (flood.ts), and compares the players'
 * latency. The target is a p99 with the flood within 2× of the p99 without. It measures the
 * SQLite store unless `--variant` says otherwise.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PROTOCOL_PARAM, PROTOCOL_VERSION, type ServerMessage } from '@zar/protocol';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import type { BotKind } from '../src/bots/index.js';
import { memoryStore, openSqlite, openStore, sqlStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { actorOfView, randomAction, seededRandom } from '../test/support/harness.js';
import { type FloodCounts, startFlood } from './flood.js';
import { gcPauses, pct, timedAppends } from './probes.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    trials: { type: 'string', default: '3' },
    think: { type: 'string', default: '1000' },
    mode: { type: 'string', default: 'bot' },
    /** memory | sqlite | kysely (SQLite the old way) | both (memory and sqlite) | all (the default without --noisy). */
    variant: { type: 'string' },
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
    /** Bot worker threads; 0: bots on the server's thread. Default: the server's own (ZAR_BOT_WORKERS or cores). */
    'bot-workers': { type: 'string' },
  },
});
const SEPARATE = args.clients !== 'same';
const GAMES = Number(args.games);
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const TRIALS = Math.max(1, Number(args.trials));
const THINK = Number(args.think);
const MODE = args.mode === 'pair' ? 'pair' : 'bot';
const LEVEL = args.level;
const BOTS: BotKind = args.bots === 'strongest' ? 'strongest' : 'baseline';
const BOT_WORKERS = args['bot-workers'] === undefined ? undefined : Number(args['bot-workers']);
const NOISY = args.noisy === true;
const FLOOD_SOCKETS = Math.max(1, Number(args['flood-sockets']));
const VARIANT = args.variant ?? (NOISY ? 'sqlite' : 'all');

interface Result {
  readonly name: string;
  readonly acts: number;
  readonly events: number;
  readonly errors: number;
  readonly latencies: Float64Array;
  readonly seconds: number;
}

/** One scripted player: acts on its turn after a human-like pause, times act → event. */
class Player {
  private latest: { v: number; view: Extract<ServerMessage, { t: 'event' }>['view'] } | null = null;
  private pendingV = -1;
  private sentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly random: () => number;

  constructor(
    private readonly socket: WebSocket,
    private readonly game: string,
    seed: number,
    private readonly stats: Stats,
  ) {
    this.random = seededRandom(seed);
    socket.on('message', (data) => this.onMessage(JSON.parse(data.toString()) as ServerMessage));
    socket.send(JSON.stringify({ t: 'join', game }));
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket.terminate();
  }

  private onMessage(m: ServerMessage): void {
    if (m.t === 'error') {
      this.stats.errors++;
      this.pendingV = -1;
      return;
    }
    if ((m.t !== 'state' && m.t !== 'event') || m.game !== this.game) return;
    if (m.t === 'event') this.stats.events++;
    if (m.t === 'event' && this.pendingV >= 0 && m.v === this.pendingV + 1) {
      this.stats.record(performance.now() - this.sentAt);
      this.pendingV = -1;
    }
    this.latest = { v: m.v, view: m.view };
    this.maybeAct();
  }

  private myTurn(): boolean {
    const view = this.latest?.view;
    return view !== undefined && view.status === 'playing' && actorOfView(view) === view.you;
  }

  private maybeAct(): void {
    if (this.timer !== null || this.pendingV >= 0 || !this.myTurn() || !this.stats.running) return;
    const pause = THINK > 0 ? THINK * (0.5 + this.random()) : 0;
    const fire = () => {
      this.timer = null;
      const latest = this.latest;
      if (latest === null || this.pendingV >= 0 || !this.myTurn() || !this.stats.running) return;
      this.pendingV = latest.v;
      this.sentAt = performance.now();
      this.stats.acts++;
      this.socket.send(
        JSON.stringify({ t: 'act', game: this.game, v: latest.v, action: randomAction(latest.view, this.random) }),
      );
    };
    this.timer = setTimeout(fire, pause);
  }
}

class Stats {
  running = true;
  measuring = false;
  acts = 0;
  events = 0;
  errors = 0;
  private samples: number[] = [];
  record(ms: number): void {
    if (this.measuring) this.samples.push(ms);
  }
  reset(): void {
    this.acts = 0;
    this.events = 0;
    this.errors = 0;
    this.samples = [];
    this.measuring = true;
  }
  latencies(): Float64Array {
    return Float64Array.from(this.samples).sort();
  }
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

function open(url: string, cookie: string, localAddress: string): Promise<WebSocket> {
  const socket = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false, localAddress });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

interface Seat {
  readonly cookie: string;
  readonly address: string;
  readonly game: string;
}

interface Job {
  readonly url: string;
  readonly seats: readonly Seat[];
}

type Measured = Omit<Result, 'name' | 'latencies'> & { latencies: number[] };

/** The client side, in its own process (a browser is not on the server's core either). */
/** `connected` runs once every player's socket is open and its join sent, before the warm-up: the flood starts there. */
async function clients(job: Job, connected: () => Promise<void>): Promise<Measured> {
  const stats = new Stats();
  const players: Player[] = [];
  for (let i = 0; i < job.seats.length; i += 100) {
    const batch = job.seats.slice(i, i + 100);
    const sockets = await Promise.all(batch.map((s) => open(job.url, s.cookie, s.address)));
    sockets.forEach((socket, k) => {
      const seat = batch[k] as Seat;
      players.push(new Player(socket, seat.game, i + k + 1, stats));
    });
  }
  await connected();
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  stats.reset();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const start = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const seconds = (performance.now() - start) / 1000;
  stats.measuring = false;
  stats.running = false;
  for (const p of players) p.stop();
  lag.disable();
  if (SEPARATE) {
    console.log(
      `clients: event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms`,
    );
  }
  return { acts: stats.acts, events: stats.events, errors: stats.errors, latencies: [...stats.latencies()], seconds };
}

/** Runs the clients in a child process and waits for its measurements. */
function clientProcess(job: Job, connected: () => Promise<void>): Promise<Measured> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2), '--role', 'clients'],
    { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] },
  );
  return new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m === 'connected') void connected().then(() => child.send('go'));
      else resolve(m as Measured);
    });
    child.once('exit', (code) => reject(new Error(`the client process exited with ${code}`)));
    child.send(job);
  });
}

async function run(name: string, untimed: Store, flooded: boolean): Promise<Result> {
  const timed = timedAppends(untimed);
  const store = timed.store;
  const app = await buildApp({
    store,
    cookieSecret: 'bench-secret',
    botDelayMs: 0,
    diceSeed: 'bench',
    botKind: BOTS,
    ...(BOT_WORKERS === undefined ? {} : { botWorkers: BOT_WORKERS }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const seats: Seat[] = [];
  const setupStart = performance.now();
  for (let g = 0; g < GAMES; g++) {
    const address = playerAddress(seats.length);
    const body = { preset: 'backgammon', length: 0, opponent: MODE === 'bot' ? 'bot' : 'friend', level: LEVEL };
    const created = await app.inject({
      method: 'POST',
      url: '/api/games',
      payload: body,
      remoteAddress: address,
    });
    if (created.statusCode !== 201) throw new Error(`creating game ${g}: ${created.statusCode} ${created.body}`);
    const { id, invite } = created.json() as { id: string; invite?: string };
    seats.push({ cookie: cookieOf(created), address, game: id });
    if (MODE === 'pair') {
      const from = playerAddress(seats.length);
      const joined = await app.inject({ method: 'POST', url: `/api${invite}`, remoteAddress: from });
      seats.push({ cookie: cookieOf(joined), address: from, game: id });
    }
  }
  const setup = (performance.now() - setupStart) / 1000;
  const url = `ws://127.0.0.1:${port}/ws?${PROTOCOL_PARAM}=${PROTOCOL_VERSION}`;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const gc = gcPauses();
  timed.start();
  // The flood starts once the players are in their games, before the warm-up, and goes on until they have measured.
  const flood: { running?: Awaited<ReturnType<typeof startFlood>> } = {};
  const connected = async () => {
    if (flooded) flood.running = await startFlood({ url, cookie: '', address: FLOOD_ADDRESS, sockets: FLOOD_SOCKETS });
  };
  const measured = SEPARATE ? await clientProcess({ url, seats }, connected) : await clients({ url, seats }, connected);
  const flooding = await flood.running?.stop();
  lag.disable();
  const result = { ...measured, name, latencies: Float64Array.from(measured.latencies) };
  console.log(report(result));
  if (flooding !== undefined) console.log(`  ${floodReport(flooding)}`);
  // The machine's load says how much of the run's tail is the server's and how much its neighbours'.
  const load = loadavg().map((x) => x.toFixed(1));
  console.log(`  ${GAMES} games set up in ${setup.toFixed(1)} s; load average ${load.join(' ')}; ${timed.stop()}`);
  console.log(
    `  server event-loop delay p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, ` +
      `p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms; ${gc.stop()}`,
  );
  await app.close();
  await store.close();
  return result;
}

function report(r: Result): string {
  const l = r.latencies;
  return [
    `${r.name.padEnd(NOISY ? 13 : 8)}`,
    `acts/s ${(r.acts / r.seconds).toFixed(0).padStart(6)}`,
    `moves/s (all events, bots included) ${(r.events / r.seconds / (MODE === 'pair' ? 2 : 1)).toFixed(0).padStart(6)}`,
    `p50 ${pct(l, 50).toFixed(2)} ms`,
    `p99 ${pct(l, 99).toFixed(2)} ms`,
    `max ${pct(l, 100).toFixed(2)} ms`,
    `errors ${r.errors}`,
  ].join('  ');
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

type Variant = 'memory' | 'sqlite' | 'kysely';

async function storeFor(variant: Variant, dir: string, trial: number): Promise<Store> {
  if (variant === 'memory') return memoryStore();
  const file = join(dir, `${variant}-${trial}.sqlite`);
  if (variant === 'sqlite') return openStore({ ZAR_DB: file });
  const store = sqlStore(openSqlite(file), { sqliteFastPath: false });
  await store.migrate();
  return store;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? NaN
    : s.length % 2 === 1
      ? (s[(s.length - 1) / 2] as number)
      : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

async function main(): Promise<void> {
  const all: readonly Variant[] = ['memory', 'sqlite', 'kysely'];
  const variants = all.filter((v) => VARIANT === v || VARIANT === 'all' || (VARIANT === 'both' && v !== 'kysely'));
  const runs = variants.flatMap((variant) =>
    NOISY ? [false, true].map((flooded) => ({ variant, flooded })) : [{ variant, flooded: false }],
  );
  const label = (r: { variant: Variant; flooded: boolean }) => (r.flooded ? `${r.variant}+flood` : r.variant);
  console.log(
    `${GAMES} live games, mode ${MODE}, think ${THINK} ms, ${WARMUP} s warm-up + ${SECONDS} s measured, ` +
      `${TRIALS} trials of ${runs.map(label).join(', ')} (order rotated each trial), ` +
      `clients in ${SEPARATE ? 'a separate process' : 'the server process'}; bots: ${BOTS} at ${LEVEL}, ` +
      `${BOT_WORKERS ?? 'default'} workers` +
      (NOISY ? `; the flood over ${FLOOD_SOCKETS} socket(s) from one address` : ''),
  );
  const results = new Map<string, Result[]>(runs.map((r) => [label(r), []]));
  const dir = mkdtempSync(join(tmpdir(), 'zar-bench-'));
  try {
    for (let t = 0; t < TRIALS; t++) {
      // Rotated, so a noisy stretch of the machine does not always land on the same store.
      const order = runs.map((_, i) => runs[(i + t) % runs.length] as (typeof runs)[number]);
      for (const r of order) {
        const name = label(r);
        const store = await storeFor(r.variant, dir, t * 2 + (r.flooded ? 1 : 0));
        results.get(name)?.push(await run(name, store, r.flooded));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
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
      `${v.padEnd(NOISY ? 13 : 8)}  acts/s ${s.acts.toFixed(0).padStart(6)}  moves/s ${moves.toFixed(0).padStart(6)}  ` +
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
  } else {
    ratio('sqlite', 'kysely');
    ratio('sqlite', 'memory');
  }
}

if (args.role === 'clients') {
  process.once('message', (job) => {
    const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
    const connected = async () => {
      process.send?.('connected');
      await go;
    };
    void clients(job as Job, connected).then((m) => process.send?.(m, () => process.exit(0)));
  });
} else {
  await main();
}
