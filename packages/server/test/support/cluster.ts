import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_CLUSTER_LIMITS } from '../../src/cluster/index.js';
import { WS_PATH } from './contract.js';
import { freePort } from './ports.js';
import { startPostgres, type TestPostgres } from './postgres.js';
import { startRedis, type TestRedis } from './redis.js';

/**
 * Several real server processes (main.ts, as `npm start` runs it) sharing one PostgreSQL and
 * one Redis on loopback: the cluster tests' world. Each instance is its own process, so a
 * SIGKILL is a machine dying, not a simulated one.
 */
export interface TestCluster {
  readonly postgres: TestPostgres;
  readonly redis: TestRedis;
  /** The instances in the order asked for; one that was killed stays in its place. */
  readonly instances: readonly Instance[];
  /** Stops every instance still running (SIGTERM, then SIGKILL after a grace), then Redis and PostgreSQL. */
  stop(): Promise<void>;
}

export interface Instance {
  /** Its ZAR_INSTANCE. */
  readonly name: string;
  /** http://127.0.0.1:PORT */
  readonly base: string;
  /** The socket's address, ws://127.0.0.1:PORT/ws */
  readonly ws: string;
  readonly child: ChildProcess;
  /** Resolves when the process has exited, however it ended. */
  readonly exited: Promise<void>;
  /** The process's last lines of output, to explain a failure. */
  output(): string;
  /** SIGKILL (no goodbye: nothing flushed, nothing handed over) and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown) and wait for the exit. */
  stop(): Promise<void>;
  /** Its own way to Redis, when the cluster was started with `redisLinks`: cut it and only it loses Redis. */
  readonly redisLink?: RedisLink;
}

export interface ClusterOptions {
  /** How many instances (default 3), started at once. */
  readonly instances?: number;
  /** Added to every instance's environment (ZAR_LIMITS, LOG_LEVEL, shorter times). */
  readonly env?: Readonly<Record<string, string>>;
  /** The names given to the instances; `z1`, `z2`, … by default. */
  readonly names?: readonly string[];
  /** Each instance reaches Redis through a link of its own (Instance.redisLink), which a test can cut. */
  readonly redisLinks?: boolean;
}

/** The cookie secret every instance shares: a cookie signed by one must be read by the others. */
export const CLUSTER_SECRET = 'cluster-test-secret-cluster-test-secret';

/**
 * How long one instance may take to start on a loaded two-core machine: a few seconds alone,
 * and over 30 s (its modules still loading) beside a full suite and other cluster files
 * starting theirs.
 */
const START_LIMIT_MS = 60_000;
/** How long a clean stop may take before the process is killed. */
const STOP_GRACE_MS = 5_000;
const OUTPUT_CHARS = 8_000;

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * A private PostgreSQL and a private Redis, even where DATABASE_URL or REDIS_URL is set: the
 * instances must meet an empty database (they race for the schema's upgrade, and recover every
 * live game they find), and the tests crash and restart these services. Then `instances`
 * server processes started at the same moment, as a cluster's instances started together are.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<TestCluster> {
  const count = options.instances ?? 3;
  const [postgres, redis] = await Promise.all([startPostgres({}), startRedis({})]);
  const names = Array.from({ length: count }, (_, i) => options.names?.[i] ?? `z${i + 1}`);
  const links = options.redisLinks
    ? await Promise.all(names.map(() => redisLink(Number(new URL(redis.url).port))))
    : [];
  const started = await Promise.allSettled(
    names.map(async (name, i) => {
      const link = links[i];
      const instance = await spawnServer({
        DATABASE_URL: postgres.url,
        REDIS_URL: link === undefined ? redis.url : link.url,
        ZAR_INSTANCE: name,
        ...options.env,
      });
      return link === undefined ? instance : { ...instance, redisLink: link };
    }),
  );
  const instances = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async (): Promise<void> => {
    try {
      await Promise.all(instances.map((i) => i.stop()));
    } finally {
      await Promise.allSettled([redis.stop(), postgres.stop(), ...links.map((l) => l.close())]);
    }
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed !== undefined) {
    await stop();
    throw failed.reason;
  }
  // Each instance reads the others' alive keys every peerPollMs: until it has, it takes a peer
  // that has just started for dead and may claim a game that peer creates. The cluster is
  // handed to the test once every instance has had a few reads.
  await new Promise((resolve) => setTimeout(resolve, 3 * DEFAULT_CLUSTER_LIMITS.peerPollMs));
  return { postgres, redis, instances, stop };
}

/**
 * One server process (node --import tsx main.ts) on a free loopback port, with bots that
 * answer at once, seeded dice, no web client and the shared secret; `env` adds to or replaces
 * that. Resolves once it logs that it is serving.
 */
