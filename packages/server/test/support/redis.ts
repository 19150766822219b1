import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

/**
 * A Redis to test against: the one at REDIS_URL when set, otherwise a private redis-server
 * started on a free loopback port with its files in a temp dir and nothing saved, and removed
 * again by `stop`. No redis-server at all is an error, never a skip: a suite that quietly runs
 * nothing looks exactly like one that passes.
 */
export interface TestRedis {
  readonly url: string;
  /** True when this process started the server (and `stop` will remove it). */
  readonly private: boolean;
  stop(): Promise<void>;
  /**
   * An outage, for a private server only (one at REDIS_URL is not ours to stop): `crash`
   * kills it at once (SIGKILL: connections cut, every key lost, as nothing is saved),
   * `restart` starts it again on the same port.
   */
  crash(): Promise<void>;
  restart(): Promise<void>;
}

export async function startRedis(env: { REDIS_URL?: string | undefined } = process.env): Promise<TestRedis> {
  if (env.REDIS_URL) {
    const notOurs = async () => {
      throw new Error('the Redis at REDIS_URL is not this test’s to stop: use a private server');
    };
    return { url: env.REDIS_URL, private: false, stop: async () => {}, crash: notOurs, restart: notOurs };
  }
  const bin = findServer();
  const dir = mkdtempSync(join(tmpdir(), 'zar-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'];
    const started = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child = started;
    try {
      await answering(port, started, 10_000);
    } catch (e) {
      started.kill('SIGKILL');
      throw new Error(
        `could not start a private redis-server (${bin}): ${e instanceof Error ? e.message : e} ${stderr}`,
      );
    }
  };
  const crash = async (): Promise<void> => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  try {
    await start();
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    private: true,
    crash,
    restart: start,
    stop: async () => {
      try {
        await crash();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function findServer(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    throw new Error(
      'redis-server is not installed and REDIS_URL is not set: the cluster tests cannot run. ' +
        'Install it (Debian: apt-get install -y redis-server, or tools/system-deps.sh) or point REDIS_URL at a Redis.',
    );
  }
}

/** Resolves once the server answers PING on `port`; fails when it exits first or takes longer than `ms`. */
async function answering(port: number, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (await pong(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`redis-server did not answer within ${ms} ms`);
}

function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}
