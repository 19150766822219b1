import type { ServerMessage } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_SESSION_ENDED } from '../src/http/socket.js';
import type { SessionLimits } from '../src/people/sessions.js';
import { Caller, Client, type Running, startServer } from './support/harness.js';

/*
 * A session's end reaches its open sockets at that moment, whatever they are for (a game, the
 * lobby, the live list, a tournament): its limits (the sweep, and every frame checked on the
 * way in), a logout, and a new session in its place. The clock is the test's: the sessions'
 * days pass in a step, and only the sweep's short tick is waited for.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const LIMITS: SessionLimits = { idleMs: 2 * DAY, maxAgeMs: 5 * DAY };

const servers: Running[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const s of servers.splice(0)) await s.close();
});

/** A server on the test's clock; `sweepMs` long: only a frame's own check can find a session's end. */
async function serve(sweepMs = 20): Promise<{ s: Running; advance(ms: number): void }> {
  let clock = Date.UTC(2026, 0, 1);
  const s = await startServer({ now: () => clock, app: { sessions: LIMITS, sessionSweepMs: sweepMs } });
  servers.push(s);
  return {
    s,
    advance: (ms) => {
      clock += ms;
    },
  };
}

let names = 0;
const credentials = () => ({ name: `end_${process.pid % 1000}_${names++}`, password: 'correct horse' });

async function registered(s: Running): Promise<{ caller: Caller; creds: { name: string; password: string } }> {
  const caller = new Caller(s.base);
  const creds = credentials();
  const r = await caller.call('POST', '/api/register', creds);
  if (r.status !== 200) throw new Error(`register: ${r.status}`);
  return { caller, creds };
}

/** How each socket closed: its close code. */
const closes = new WeakMap<Client, Promise<number>>();

async function open(s: Running, caller: Caller): Promise<Client> {
  const c = await Client.open(s.ws, caller.cookie);
  clients.push(c);
  closes.set(c, new Promise((resolve) => c.socket.once('close', (code) => resolve(code))));
  return c;
}

/** The socket's close code; fails the test if it stays open for seconds. */
function closed(c: Client): Promise<number> {
  const code = closes.get(c);
  if (code === undefined) throw new Error('not a socket of open()');
  return Promise.race([
    code,
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error('the socket stayed open')), 5000)),
  ]);
}

const is =
  (t: ServerMessage['t']) =>
  (m: ServerMessage): boolean =>
    m.t === t;

/** One socket of each kind the pages open, all of the caller's session, each doing its work. */
async function socketsOfEveryKind(s: Running, caller: Caller): Promise<Client[]> {
  const { id: game } = await caller.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
  const made = await caller.call<{ id: string }>('POST', '/api/tournaments', {
    name: 'Club night',
    format: 'knockout',
    roundSettings: [{ length: 1, clock: { kind: 'timed', delayMs: 60_000, perPointMs: 600_000 } }],
  });
  expect(made.status).toBe(201);
  const [table, lobby, live, tournament] = [
    await open(s, caller),
    await open(s, caller),
    await open(s, caller),
    await open(s, caller),
  ];
  await table.join(game);
  await lobby.request({ t: 'lobby', watch: true }, is('lobby'));
  await live.request({ t: 'live', watch: true }, is('live'));
  await tournament.request({ t: 'tournament', id: made.body.id, watch: true }, is('tournament'));
  return [table, lobby, live, tournament];
}

