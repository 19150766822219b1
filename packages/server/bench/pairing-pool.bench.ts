/**
 * The pairing pool under a flood of requests: `npm run bench:pool -w @zar/server [-- --sizes
 * 625,20000 --rate 165 --seconds 8 --gap 200]`.
 *
 * For each size it runs the server's PairingPool (with its People and a memory store) in this
 * process twice, unpaced (gap 0: the whole pool paired at every request and every band's
 * widening, as before) and paced (the gap given, the server's default), and prints an idle
 * ping's round trip (p50/p99/max) to a TCP echo in this process from a client in another, which
 * sends a byte every 20 ms whatever came back (so a ping sent while the loop is held waits as
 * long as it is held), the pairings a second and their mean cost, and how many times the unpaced p99 is the paced one.
 *
 * The pool holds `size` requests of players rated 1,000 points apart (nobody can be paired, so
 * the pool stays as large), asked evenly over the last 80 s, so that about a tenth of them widen
 * their band every second, as in a pool that is always that full. Beside it one flooder (a hundred
 * guest accounts, as from one address) asks `--rate` requests a second and cancels each as soon
 * as it is admitted; requests that fall behind while the loop is held are sent together, as a
 * socket's queued frames would arrive. Requests go to the pool directly: the socket's frame
 * parsing and the game limits, which in a server of the default limits refuse all but 30 a
 * minute from one address, are left out, so this is the pool's cost for a flood from many
 * addresses.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type PairingOptions, type PairingRequest, type Pairings, pairings } from '@zar/match';
import type { SeekKind } from '@zar/protocol';
import pino from 'pino';
import { PairingPool } from '../src/lobby/pairing-pool.js';
import { PAIRING_GAP_MS } from '../src/lobby/pairing-schedule.js';
import { People } from '../src/people/online.js';
import { memoryStore } from '../src/store/index.js';
import { pct } from './probes.js';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '625,20000' },
    rate: { type: 'string', default: '165' },
    seconds: { type: 'string', default: '8' },
    gap: { type: 'string', default: String(PAIRING_GAP_MS) },
  },
});
const SIZES = (args.sizes ?? '').split(',').map(Number);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const GAP = Number(args.gap);
/** As long as a band widens (the defaults: 8 widenings of 10 s). */
const SPREAD_MS = 80_000;
const KIND: SeekKind = { game: 'backgammon', length: 5, clock: 'normal', rated: false };
/** The flooder's guest accounts: enough that each request is admitted while the one before it is cancelled. */
const FLOODERS = Array.from({ length: 100 }, (_, i) => `flood-${i}`);

