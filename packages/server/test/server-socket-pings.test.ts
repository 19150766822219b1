import type { ServerMessage } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_PING_MS, MISSED_PINGS, SocketPings, socketPingFrom } from '../src/http/socket-pings.js';
import { Client, type Running, startServer } from './support/harness.js';
import { account, CASUAL, nextLobby } from './support/lobby-server.js';

/*
 * The server pings every socket and drops one that stops answering, and with it its pairing
 * requests: a frozen client is not paired into a match. The pings are the protocol's, which
 * the ws client (as a browser) answers by itself; the frozen client here is one that does not
 * (autoPong off).
 */

const PING_MS = 100;

const servers: Running[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  for (const s of servers.splice(0)) await s.close();
});

async function serve(): Promise<Running> {
  const s = await startServer({ diceSeed: 'pings', app: { socketPingMs: PING_MS, lobbyPollMs: 50 } });
  servers.push(s);
  return s;
}

/** A socket that never answers a ping; its frames, parsed, and its close code. */
async function frozen(
  s: Running,
  cookie: string,
): Promise<{ socket: WebSocket; frames: ServerMessage[]; closed: Promise<number> }> {
  const socket = new WebSocket(s.ws, { headers: { cookie }, autoPong: false });
  sockets.push(socket);
  const frames: ServerMessage[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as ServerMessage));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames, closed };
}

/** Until `test` holds, looking every few ms; fails after seconds. */
async function until(test: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !test(); waited += 10) {
    if (waited > 5000) throw new Error(`${what}: not within 5 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('pings', () => {
  it('drops a socket that stops answering, and its pairing request leaves the pool unpaired', async () => {
    const s = await serve();
    const alice = await account(s.base, 'alice');
    const bob = await account(s.base, 'bob');
    const a = await frozen(s, alice.cookie);
    a.socket.send(JSON.stringify({ t: 'seek', kind: CASUAL }));
    await until(() => a.frames.some((m) => m.t === 'lobby' && m.lobby.seeks.length === 1), "alice's request listed");
    // Alice's client freezes: it sends nothing, not even a pong, and is dropped.
    expect(await a.closed).toBe(1006);
    // Bob asks for the same kind: his request is the only one in the pool, and nobody is paired.
    const bobs = await Client.open(s.ws, bob.cookie);
    bobs.send({ t: 'seek', kind: CASUAL });
    const lobby = await nextLobby(bobs, (l) => l.seeks.length > 0);
    expect(lobby.seeks).toHaveLength(1);
    expect(lobby.pools).toEqual([{ kind: CASUAL, waiting: 1 }]);
    expect(bobs.messages.some((m) => m.t === 'paired')).toBe(false);
    await bobs.close();
  });

  // On the test's clock: no pause of a loaded machine can drop a socket that answers.
  it('keeps a socket that answers only with frames, and one that answers the pings', async () => {
    let clock = 0;
    const pings = new SocketPings(1000, () => clock);
    const talking = fakeSocket();
    const ponging = fakeSocket();
    const silent = fakeSocket();
    for (const socket of [talking, ponging, silent]) pings.add(socket as unknown as WebSocket);
    for (let tick = 1; tick <= 10; tick++) {
      clock += 1000;
      talking.emit('message');
      ponging.emit('pong');
      (pings as unknown as { tick(): void }).tick();
    }
    pings.stop();
    expect([talking.terminated, ponging.terminated]).toEqual([false, false]);
    expect(ponging.pinged).toBeGreaterThan(0);
    // Silent since the start: dropped at the first ping past MISSED_PINGS intervals.
    expect(silent.terminated).toBe(true);
    expect(silent.pinged).toBe(MISSED_PINGS);
  });
});

describe('ZAR_SOCKET_PING_MS', () => {
  it('reads milliseconds, keeps the default when unset, refuses nonsense', () => {
    expect(socketPingFrom({})).toEqual({ ok: true, value: DEFAULT_PING_MS });
    expect(socketPingFrom({ ZAR_SOCKET_PING_MS: '2500' })).toEqual({ ok: true, value: 2500 });
    for (const bad of ['0', '-5', 'soon', '1e9'])
      expect(socketPingFrom({ ZAR_SOCKET_PING_MS: bad }).ok, bad).toBe(false);
  });
});

/** The part of a ws socket SocketPings uses, counting its pings and whether it was dropped. */
function fakeSocket() {
  const listeners = new Map<string, (() => void)[]>();
  const socket = {
    OPEN: 1,
    readyState: 1,
    pinged: 0,
    terminated: false,
    on(event: string, listener: () => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    once(event: string, listener: () => void) {
      return socket.on(event, listener);
    },
    emit(event: string) {
      for (const listener of listeners.get(event) ?? []) listener();
    },
    ping() {
      socket.pinged++;
    },
    terminate() {
      socket.terminated = true;
      socket.readyState = 3;
      socket.emit('close');
    },
  };
  return socket;
}
