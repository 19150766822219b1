import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { Caller, Client, type Running, startServer, TEST_LIMITS } from './support/harness.js';
import { LEVEL, LogSink } from './support/log-sink.js';

/**
 * What the server writes to its log while it is flooded with requests and frames it refuses:
 * at the default level (info) nothing, so a flood cannot fill the disk, and never a line at
 * error, so nobody outside can set off the operators' alerts. A fault of the server's own
 * (a store that fails) is still logged at error.
 */
let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(sink: LogSink, store: Store = memoryStore()): Promise<Running> {
  // Small limits, so the flood meets them: logins, games and frames a second.
  const limits = { ...TEST_LIMITS, loginPerMinute: 3, gamesPerMinute: 2, messagesPerSecond: 2, messageBurst: 3 };
  return startServer({ store, limits, app: { logger: sink.logger() } });
}

const post = (base: string, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: 'POST',
    headers: { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION), 'content-type': 'application/json', ...headers },
    body,
  });

const closed = (socket: WebSocket): Promise<number> =>
  new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) resolve(1006);
    else socket.once('close', (code) => resolve(code));
  });

/**
 * Opens a raw socket at `url`, runs `send` on it once open, and resolves with its close code,
 * or with the HTTP status of an upgrade the server refused.
 */
function socketEnd(url: string, send: (socket: WebSocket) => void, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  return new Promise<{ close: number } | { status: number }>((resolve, reject) => {
    socket.once('open', () => send(socket));
    socket.once('close', (close) => resolve({ close }));
    socket.once('unexpected-response', (request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      request.destroy();
    });
    socket.once('error', reject);
  });
}

/** Every kind of refusal an outsider can cause, each several times; returns the statuses it met. */
async function flood(s: Running): Promise<Set<number>> {
  const statuses = new Set<number>();
  const seen = async (r: Response | Promise<Response>) => {
    const res = await r;
    statuses.add(res.status);
    await res.text();
  };
  for (let round = 0; round < 3; round++) {
    await seen(post(s.base, '/api/games', 'not json'));
    await seen(post(s.base, '/api/games', ''));
    await seen(post(s.base, '/api/games', JSON.stringify({ preset: 'nope' })));
    await seen(post(s.base, '/api/games', JSON.stringify({ pad: 'x'.repeat(20_000) })));
    await seen(post(s.base, '/api/games', '{}', { origin: 'https://evil.example' }));
    await seen(post(s.base, '/api/login', JSON.stringify({ name: 'nobody', password: 'wrong-password' })));
    await seen(post(s.base, '/api/logout', '{"x":1}'));
    await seen(fetch(`${s.base}/api/nope`));
    await seen(fetch(`${s.base}/api/games/abcdefgh`));
    await seen(fetch(`${s.base}/api/games/..%2f..%2fetc`));
    await seen(fetch(`${s.base}/api/me`, { headers: { [PROTOCOL_HEADER]: '0' } }));
    await seen(fetch(`${s.base}/api/preferences`));
    await seen(fetch(`${s.base}/nope/at/all`));
    await seen(post(s.base, '/api/guest', '{}'));
  }
  // Frames: bad JSON, unknown types, bad fields, binary, then a flood past the frame budget.
  const caller = new Caller(s.base);
  await caller.call('POST', '/api/guest', {});
  const client = await Client.open(s.ws, caller.cookie);
  for (const frame of ['not json', '{"t":"nope"}', '{"t":"join","game":42}']) {
    const reply = client.next((m) => m.t === 'error');
    client.send(frame);
    await reply;
  }
  const shut = closed(client.socket);
  for (let i = 0; i < 20; i++) client.send('{"t":"ping"}');
  expect(await shut).toBe(4029);
  // Frames the socket library refuses before our code sees them.
  expect(await socketEnd(s.ws, (socket) => socket.send('x'.repeat(200_000)))).toEqual({ close: 1009 });
  const notText = Buffer.from([0xff, 0xfe, 0xfd]);
  expect(await socketEnd(s.ws, (socket) => socket.send(notText, { binary: false }))).toEqual({ close: 1007 });
  // A socket of another protocol version, one at a path that has none, one from another site.
  const noSend = () => {};
  expect(await socketEnd(s.ws.replace(/protocol=\d+/, 'protocol=0'), noSend)).toEqual({ close: 4000 });
  expect(await socketEnd(s.ws.replace('/ws', '/api/me'), noSend)).toEqual({ status: 404 });
  expect(await socketEnd(s.ws, noSend, { origin: 'https://evil.example' })).toEqual({ status: 403 });
  return statuses;
}

describe('the log under a flood of refusals', () => {
  it('writes nothing at info or above, and never an error, for anything an outsider sends', async () => {
    const sink = new LogSink();
    server = await start(sink);
    const before = sink.lines.length;
    const loudBefore = sink.loudBytes;
    const statuses = await flood(server);
    // The flood met the refusals it was meant to (the contract's codes are in other tests).
    for (const status of [400, 401, 403, 404, 413, 429]) expect(statuses).toContain(status);

    const lines = sink.lines.slice(before);
    expect(lines.filter((l) => l.level >= LEVEL.info).map((l) => `${l.level} ${l.msg}`)).toEqual([]);
    expect(sink.loudBytes - loudBefore).toBe(0);
    // Written still, for whoever turns the level down to debug to see them.
    expect(lines.filter((l) => l.msg === 'request answered').length).toBeGreaterThanOrEqual(40);
    expect(
      lines.filter((l) => l.msg === 'socket refused: the client broke the protocol').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("logs a fault of the server's own at error: a store that fails for a reason other than being away", async () => {
    const sink = new LogSink();
    const inner = memoryStore();
    const broken: Store = {
      ...inner,
      openGames: () => Promise.reject(new TypeError('a bug in the store')),
    };
    server = await start(sink, broken);
    const res = await fetch(`${server.base}/api/lobby`, { headers: { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) } });
    expect(res.status).toBe(500);
    expect(sink.atLeast(LEVEL.error)).toEqual([`${LEVEL.error} request failed`]);
  });
});