interface Outcome {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly pairingsPerSecond: number;
  readonly meanMs: number;
  readonly floodPerSecond: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pinging client: a byte every 20 ms to the echo, each one's round trip kept (plain JS, run by node -e). */
const PINGER = `
const net = require('node:net');
const sent = [];
const rtts = [];
const socket = net.connect(Number(process.argv[1]), '127.0.0.1', () => process.send('ready'));
socket.setNoDelay(true);
socket.on('data', (bytes) => {
  const now = performance.now();
  for (let i = 0; i < bytes.length; i++) rtts.push(now - sent.shift());
});
const timer = setInterval(() => { sent.push(performance.now()); socket.write('p'); }, 20);
process.on('message', () => { clearInterval(timer); process.send(rtts, () => process.exit(0)); });
`;

/** An echo on loopback in this process and a pinging client in another; `stop` answers the round trips, sorted. */
async function idlePing(): Promise<{ stop(): Promise<Float64Array> }> {
  const echo = createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('data', (bytes) => socket.write(bytes));
    // The client exits once it has sent its round trips: its reset ends nothing here.
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const child = spawn(process.execPath, ['-e', PINGER, String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    async stop() {
      const rtts = new Promise<number[]>((resolve) => child.once('message', (m) => resolve(m as number[])));
      child.send('stop');
      const sorted = Float64Array.from(await rtts).sort();
      echo.close();
      return sorted;
    },
  };
}

async function run(size: number, gapMs: number): Promise<Outcome> {
  const store = memoryStore();
  const people = new People();
  /** Shifts the pool's clock back while it is filled, so that the requests were asked over the last 80 s. */
  let shift = 0;
  let filling = true;
  const costs: number[] = [];
  const rule = (requests: readonly PairingRequest[], now: number, options: PairingOptions): Pairings => {
    // Filling: nobody pairs anyway, and 20,000 pairings of a growing pool would take minutes.
    if (filling) return { pairs: [], waiting: requests, dropped: [] };
    const started = performance.now();
    const answer = pairings(requests, now, options);
    costs.push(performance.now() - started);
    return answer;
  };
  const pool = new PairingPool({
    store: {
      ...store,
      // Player i at 1,000 × i (flooders far above): no two within the widest band.
      ratingsOf: async (userId) => [
        {
          userId,
          pool: 'backgammon',
          rating: userId.startsWith('flood') ? 1e9 + 1000 * Number(userId.slice(6)) : 1000 * Number(userId.slice(1)),
          experience: 0,
          matches: 0,
          wins: 0,
          updatedAt: 0,
        },
      ],
    },
    rooms: { create: async () => null as never },
    people,
    now: () => Date.now() - shift,
    log: pino({ level: 'silent' }),
    openGames: 1000,
    diceSeed: undefined,
    gapMs,
    pairings: rule,
  });
  for (const id of [...Array.from({ length: size }, (_, i) => `p${i}`), ...FLOODERS])
    people.add(id, { send: () => {} });
  for (let i = 0; i < size; i++) {
    shift = SPREAD_MS - (SPREAD_MS * i) / size;
    const r = await pool.seek({ id: `p${i}`, name: `p${i}`, registered: false }, KIND);
    if (!r.ok) throw new Error(r.error.message);
  }
  shift = 0;
  filling = false;

  let sent = 0;
  let admitted = 0;
  let measuring = false;
  const flood = async (n: number) => {
    const flooder = FLOODERS[n % FLOODERS.length] as string;
    const r = await pool.seek({ id: flooder, name: flooder, registered: false }, KIND);
    if (!r.ok) return;
    if (measuring) admitted++;
    pool.unseek(flooder, r.value.id);
  };
  const floodStart = performance.now();
  const flooding = setInterval(() => {
    const due = Math.floor(((performance.now() - floodStart) * RATE) / 1000);
    for (; sent < due; sent++) void flood(sent);
  }, 1000 / RATE);

  await sleep(1000);
  const ping = await idlePing();
  costs.length = 0;
  measuring = true;
  const started = performance.now();
  await sleep(SECONDS * 1000);
  measuring = false;
  const rtts = await ping.stop();
  const seconds = (performance.now() - started) / 1000;
  const pairingsDone = costs.length;
  const meanMs = pairingsDone === 0 ? 0 : costs.reduce((a, b) => a + b, 0) / pairingsDone;
  clearInterval(flooding);
  await pool.close();
  return {
    p50: pct(rtts, 50),
    p99: pct(rtts, 99),
    max: pct(rtts, 100),
    pairingsPerSecond: pairingsDone / seconds,
    meanMs,
    floodPerSecond: admitted / seconds,
  };
}

const show = (name: string, o: Outcome): string =>
  `  ${name.padEnd(16)} idle ping p50 ${o.p50.toFixed(1)} ms, p99 ${o.p99.toFixed(1)} ms, max ${o.max.toFixed(0)} ms; ` +
  `${o.pairingsPerSecond.toFixed(1)} pairings/s of ${o.meanMs.toFixed(1)} ms; flood admitted ${o.floodPerSecond.toFixed(0)}/s`;

console.log(
  `pairing pool: ${RATE} requests/s from one flooder, ${SECONDS} s measured per run; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
);
for (const size of SIZES) {
  console.log(`${size.toLocaleString('en')} waiting:`);
  const before = await run(size, 0);
  console.log(show('unpaced (gap 0)', before));
  const after = await run(size, GAP);
  console.log(show(`paced (gap ${GAP})`, after));
  console.log(`  idle ping p99 unpaced / paced: ${(before.p99 / after.p99).toFixed(1)}×`);
}
