import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_SESSION_ENDED } from '../src/http/socket.js';
import { DEFAULT_SESSION_LIMITS, sessionLimitsFrom } from '../src/people/sessions.js';
import { Caller, Client, type Running, startServer } from './support/harness.js';

const DAY = 24 * 3600_000;
let clock = Date.now();
let server: Running;
beforeAll(async () => {
  server = await startServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

interface Me {
  id: string;
  name: string;
  guest: boolean;
}

let names = 0;
const credentials = () => ({ name: `sess_${process.pid % 1000}_${names++}`, password: 'correct horse' });

/** A caller with a cookie of its own: a guest who has played (a visit alone makes none). */
async function visitor(): Promise<Caller> {
  const c = new Caller(server.base);
  await c.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
  return c;
}

/** A copy of a caller holding the cookie it holds now (another tab, or someone who stole it). */
function withCookie(cookie: string): Caller {
  const c = new Caller(server.base);
  c.cookie = cookie;
  return c;
}

const whoIs = async (cookie: string): Promise<Me> => (await withCookie(cookie).call<Me>('GET', '/api/me')).body;

/** How each socket of the tests closed: its close code, heard from the moment it opened. */
const closes = new WeakMap<Client, Promise<number>>();

/** The close code of the socket, or null when it is still open after `ms`. */
function closeCode(client: Client, ms = 2000): Promise<number | null> {
  const closed = closes.get(client);
  if (closed === undefined) throw new Error('not a socket of socketOf');
  return Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

/** A socket of the caller's session that has joined a game of his (so it is identified). */
async function socketOf(c: Caller): Promise<Client> {
  const { id } = await c.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
  const socket = await Client.open(server.ws, c.cookie);
  closes.set(socket, new Promise((resolve) => socket.socket.once('close', (code) => resolve(code))));
  await socket.join(id);
  return socket;
}

describe('a new session at registration and login (no fixation)', () => {
  it('registering gives a new session id; the guest id planted before is nobody after, and its sockets end', async () => {
    const c = await visitor();
    const planted = c.cookie;
    const guest = await whoIs(planted);
    const plantedSocket = await socketOf(withCookie(planted));
    const reg = await c.call<Me>('POST', '/api/register', credentials());
    expect(reg.status).toBe(200);
    expect(reg.body.id).toBe(guest.id);
    expect(c.cookie).not.toBe('');
    expect(c.cookie).not.toBe(planted);
    expect((await whoIs(c.cookie)).id).toBe(guest.id);
    const before = await whoIs(planted);
    expect(before.id).not.toBe(guest.id);
    expect(before.guest).toBe(true);
    expect(await closeCode(plantedSocket)).toBe(CLOSE_SESSION_ENDED);
  });

  it('logging in gives a new session id; the one before is nobody after', async () => {
    const owner = await visitor();
    const creds = credentials();
    const account = (await owner.call<Me>('POST', '/api/register', creds)).body;
    const c = await visitor();
    const planted = c.cookie;
    expect((await c.call<Me>('POST', '/api/login', creds)).body.id).toBe(account.id);
    expect(c.cookie).not.toBe(planted);
    expect((await whoIs(c.cookie)).id).toBe(account.id);
    expect((await whoIs(planted)).id).not.toBe(account.id);
  });
});

describe('sessions end on the server', () => {
  it(`after ${DEFAULT_SESSION_LIMITS.idleMs / DAY} days without a visit`, async () => {
    const c = await visitor();
    const account = (await c.call<Me>('POST', '/api/register', credentials())).body;
    clock += DEFAULT_SESSION_LIMITS.idleMs - DAY;
    expect((await whoIs(c.cookie)).id).toBe(account.id);
    // That visit counts: as long again from it.
    clock += DEFAULT_SESSION_LIMITS.idleMs - DAY;
    expect((await whoIs(c.cookie)).id).toBe(account.id);
    clock += DEFAULT_SESSION_LIMITS.idleMs;
    const after = await whoIs(c.cookie);
    expect(after.id).not.toBe(account.id);
    expect(after.guest).toBe(true);
  });

  it(`after ${DEFAULT_SESSION_LIMITS.maxAgeMs / DAY} days however often it is used`, async () => {
    const c = await visitor();
    const creds = credentials();
    const account = (await c.call<Me>('POST', '/api/register', creds)).body;
    const started = clock;
    while (clock + 10 * DAY < started + DEFAULT_SESSION_LIMITS.maxAgeMs) {
      clock += 10 * DAY;
      expect((await whoIs(c.cookie)).id).toBe(account.id);
    }
    clock = started + DEFAULT_SESSION_LIMITS.maxAgeMs;
    expect((await whoIs(c.cookie)).id).not.toBe(account.id);
    // The account itself is fine: logging in again starts a new session.
    const again = await visitor();
    expect((await again.call<Me>('POST', '/api/login', creds)).body.id).toBe(account.id);
  });

  it('expired sessions that never come back leave the store when new sessions start', async () => {
    const c = await visitor();
    const sessionId = c.cookie.slice('zar_sid='.length).split('.')[0] ?? '';
    expect(await server.store.sessionById(sessionId)).not.toBeNull();
    clock += DEFAULT_SESSION_LIMITS.idleMs + 3600_000;
    await visitor();
    expect(await server.store.sessionById(sessionId)).toBeNull();
  });

  it('the cookie says so too: it lasts no longer than the absolute limit', async () => {
    const r = await new Caller(server.base).call('POST', '/api/games', {
      preset: 'backgammon',
      length: 1,
      opponent: 'bot',
    });
    expect(r.setCookie[0]).toContain(`Max-Age=${DEFAULT_SESSION_LIMITS.maxAgeMs / 1000}`);
  });
});

describe('ending sessions ends their sockets', () => {
  it("logout closes that session's sockets, and no other session's", async () => {
    const c = await visitor();
    const creds = credentials();
    await c.call('POST', '/api/register', creds);
    const other = await visitor();
    await other.call('POST', '/api/login', creds);
    const mine = await socketOf(c);
    const theirs = await socketOf(other);
    expect((await c.call('POST', '/api/logout')).status).toBe(204);
    expect(await closeCode(mine)).toBe(CLOSE_SESSION_ENDED);
    expect(theirs.socket.readyState).toBe(WebSocket.OPEN);
    expect(await theirs.request({ t: 'ping', id: 1 }, (m) => m.t === 'pong')).toEqual({ t: 'pong', id: 1 });
    await theirs.close();
  });

  it('sign out everywhere ends every session of the account and their sockets, and nobody else', async () => {
    const a = await visitor();
    const creds = credentials();
    const account = (await a.call<Me>('POST', '/api/register', creds)).body;
    const b = await visitor();
    await b.call('POST', '/api/login', creds);
    const stranger = await visitor();
    await stranger.call('POST', '/api/register', credentials());
    const sockets = [await socketOf(a), await socketOf(b)];
    const strangerSocket = await socketOf(stranger);
    const bCookie = b.cookie;

    expect((await a.call('POST', '/api/logout-everywhere')).status).toBe(204);
    for (const s of sockets) expect(await closeCode(s)).toBe(CLOSE_SESSION_ENDED);
    expect((await whoIs(bCookie)).id).not.toBe(account.id);
    expect((await a.call<Me>('GET', '/api/me')).body.guest).toBe(true);
    expect(strangerSocket.socket.readyState).toBe(WebSocket.OPEN);
    expect((await stranger.call<Me>('GET', '/api/me')).body.guest).toBe(false);
    await strangerSocket.close();
    // The account is not harmed: its password still opens a new session.
    expect((await b.call<Me>('POST', '/api/login', creds)).body.id).toBe(account.id);
  });
});

describe('session limits from the environment', () => {
  it('reads days, keeps the defaults when unset, refuses nonsense', () => {
    expect(sessionLimitsFrom({})).toEqual({ ok: true, value: DEFAULT_SESSION_LIMITS });
    expect(sessionLimitsFrom({ ZAR_SESSION_IDLE_DAYS: '7', ZAR_SESSION_MAX_DAYS: '0.5' })).toEqual({
      ok: true,
      value: { idleMs: 7 * DAY, maxAgeMs: DAY / 2 },
    });
    for (const bad of ['0', '-1', 'week', '1e9']) {
      const r = sessionLimitsFrom({ ZAR_SESSION_IDLE_DAYS: bad });
      expect(r.ok, bad).toBe(false);
    }
    expect(sessionLimitsFrom({ ZAR_SESSION_MAX_DAYS: 'x' }).ok).toBe(false);
  });
});
