/**
 * `npm run cluster`: Zar as several instances on one machine, from Debian's packages — a
 * private PostgreSQL (its data kept in data/cluster/pg between runs), redis-server, three Zar
 * instances serving the built web client, and HAProxy in front (deploy/haproxy.cfg, whose ports
 * these are). Prints the address, and stops everything on Ctrl-C (HAProxy first, then each
 * instance cleanly, Redis, PostgreSQL). A `kill -9` of an instance's pid leaves the others
 * serving, to watch what a cluster does when a machine dies. Installs nothing: as root,
 * tools/system-deps.sh installs what is missing.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkPortsFree,
  findPrograms,
  httpAnswers,
  redisAnswers,
  type Service,
  startPostgres,
  startService,
  stopService,
  until,
} from './cluster-services.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const DIR = join(REPO, 'data', 'cluster');
const LOGS = join(DIR, 'log');
const HAPROXY_CFG = join(REPO, 'deploy', 'haproxy.cfg');
const CLIENT = join(REPO, 'packages', 'web', 'dist', 'index.html');
/** The ports deploy/haproxy.cfg names: the front, then the instances behind it. */
const FRONT = 8080;
const INSTANCES = [
  { name: 'z1', port: 8081 },
  { name: 'z2', port: 8082 },
  { name: 'z3', port: 8083 },
] as const;
const REDIS_PORT = 6390;
const POSTGRES_PORT = 5442;
/** How long an instance may take to stop cleanly (hand its games over) before it is killed. */
const STOP_GRACE_MS = 15_000;
/** pino's warn: an instance's warnings and errors are shown here, everything is in its log. */
const WARN = 40;

const say = (line: string) => console.log(`cluster: ${line}`);
const shown = (path: string) => relative(process.cwd(), path) || '.';

/** The cookie secret every instance must share (a session made by one is read by the others). */
function secret(): string {
  const file = join(DIR, 'cookie-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const made = randomBytes(32).toString('base64url');
  writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return made;
}

/** An instance's log line as the console shows it: warnings and worse, one line each. */
function echoWarnings(name: string) {
  return (line: string): void => {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < WARN) return;
      const detail = entry.err?.message === undefined ? '' : ` (${entry.err.message})`;
      console.log(`[${name}] ${entry.msg ?? line}${detail}`);
    } catch {
      if (line.trim() !== '') console.log(`[${name}] ${line}`);
    }
  };
}

async function main(): Promise<void> {
  const programs = findPrograms();
  if ('missing' in programs) {
    const list = programs.missing.join(' ');
    console.error(
      `npm run cluster needs Debian's ${list}, not installed here. As root, bash tools/system-deps.sh ` +
        `installs it (or: apt-get install -y ${list}).`,
    );
    process.exit(1);
  }
  if (!existsSync(CLIENT)) {
    console.error(`${shown(CLIENT)} is missing: build the web client first (npm run build).`);
    process.exit(1);
  }
  await checkPortsFree([FRONT, ...INSTANCES.map((i) => i.port), REDIS_PORT, POSTGRES_PORT]);
  execFileSync(programs.haproxy, ['-c', '-q', '-f', HAPROXY_CFG], { stdio: 'inherit' });
  mkdirSync(LOGS, { recursive: true });
  const cookieSecret = secret();

  const running: Service[] = [];
  let postgres: { url: string; stop(): void } | null = null;
  let stopping = false;
  const stopAll = async (code: number): Promise<never> => {
    if (!stopping) {
      stopping = true;
      say('stopping');
      // The front first, so no player is sent to an instance on its way out.
      for (const name of ['haproxy', ...INSTANCES.map((i) => i.name), 'redis-server']) {
        const service = running.find((s) => s.name === name);
        if (service !== undefined) await stopService(service, 'SIGTERM', STOP_GRACE_MS);
      }
      postgres?.stop();
      say('stopped');
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    postgres = startPostgres(programs.initdb, join(DIR, 'pg'), POSTGRES_PORT);
    say(`PostgreSQL at 127.0.0.1:${POSTGRES_PORT} (its data in ${shown(join(DIR, 'pg'))})`);
    const redisArgs = ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const redis = startService('redis-server', programs.redis, redisArgs, { log: join(LOGS, 'redis.log') });
    running.push(redis);
    await until(redis, () => redisAnswers(REDIS_PORT), 10_000);
    say(`Redis at 127.0.0.1:${REDIS_PORT}`);

    const instances = INSTANCES.map(({ name, port }) => {
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: postgres?.url,
        REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
        ZAR_INSTANCE: name,
        ZAR_SECRET: cookieSecret,
        // HAProxy on this machine says each player's address in X-Forwarded-For.
        ZAR_TRUST_PROXY: 'loopback',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      };
      const log = join(LOGS, `${name}.log`);
      const args = ['--import', 'tsx', join(REPO, 'packages', 'server', 'src', 'main.ts')];
      const service = startService(name, process.execPath, args, { env, log, onLine: echoWarnings(name) });
      running.push(service);
      return { service, port, log };
    });
    await Promise.all(
      instances.map((i) => until(i.service, () => httpAnswers(`http://127.0.0.1:${i.port}/api/health`), 120_000)),
    );
    // A Ctrl-C while they started: stopAll has them, and nothing more is started.
    if (stopping) return;
    for (const i of instances) {
      say(`${i.service.name} at 127.0.0.1:${i.port}, pid ${i.service.child.pid} (its log: ${shown(i.log)})`);
      void i.service.exited.then(() => {
        if (stopping) return;
        const how = i.service.child.signalCode ?? `code ${i.service.child.exitCode}`;
        say(`${i.service.name} stopped (${how}); the others go on. Its log: ${shown(i.log)}`);
      });
    }

    const haproxy = startService('haproxy', programs.haproxy, ['-db', '-f', HAPROXY_CFG], {
      log: join(LOGS, 'haproxy.log'),
      onLine: (line) => line.trim() !== '' && console.log(`[haproxy] ${line}`),
    });
    running.push(haproxy);
    await until(haproxy, () => httpAnswers(`http://127.0.0.1:${FRONT}/api/health`), 10_000);
    for (const s of [redis, haproxy]) {
      void s.exited.then(() => {
        if (stopping) return;
        say(`${s.name} stopped: stopping everything (its log: ${shown(join(LOGS, `${s.name}.log`))})`);
        void stopAll(1);
      });
    }
    say(`Zar is serving at http://127.0.0.1:${FRONT} (HAProxy, round robin over ${INSTANCES.length} instances)`);
    say('Ctrl-C stops everything');
  } catch (e) {
    console.error(`cluster: ${e instanceof Error ? e.message : String(e)} (the logs are in ${shown(LOGS)})`);
    await stopAll(1);
  }
}

await main();
