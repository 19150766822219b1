import type { ServerMessage } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_TOO_MANY } from '../src/http/socket.js';
import { DEFAULT_LIMITS, type Limits } from '../src/limits/config.js';
import { Client, type Running, startServer, TEST_LIMITS } from './support/harness.js';

let server: Running | null = null;
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.terminate();
  await server?.close();
  server = null;
});

async function limited(limits: Partial<Limits>): Promise<Running> {
  server = await startServer({ limits: { ...TEST_LIMITS, ...limits } });
  return server;
}

/** The close code each socket ends with, watched from the moment it opens. */
const closeCodes = new WeakMap<Client, Promise<number>>();

async function open(url: string): Promise<Client> {
  const c = await Client.open(url);
  closeCodes.set(c, new Promise((resolve) => c.socket.once('close', (code) => resolve(code))));
  clients.push(c);
  return c;
}

const closed = (c: Client): Promise<number> => closeCodes.get(c) ?? Promise.reject(new Error('not opened here'));

const isPong = (m: ServerMessage) => m.t === 'pong';
const errors = (c: Client, code: string) => c.messages.filter((m) => m.t === 'error' && m.code === code).length;

describe('sockets per address', () => {
  it('refuses a socket beyond the share of its address with ERR_RATE_LIMITED and close 4029, until one closes', async () => {
    const s = await limited({ socketsPerAddress: 3 });
    const three = await Promise.all([open(s.ws), open(s.ws), open(s.ws)]);
    const fourth = await open(s.ws);
    const code = await closed(fourth);
    expect(code).toBe(CLOSE_TOO_MANY);
    expect(errors(fourth, 'ERR_RATE_LIMITED')).toBe(1);
    // The three still work.
    for (const c of three) expect((await c.request({ t: 'ping' }, isPong)).t).toBe('pong');
    // Many at once do not slip past the count.
    const rush = await Promise.all(Array.from({ length: 10 }, () => open(s.ws)));
    expect(await Promise.all(rush.map(closed))).toEqual(Array(10).fill(CLOSE_TOO_MANY));
    // A socket that closes gives its place back.
    await three[0]?.close();
    let again: Client | null = null;
    for (let i = 0; i < 50 && again === null; i++) {
      const c = await open(s.ws);
      const ping = await c.request({ t: 'ping', id: 1 }, (m) => isPong(m) || m.t === 'error').catch(() => null);
      if (ping?.t === 'pong') again = c;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).not.toBeNull();
  });
});

describe('messages per socket', () => {
  it('answers a burst, refuses the frames past it once with ERR_RATE_LIMITED, and serves again after a pause', async () => {
    const s = await limited({ messagesPerSecond: 10, messageBurst: 10 });
    const c = await open(s.ws);
    const refused = c.next((m) => m.t === 'error' && m.code === 'ERR_RATE_LIMITED');
    for (let i = 0; i < 15; i++) c.send({ t: 'ping', id: i });
    await refused;
    const last = c.next((m) => m.t === 'pong' && m.id === 99, 300).catch(() => null);
    c.send({ t: 'ping', id: 99 });
    expect(await last).toBeNull();
    expect(c.messages.filter(isPong)).toHaveLength(10);
    // One refusal said, not six.
    expect(errors(c, 'ERR_RATE_LIMITED')).toBe(1);
    expect(c.socket.readyState).toBe(WebSocket.OPEN);
    await new Promise((r) => setTimeout(r, 300));
    expect((await c.request({ t: 'ping', id: 100 }, (m) => m.t === 'pong' && m.id === 100)).t).toBe('pong');
  });

  it('closes a socket that keeps flooding (actions on unknown games), and its neighbour is served meanwhile', async () => {
    const s = await limited({ messagesPerSecond: 20, messageBurst: 40 });
    const flooder = await open(s.ws);
    const neighbour = await open(s.ws);
    const end = closed(flooder);
    for (let i = 0; i < 2000; i++) {
      if (flooder.socket.readyState !== WebSocket.OPEN) break;
      flooder.send({ t: 'act', game: `nogame${i}`, v: 0, action: { type: 'roll' } });
    }
    expect(await end).toBe(CLOSE_TOO_MANY);
    // Only the burst reached a handler: one ERR_NOT_FOUND each, not one per frame sent.
    expect(errors(flooder, 'ERR_NOT_FOUND')).toBeLessThanOrEqual(41);
    expect((await neighbour.request({ t: 'ping' }, isPong)).t).toBe('pong');
  });

  it('lets a page that acts at a person pace through with the default limits', async () => {
    const s = await limited({
      messagesPerSecond: DEFAULT_LIMITS.messagesPerSecond,
      messageBurst: DEFAULT_LIMITS.messageBurst,
    });
    const c = await open(s.ws);
    // Forty quick clicks at once (a burst), then ten a second.
    for (let i = 0; i < 40; i++) c.send({ t: 'ping', id: i });
    await c.next((m) => m.t === 'pong' && m.id === 39);
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await c.request({ t: 'ping', id: 1000 + i }, (m) => m.t === 'pong' && m.id === 1000 + i);
    }
    expect(errors(c, 'ERR_RATE_LIMITED')).toBe(0);
  });
});
