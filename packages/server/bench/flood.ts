/**
 * The noisy neighbour of `games.bench.ts --noisy`: one client that sends actions on game ids
 * nobody created as fast as its sockets take them (200,000 such actions once slowed every
 * other player's replies from 0.4 s to 8-11 s). Each action names a fresh id,
 * so the server cannot answer from a room it already holds and asks its store every time.
 *
 * It runs in its own process, as an attacker's machine would, so it competes with the server
 * for the CPU only as much as any process does, and its event loop does not delay the
 * measured players' clients. Its sockets all come from one address with one cookie (none:
 * a visitor who has not played); a socket the server closes is opened again at once, as a script would.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

export interface FloodJob {
  readonly url: string;
  readonly cookie: string;
  /** The one address every socket comes from. */
  readonly address: string;
  /** Sockets opened at once from the one address. */
  readonly sockets: number;
}

export interface FloodCounts {
  sent: number;
  replies: number;
  /** Sockets opened (the first ones and every reopening after a close). */
  opened: number;
  /** Upgrades the server refused (an HTTP answer instead of a socket), by status. */
  refused: Record<string, number>;
  /** Closes by WebSocket close code. */
  closes: Record<string, number>;
  seconds: number;
}

/** Frames sent in one turn of the event loop before replies are read again. */
const BURST = 500;
/** Stop writing while this much is queued in the client (the kernel's buffers are full). */
const HIGH_WATER = 1 << 20;

function tally(counts: Record<string, number>, key: string | number): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** Floods until `stop` is called; resolves what it sent and what came back. */
function flood(job: FloodJob): { opened: Promise<void>; stop: () => FloodCounts } {
  const counts: FloodCounts = { sent: 0, replies: 0, opened: 0, refused: {}, closes: {}, seconds: 0 };
  const live = new Set<WebSocket>();
  let stopped = false;
  let n = 0;
  const frame = (): string => {
    n++;
    // 14 characters like a real game id, and a new one each time.
    const game = `zz${n.toString(36).padStart(12, '0')}`;
    return JSON.stringify({ t: 'act', game, v: 1, action: { type: 'roll' } });
  };
  const connect = (): Promise<void> =>
    new Promise((resolve) => {
      const socket = new WebSocket(job.url, {
        headers: job.cookie === '' ? {} : { cookie: job.cookie },
        perMessageDeflate: false,
        localAddress: job.address,
      });
      live.add(socket);
      const pump = (): void => {
        for (let i = 0; i < BURST && socket.readyState === WebSocket.OPEN; i++) {
          if (socket.bufferedAmount > HIGH_WATER) break;
          socket.send(frame());
          counts.sent++;
        }
        if (!stopped && socket.readyState === WebSocket.OPEN) setImmediate(pump);
      };
      socket.on('open', () => {
        counts.opened++;
        resolve();
        pump();
      });
      socket.on('message', () => counts.replies++);
      socket.on('unexpected-response', (_request, response) => {
        tally(counts.refused, response.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('error', () => {});
      socket.on('close', (code) => {
        live.delete(socket);
        if (code !== 1006 || counts.opened > 0) tally(counts.closes, code);
        resolve();
        // A little pause, so a server that refuses every upgrade is not met with a busy loop here.
        if (!stopped) setTimeout(() => void connect(), 10);
      });
    });
  const start = performance.now();
  const opened = Promise.all(Array.from({ length: job.sockets }, connect)).then(() => undefined);
  return {
    opened,
    stop: () => {
      stopped = true;
      counts.seconds = (performance.now() - start) / 1000;
      for (const socket of live) socket.terminate();
      return counts;
    },
  };
}

/** A flood in a child process: resolves once its sockets are open; `stop` ends it and returns its counts. */
export async function startFlood(job: FloodJob): Promise<{ stop: () => Promise<FloodCounts> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const next = (): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the flooding process exited with ${code}`));
      child.once('exit', exited);
      child.once('message', (m) => {
        child.off('exit', exited);
        resolve(m);
      });
    });
  const flooding = next();
  child.send(job);
  await flooding;
  return {
    stop: async () => {
      const counts = next();
      child.send('stop');
      return (await counts) as FloodCounts;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (job) => {
    const running = flood(job as FloodJob);
    void running.opened.then(() => process.send?.('flooding'));
    process.once('message', () => process.send?.(running.stop(), () => process.exit(0)));
  });
}
