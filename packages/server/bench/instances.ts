/**
 * games.bench.ts `--instances N`: the same live games on N server instances sharing one
 * PostgreSQL and one Redis, each instance a process of its own (this script again, with
 * `--role instance`), so that each one's CPU and event loop are its own. Game g is made by
 * instance g mod N, and its players' sockets go to that instance, or with `--cross` to the
 * next one (every action then forwarded to the game's instance and every frame relayed back).
 */
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PROTOCOL_PARAM, PROTOCOL_VERSION } from '@zar/protocol';
import { buildApp } from '../src/app.js';
import { clusterConfigFrom } from '../src/cluster/index.js';
import { settingOrStop } from '../src/env.js';
import { openStore } from '../src/store/index.js';
import type { Seat } from './players.js';
import { cpuUse } from './probes.js';
import {
  type BenchConfig,
  benchAppOptions,
  clientProcess,
  makeGames,
  type PlannedGame,
  type Result,
  type RunSpec,
  report,
} from './server-run.js';

/** What the bench sends an instance's process. */
type ToInstance =
  | { readonly t: 'make'; readonly games: number; readonly firstPlayer: number }
  | { readonly t: 'probe' }
  | { readonly t: 'report' }
  | { readonly t: 'close' };

/** What an instance's process answers. */
type FromInstance =
  | { readonly t: 'ready'; readonly port: number }
  | { readonly t: 'made'; readonly seats: readonly Seat[] }
  | { readonly t: 'report'; readonly side: InstanceSide };

/** One instance's share of the run, measured while the players were. */
export interface InstanceSide {
  readonly name: string;
  readonly loopP99: number;
  readonly cores: number;
  readonly mainCores: number | null;
  readonly text: string;
}

/** The shared services an instances run is on. */
export interface Shared {
  readonly databaseUrl: string;
  readonly redisUrl: string;
}

/**
 * The instance's side, when this process is one: the store and cluster from its environment
 * (DATABASE_URL, REDIS_URL, ZAR_INSTANCE) and the bench's bots, games made as told, its probes.
 */
export function serveInstance(config: BenchConfig): void {
  const send = (m: FromInstance) => process.send?.(m);
  void (async () => {
    const store = await openStore(process.env);
    const app = await buildApp({
      store,
      cluster: settingOrStop(clusterConfigFrom(process.env)),
      ...benchAppOptions(config),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const url = `ws://127.0.0.1:${port}${WS}`;
    const lag = monitorEventLoopDelay({ resolution: 5 });
    let cpu: ReturnType<typeof cpuUse> | null = null;
    process.on('message', (m: ToInstance) => {
      if (m.t === 'make') {
        void (async () => {
          const seats: Seat[] = [];
          const planned: PlannedGame[] = [];
          const spec = { name: '', flooded: false, workload: { think: 0, warmupSeconds: 0, seconds: 0 }, length: 0 };
          for await (const batch of makeGames({ ...config, games: m.games }, spec, app, planned, m.firstPlayer)) {
            for (const s of batch) seats.push({ ...s, url });
          }
          send({ t: 'made', seats });
        })();
      } else if (m.t === 'probe') {
        lag.enable();
        cpu = cpuUse();
      } else if (m.t === 'report') {
        lag.disable();
        const used = cpu?.stop();
        const name = process.env.ZAR_INSTANCE ?? '';
        const side = {
          loopP99: lag.percentile(99) / 1e6,
          cores: used?.cores ?? NaN,
          mainCores: used?.mainCores ?? null,
        };
        send({ t: 'report', side: { name, ...side, text: used?.text ?? '' } });
      } else {
        void app
          .close()
          .then(() => store.close())
          .finally(() => process.exit(0));
      }
    });
    // The bench gone (a crash, a Ctrl-C) takes its instances with it.
    process.on('disconnect', () => process.exit(1));
    send({ t: 'ready', port });
  })();
}

export const WS = `/ws?${PROTOCOL_PARAM}=${PROTOCOL_VERSION}`;

/** One instance's process, as the bench drives it. */
export interface Child {
  send(m: ToInstance): void;
  next<T extends FromInstance['t']>(t: T): Promise<Extract<FromInstance, { t: T }>>;
  /** SIGKILL: the machine dies, nothing handed over. */
  kill(): void;
  readonly exited: Promise<void>;
}

export function startInstance(config: BenchConfig, name: string, shared: Shared): Child {
  const env = { ...process.env, DATABASE_URL: shared.databaseUrl, REDIS_URL: shared.redisUrl, ZAR_INSTANCE: name };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', config.entry, ...process.argv.slice(2), '--role', 'instance'],
    {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env,
    },
  );
  const waiting = new Map<string, (m: FromInstance) => void>();
  child.on('message', (m: FromInstance) => waiting.get(m.t)?.(m));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    send: (m) => {
      if (child.connected) child.send(m);
    },
    next: (t) =>
      new Promise((resolve, reject) => {
        waiting.set(t, (m) => resolve(m as Extract<FromInstance, { t: typeof t }>));
        void exited.then(() => reject(new Error(`instance ${name} exited while the bench waited for '${t}'`)));
      }),
    kill: () => void child.kill('SIGKILL'),
    exited,
  };
}