export async function spawnServer(env: Readonly<Record<string, string>>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ZAR_SECRET: CLUSTER_SECRET,
      ZAR_BOT_DELAY_MS: '0',
      ZAR_DICE_SEED: 'cluster',
      ZAR_STATIC_DIR: '/nonexistent/zar-no-client',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = async (sig: NodeJS.Signals): Promise<void> => {
    if (running()) child.kill(sig);
    await exited;
  };
  const kill = () => signal('SIGKILL');
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`the server did not start within ${START_LIMIT_MS} ms:\n${output}`));
    }, START_LIMIT_MS);
    const onData = () => {
      const m = /serving at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m === null) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(Number(m[1]));
    };
    child.stdout?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${child.exitCode ?? child.signalCode} while starting:\n${output}`));
    });
  });
  return {
    name: env.ZAR_INSTANCE ?? '',
    base: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}${WS_PATH}`,
    child,
    exited,
    output: () => output,
    kill,
    async stop() {
      if (!running()) return;
      const grace = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await signal('SIGTERM');
      clearTimeout(grace);
    },
  };
}

/** The instance that owns `game` in the store now (games.owner), null when none does. */
export async function ownerOf(cluster: TestCluster, game: string): Promise<string | null> {
  const db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
  try {
    const r = await db.query<{ owner: string | null }>('SELECT owner FROM games WHERE id = $1', [game]);
    return r.rows[0]?.owner ?? null;
  } finally {
    await db.end();
  }
}

/**
 * One instance's way to Redis: a TCP relay on loopback that passes bytes both ways until it is
 * cut. Cut, every connection through it is dropped and new ones are closed at once, as a
 * network that lost the Redis machine would, while the other instances still reach it.
 */
export interface RedisLink {
  /** redis://127.0.0.1:PORT of the relay. */
  readonly url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

async function redisLink(redisPort: number): Promise<RedisLink> {
  let cut = false;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = connect(redisPort, '127.0.0.1');
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () => {
      cut = true;
      dropAll();
    },
    restore: () => {
      cut = false;
    },
    close: () => {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** GET /api/health: the route the balancer checks (no session; 503 when fenced or with the store away). */
export function healthy(instance: Instance): Promise<boolean> {
  return answers(`${instance.base}/api/health`);
}

/**
 * HAProxy in front of instances: what players reach, as `npm run cluster` has it. Its answers
 * name the instance behind them in `x-served-by`.
 */
export interface Front {
  /** http://127.0.0.1:PORT */
  readonly base: string;
  /** ws://127.0.0.1:PORT/ws */
  readonly ws: string;
  stop(): Promise<void>;
}

/** What HAProxy needs of an instance: its name and where it listens. */
export type Served = Pick<Instance, 'name' | 'base'>;

/**
 * Debian's HAProxy with the repository's deploy/haproxy.cfg, its front moved to a free port and
 * its servers replaced by `instances`; resolves once the front answers. No HAProxy is an
 * error, never a skip.
 */
export async function startFront(
  instances: readonly Served[],
  /** Servers HAProxy sends nothing to while one of `instances` is up (a test's way to choose where a page lands first). */
  backups: readonly Served[] = [],
): Promise<Front> {
  const haproxy = findHaproxy();
  const port = await freePort();
  const line = (i: Served, backup: boolean) =>
    `    server ${i.name} ${i.base.slice('http://'.length)}${backup ? ' backup' : ''}`;
  const servers = [...instances.map((i) => line(i, false)), ...backups.map((i) => line(i, true))].join('\n');
  const config = readFileSync(join(root, 'deploy', 'haproxy.cfg'), 'utf8')
    .replace(/^(\s*bind )\S+/m, (_, bind: string) => `${bind}127.0.0.1:${port}`)
    .replace(/^\s*server .*$\n?/gm, '')
    // Which instance answered, for the tests (not in the deployed configuration).
    .concat('    http-response set-header x-served-by %s\n', `${servers}\n`);
  const dir = mkdtempSync(join(tmpdir(), 'zar-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await answers(`${base}/api/health`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not answer at ${base}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, ws: `ws://127.0.0.1:${port}${WS_PATH}`, stop };
}

function findHaproxy(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    // Debian puts it in /usr/sbin, which a user's PATH may leave out.
    if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
    throw new Error(
      'haproxy is not installed: the cluster tests through HAProxy cannot run. ' +
        'Install it (Debian: apt-get install -y haproxy, or tools/system-deps.sh).',
    );
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const r = await fetch(url);
    await r.arrayBuffer();
    return r.ok;
  } catch {
    return false;
  }
}
