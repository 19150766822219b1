import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

/**
 * The programs `npm run cluster` starts, each from Debian's package: a private PostgreSQL
 * cluster and a redis-server whose files live under data/cluster/, the Zar instances and
 * HAProxy. Nothing is installed here: what is missing is named (tools/system-deps.sh installs it).
 */

export interface Service {
  readonly name: string;
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  /** True once the process has exited, however it ended. */
  gone(): boolean;
}

const PG_ROOT = '/usr/lib/postgresql';

/** The installed programs, or the Debian packages to install for those that are not. */
export function findPrograms(): { initdb: string; redis: string; haproxy: string } | { missing: string[] } {
  const missing: string[] = [];
  const pg = pgBin();
  const redis = onPath('redis-server');
  // haproxy sits in /usr/sbin, which a user's PATH often leaves out.
  const haproxy = onPath('haproxy') ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : null);
  if (pg === null) missing.push('postgresql');
  if (redis === null) missing.push('redis-server');
  if (haproxy === null) missing.push('haproxy');
  if (pg === null || redis === null || haproxy === null) return { missing };
  return { initdb: join(pg, 'initdb'), redis, haproxy };
}

function pgBin(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(PG_ROOT, versions[0], 'bin');
}

function onPath(program: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8', stdio: 'pipe' }).trim() || null;
  } catch {
    return null;
  }
}

/** Throws naming every port of `ports` that something already listens on. */
export async function checkPortsFree(ports: readonly number[]): Promise<void> {
  const busy: number[] = [];
  for (const port of ports) if (!(await free(port))) busy.push(port);
  if (busy.length > 0) {
    throw new Error(`port ${busy.join(', ')} is in use on 127.0.0.1 (another npm run cluster still running?)`);
  }
}

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * PostgreSQL in `dir` (made by initdb at the first start, kept between runs) on `port`;
 * `stop` shuts it down (a fast shutdown: connections cut, data kept). As root, initdb and
 * postgres run as the postgres user, since they refuse root.
 */
export function startPostgres(initdb: string, dir: string, port: number): { url: string; stop(): void } {
  const bin = join(initdb, '..');
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (tool: string, args: string[]): void => {
    const file = join(bin, tool);
    const [cmd, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    execFileSync(cmd, argv, { stdio: 'pipe', cwd: dir });
  };
  if (!existsSync(join(data, 'PG_VERSION'))) {
    run('initdb', ['-D', data, '-U', 'zar', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  }
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://zar@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
  };
}

/**
 * A child process in a process group of its own (a Ctrl-C reaches only this script, which
 * then stops each in order), its output appended to `log`.
 */
export function startService(
  name: string,
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; log: string; onLine?: (line: string) => void },
): Service {
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = createWriteStream(options.log, { flags: 'a' });
  let rest = '';
  const take = (chunk: Buffer) => {
    file.write(chunk);
    if (options.onLine === undefined) return;
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) options.onLine(line);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<void>((resolve) => child.once('exit', () => file.end(() => resolve())));
  return { name, child, exited, gone: () => child.exitCode !== null || child.signalCode !== null };
}

/** Sends `signal`, then SIGKILL if the process has not exited within `graceMs`. */
export async function stopService(service: Service, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (service.gone()) return;
  service.child.kill(signal);
  const timer = setTimeout(() => service.child.kill('SIGKILL'), graceMs);
  await service.exited;
  clearTimeout(timer);
}

/** Resolves once `answers` is true; fails when the service exits first or `ms` pass. */
export async function until(service: Service, answers: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (service.gone()) throw new Error(`${service.name} exited while starting`);
    if (await answers()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${service.name} did not answer within ${ms / 1000} s`);
}

/** True when a Redis on `port` answers PING. */
export function redisAnswers(port: number): Promise<boolean> {
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

/** True when GET `url` answers 200. */
export async function httpAnswers(url: string): Promise<boolean> {
  try {
    const r = await fetch(url);
    await r.arrayBuffer();
    return r.ok;
  } catch {
    return false;
  }
}