/** `count` instances of the bench's server, named after `tag`, started together. */
export function startInstances(config: BenchConfig, count: number, shared: Shared, tag: string): Child[] {
  return Array.from({ length: count }, (_, i) => startInstance(config, `${tag}-z${i + 1}`, shared));
}

/**
 * Once `children` are ready, each makes its share of the games (round robin); answers their
 * addresses and the players' seats, each at his game's instance, or with `cross` at the next
 * one, so that every action goes through an instance that forwards it to the owner; and the
 * seats each instance made, by instance.
 */
export async function gamesOn(
  config: BenchConfig,
  children: readonly Child[],
  cross: boolean,
): Promise<{ readonly urls: string[]; readonly seats: Seat[]; readonly made: readonly (readonly Seat[])[] }> {
  const count = children.length;
  const urls = (await Promise.all(children.map((c) => c.next('ready')))).map((m) => `ws://127.0.0.1:${m.port}${WS}`);
  const perSeat = config.mode === 'pair' ? 2 : 1;
  const made = await Promise.all(
    children.map((c, i) => {
      const games = Math.floor(config.games / count) + (i < config.games % count ? 1 : 0);
      const answer = c.next('made');
      c.send({ t: 'make', games, firstPlayer: i * Math.ceil(config.games / count) * perSeat });
      return answer;
    }),
  );
  const seats = made.flatMap((m, i) =>
    cross ? m.seats.map((s) => ({ ...s, url: urls[(i + 1) % count] as string })) : m.seats,
  );
  return { urls, seats, made: made.map((m) => m.seats) };
}

/** The seats, a hundred at a time, as the players' process connects them. */
export async function* seatBatches(seats: readonly Seat[]): AsyncIterable<readonly Seat[]> {
  for (let i = 0; i < seats.length; i += 100) yield seats.slice(i, i + 100);
}

/**
 * One run on `count` instances: each makes its share of the games (round robin), the players
 * (a process of their own) connect to the instance of their game, and each instance's CPU and
 * event loop are measured over the same window as the players.
 */
export async function runInstances(
  config: BenchConfig,
  spec: RunSpec,
  count: number,
  shared: Shared,
  tag: string,
  cross = false,
): Promise<Result & { readonly instances: readonly InstanceSide[] }> {
  const children = startInstances(config, count, shared, tag);
  try {
    const { seats } = await gamesOn(config, children, cross);
    const connected = async () => {
      for (const c of children) c.send({ t: 'probe' });
    };
    const measured = await clientProcess(
      config.entry,
      { url: '', workload: spec.workload },
      seatBatches(seats),
      connected,
    );
    const sides = await Promise.all(
      children.map((c) => {
        const answer = c.next('report');
        c.send({ t: 'report' });
        return answer.then((m) => m.side);
      }),
    );
    const mains = sides.map((s) => s.mainCores);
    const players = { ...measured, name: spec.name, latencies: Float64Array.from(measured.latencies) };
    console.log(report(config, players));
    for (const s of sides) console.log(`  ${s.name}: event-loop delay p99 ${s.loopP99.toFixed(1)} ms; ${s.text}`);
    return {
      ...players,
      server: {
        loopP99: Math.max(...sides.map((s) => s.loopP99)),
        cores: sides.reduce((sum, s) => sum + s.cores, 0),
        mainCores: mains.some((m) => m === null) ? null : mains.reduce((sum: number, m) => sum + (m ?? 0), 0),
      },
      instances: sides,
    };
  } finally {
    for (const c of children) c.send({ t: 'close' });
    await Promise.all(children.map((c) => c.exited));
  }
}
