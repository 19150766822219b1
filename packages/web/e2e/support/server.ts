// The real Zar server for browser tests: one child process (node --import tsx main.ts) in its
// own process group, on a free port, with a fresh SQLite file, seeded dice and bots that
// answer at once. `restart` kills it with SIGKILL (no goodbye, as a crash would) and starts it
// again on the same file and port, so the page has to find its way back by itself.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join(REPO, 'packages/server/src/main.ts');
const DIST_INDEX = join(REPO, 'packages/web/dist/index.html');
/** How long a start may take on a loaded two-core machine before the test gives up. */
const START_LIMIT_MS = 60_000;
/** Lines of the server's output kept to explain a failed start. */
const LOG_LINES = 40;

export interface ZarServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  /** SIGKILL, then the same server again on the same database and port. */
  restart(): Promise<void>;
  /** SIGKILL only (the page is then left without a server). */
  kill(): Promise<void>;
  /** Stops the server and removes its temporary folder. */
  stop(): Promise<void>;
}

/** The built web client must be there: the server serves it only if it exists at start. */
export function assertBuilt(): void {
  if (!existsSync(DIST_INDEX)) {
    throw new Error(`${DIST_INDEX} is missing: run npm run build first (npm run build -w @zar/web)`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const r = await fetch(`${url}/api/me`);
    await r.arrayBuffer();
    return r.ok;
  } catch {
    return false;
  }
}

interface Running {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  readonly log: string[];
}

function spawnServer(env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    log.splice(0, Math.max(0, log.length - LOG_LINES));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, log };
}

async function waitUntilServing(url: string, running: Running): Promise<void> {
  let gone = false;
  void running.exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited while starting:\n${running.log.join('\n')}`);
    if (await answers(url)) return;
    await sleep(100);
  }
  throw new Error(`the server did not answer at ${url} within ${START_LIMIT_MS} ms:\n${running.log.join('\n')}`);
}

async function killGroup(running: Running | null): Promise<void> {
  if (running === null || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const pid = running.child.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone between the check and the kill.
  }
  await running.exited;
}

/**
 * Starts the server; the caller stops it in afterAll. `extraEnv` adds to (or replaces) the
 * child's environment, such as a short claim limit (ZAR_CLAIM_AFTER_SECONDS) for one file's server.
 */
export async function startServer(extraEnv: Readonly<Record<string, string>> = {}): Promise<ZarServer> {
  assertBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'zar-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ZAR_DB: join(dir, 'zar.sqlite'),
    ZAR_SECRET: 'e2e-cookie-secret-not-for-production',
    ZAR_DICE_SEED: 'e2e',
    ZAR_BOT_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Every file's browsers share this one server and come from one address: within a minute
    // they register more accounts and start more games and tournaments than one person does.
    // The defaults (10 logins, 30 games a minute) guard against scripts; the server's own
    // tests exercise them, not these.
    ZAR_LIMITS: 'login=100,games=1000',
    ...extraEnv,
  };
  // The temporary SQLite file is the point: a PostgreSQL URL from the CI must not win.
  delete env.DATABASE_URL;

  let running: Running | null = null;
  const start = async () => {
    running = spawnServer(env);
    await waitUntilServing(url, running);
  };
  await start();

  return {
    url,
    port,
    async restart() {
      await killGroup(running);
      await start();
    },
    async kill() {
      await killGroup(running);
    },
    async stop() {
      await killGroup(running);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
