import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

/**
 * A PostgreSQL to test against: the one at DATABASE_URL when set, otherwise a private cluster
 * started from the installed binaries (initdb into a temp dir, a free port, a socket in that
 * dir, fsync off) and removed again by `stop`. No PostgreSQL at all is an error, never a skip:
 * a suite that quietly runs nothing looks exactly like one that passes.
 */
export interface TestPostgres {
  readonly url: string;
  /** True when this process started the cluster (and `stop` will remove it). */
  readonly private: boolean;
  stop(): Promise<void>;
  /**
   * An outage, for a private cluster only (one at DATABASE_URL is not ours to stop): `crash`
   * stops it at once as a crash would (pg_ctl stop -m immediate: connections cut, no
   * shutdown checkpoint), `restart` starts it again on the same port with the same data.
   */
  crash(): void;
  restart(): void;
}

const DEBIAN_ROOT = '/usr/lib/postgresql';

export interface StartOptions {
  /** Keep fsync on (for honest commit latencies in a benchmark); tests leave it off. */
  readonly fsync?: boolean;
}

export async function startPostgres(
  env: { DATABASE_URL?: string | undefined } = process.env,
  options: StartOptions = {},
): Promise<TestPostgres> {
  if (env.DATABASE_URL) {
    const notOurs = () => {
      throw new Error('the PostgreSQL at DATABASE_URL is not this test’s to stop: use a private cluster');
    };
    return { url: env.DATABASE_URL, private: false, stop: async () => {}, crash: notOurs, restart: notOurs };
  }
  const bin = findBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'zar-pg-'));
  const data = join(dir, 'data');
  // initdb and postgres refuse to run as root: hand the directory to the postgres user.
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]): void => {
    const file = join(bin, tool);
    const [cmd, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    execFileSync(cmd, argv, { stdio: 'pipe', cwd: dir });
  };
  try {
    run('initdb', ['-D', data, '-U', 'zar', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const durability = options.fsync ? '' : ' -c fsync=off -c full_page_writes=off';
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durability}`;
    const start = () => run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
    start();
    return {
      url: `postgres://zar@127.0.0.1:${port}/postgres`,
      private: true,
      crash: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
      restart: start,
      stop: async () => {
        try {
          // Already stopped (a test's crash without its restart) is fine.
          if (existsSync(join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a private PostgreSQL from ${bin}: ${reason(e)}`);
  }
}

/** The newest installed server's bin directory (Debian layout, then whatever is on PATH). */
function findBinaries(): string {
  if (existsSync(DEBIAN_ROOT)) {
    const versions = readdirSync(DEBIAN_ROOT)
      .filter((v) => existsSync(join(DEBIAN_ROOT, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(DEBIAN_ROOT, versions[0], 'bin');
  }
  try {
    const pgConfig = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim();
    if (existsSync(join(pgConfig, 'initdb'))) return pgConfig;
  } catch {
    // No pg_config on PATH either: fall through to the message below.
  }
  throw new Error(
    'PostgreSQL is not installed and DATABASE_URL is not set: the PostgreSQL store tests cannot run. ' +
      'Install it (Debian: apt-get install -y postgresql) or point DATABASE_URL at a database.',
  );
}

function reason(e: unknown): string {
  if (typeof e === 'object' && e !== null && 'stderr' in e) {
    const stderr = String((e as { stderr: unknown }).stderr).trim();
    if (stderr) return stderr;
  }
  return e instanceof Error ? e.message : String(e);
}