describe("a session's limits close its sockets", () => {
  it('a socket open when its session reaches the maximum age is closed with 4001 then, its session gone', async () => {
    const { s, advance } = await serve();
    const { caller } = await registered(s);
    const sockets = await socketsOfEveryKind(s, caller);
    // Visits do not move the maximum age.
    for (let day = 0; day < 4; day++) {
      advance(DAY);
      expect((await caller.call<{ guest: boolean }>('GET', '/api/me')).body.guest).toBe(false);
    }
    advance(DAY - 1);
    const bystander = await open(s, (await registered(s)).caller);
    expect(await sockets[0]?.request({ t: 'ping', id: 1 }, is('pong'))).toEqual({ t: 'pong', id: 1 });
    advance(1);
    for (const c of sockets) expect(await closed(c)).toBe(CLOSE_SESSION_ENDED);
    expect((await caller.call<{ guest: boolean }>('GET', '/api/me')).body.guest).toBe(true);
    // Another session, begun later, is not touched.
    expect(await bystander.request({ t: 'ping', id: 2 }, is('pong'))).toEqual({ t: 'pong', id: 2 });
  });

  it('a frame after the end is refused, and the socket closed, before any sweep comes', async () => {
    const { s, advance } = await serve(3_600_000);
    const { caller } = await registered(s);
    const { id: game } = await caller.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const c = await open(s, caller);
    const joined = await c.join(game);
    advance(LIMITS.maxAgeMs);
    // Five actions, as the attack sent: the first is refused and ends the socket, none acts.
    const refused = c.next(is('error'));
    for (let i = 0; i < 5; i++) c.send({ t: 'act', game, action: { type: 'resign', level: 1 }, v: joined.v });
    expect(await refused).toMatchObject({ t: 'error', code: 'ERR_NO_SESSION' });
    expect(await closed(c)).toBe(CLOSE_SESSION_ENDED);
    expect(c.messages.filter((m) => m.t === 'error')).toHaveLength(1);
    expect((await s.store.gameById(game))?.status).toBe('playing');
    expect(await s.store.sessionById(caller.cookie.slice('zar_sid='.length).split('.')[0] ?? '')).toBeNull();
  });

  it('a socket whose session goes unused past the idle limit closes; a visit moves that end', async () => {
    const { s, advance } = await serve();
    const { caller } = await registered(s);
    const c = await open(s, caller);
    advance(LIMITS.idleMs - HOUR);
    // A visit (any request with the cookie): the session lasts the idle limit from now.
    expect((await caller.call<{ guest: boolean }>('GET', '/api/me')).body.guest).toBe(false);
    advance(2 * HOUR);
    expect(await c.request({ t: 'ping', id: 1 }, is('pong'))).toEqual({ t: 'pong', id: 1 });
    advance(LIMITS.idleMs);
    expect(await closed(c)).toBe(CLOSE_SESSION_ENDED);
  });
});

describe('signing out and a new session close the sockets of every kind', () => {
  it("logout closes the session's sockets, whatever they watch; the next one is nobody's", async () => {
    const { s } = await serve();
    const { caller } = await registered(s);
    const sockets = await socketsOfEveryKind(s, caller);
    const cookie = caller.cookie;
    expect((await caller.call('POST', '/api/logout')).status).toBe(204);
    for (const c of sockets) expect(await closed(c)).toBe(CLOSE_SESSION_ENDED);
    // The old cookie opens a socket still, as nobody: it is not closed again and again.
    const again = await open(s, Object.assign(new Caller(s.base), { cookie }));
    const refused = await again.request(
      { t: 'seek', kind: { game: 'backgammon', length: 3, clock: 'untimed', rated: false } },
      is('error'),
    );
    expect(refused).toMatchObject({ code: 'ERR_NO_SESSION' });
    expect(again.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("logging in again replaces the session: the old one's sockets close, of every kind", async () => {
    const { s } = await serve();
    const { caller, creds } = await registered(s);
    const sockets = await socketsOfEveryKind(s, caller);
    expect((await caller.call('POST', '/api/login', creds)).status).toBe(200);
    for (const c of sockets) expect(await closed(c)).toBe(CLOSE_SESSION_ENDED);
    // The new session's socket acts.
    const fresh = await open(s, caller);
    expect(await fresh.request({ t: 'ping', id: 1 }, is('pong'))).toEqual({ t: 'pong', id: 1 });
  });

  it('signing out everywhere closes the sockets of every session of the account', async () => {
    const { s } = await serve();
    const { caller, creds } = await registered(s);
    const phone = new Caller(s.base);
    expect((await phone.call('POST', '/api/login', creds)).status).toBe(200);
    const sockets = [...(await socketsOfEveryKind(s, caller)), await open(s, phone)];
    expect((await phone.call('POST', '/api/logout-everywhere')).status).toBe(204);
    for (const c of sockets) expect(await closed(c)).toBe(CLOSE_SESSION_ENDED);
  });
});
