import { afterEach, describe, expect, it } from 'vitest';
import { Buckets } from '../src/limits/bucket.js';
import { DEFAULT_LIMITS, type Limits, limitsFrom } from '../src/limits/config.js';
import { Caller, type Running, startServer, TEST_LIMITS } from './support/harness.js';

interface Refusal {
  error: { code: string; message: string };
}

let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A server with the given login limits and a clock the test moves; `proxied`: it believes the loopback's X-Forwarded-For. */
async function limited(login: Partial<Limits>, proxied = false): Promise<{ base: string; advance(ms: number): void }> {
  let t = Date.UTC(2026, 0, 1);
  server = await startServer({
    limits: { ...TEST_LIMITS, ...login },
    now: () => t,
    app: { trustedProxies: proxied ? ['127.0.0.1'] : [] },
  });
  return {
    base: server.base,
    advance: (ms) => {
      t += ms;
    },
  };
}

const wrong = { name: 'nobody_here', password: 'not the password' };

/** A browser at `address` (X-Forwarded-For): it keeps every cookie it is given, the device cookie too. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly base: string,
    readonly address: string,
  ) {}

  async post(path: string, body: unknown): Promise<{ status: number; retryAfter: string | null }> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': this.address, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    for (const set of res.headers.getSetCookie()) {
      const [name = '', value = ''] = (set.split(';')[0] ?? '').split(/=(.*)/s);
      if (value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after') };
  }

  login(name: string, password: string) {
    return this.post('/api/login', { name, password });
  }
}

const statusOf = async (r: Promise<{ status: number }>): Promise<number> => (await r).status;

describe('login and registration limits', () => {
  it('counts login and registration attempts per address: 429 ERR_RATE_LIMITED with Retry-After', async () => {
    const s = await limited({ loginPerMinute: 3 });
    const c = new Caller(s.base);
    for (let i = 0; i < 3; i++) expect((await c.call('POST', '/api/login', wrong)).status).toBe(401);
    const refused = await fetch(`${s.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify(wrong),
    });
    // A header nobody configured to trust does not make another address.
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(((await refused.json()) as Refusal).error.code).toBe('ERR_RATE_LIMITED');
    // Registering is an attempt from the same address, refused the same way.
    const reg = await new Caller(s.base).call<Refusal>('POST', '/api/register', {
      name: 'carol',
      password: 'pw pw pw pw',
    });
    expect(reg.status).toBe(429);
    expect(reg.body.error.code).toBe('ERR_RATE_LIMITED');
    // One attempt comes back every 20 s.
    s.advance(20_000);
    expect((await c.call('POST', '/api/register', { name: 'carol', password: 'pw pw pw pw' })).status).toBe(200);
    expect((await c.call('POST', '/api/login', wrong)).status).toBe(429);
  });

  it('locks an account out of one address after its failed logins there, and a success clears the count', async () => {
    const s = await limited({ loginFailures: 3, lockoutMinutes: 3 });
    const owner = new Caller(s.base);
    expect((await owner.call('POST', '/api/register', { name: 'bob_9', password: 'right one' })).status).toBe(200);
    const guesses = { name: 'bob_9', password: 'a wrong guess' };
    for (let i = 0; i < 3; i++) expect((await new Caller(s.base).call('POST', '/api/login', guesses)).status).toBe(401);
    // Locked: even the right password waits, and a capital does not dodge it.
    const right = new Caller(s.base);
    const locked = await right.call<Refusal>('POST', '/api/login', { name: 'bob_9', password: 'right one' });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('ERR_RATE_LIMITED');
    expect((await right.call('POST', '/api/login', { name: 'BOB_9', password: 'another guess' })).status).toBe(429);
    // Other accounts are not touched.
    expect((await right.call('POST', '/api/login', wrong)).status).toBe(401);
    // A try comes back after lockoutMinutes / loginFailures: one minute.
    s.advance(60_000);
    expect((await right.call('POST', '/api/login', { name: 'bob_9', password: 'right one' })).status).toBe(200);
    // The success forgot the failures: three more wrong ones before the next lockout.
    for (let i = 0; i < 3; i++) expect((await new Caller(s.base).call('POST', '/api/login', guesses)).status).toBe(401);
    expect((await new Caller(s.base).call('POST', '/api/login', guesses)).status).toBe(429);
  });

  it('five wrong guesses from one address leave the owner elsewhere free to sign in at once; that address waits', async () => {
    const s = await limited(DEFAULT_LIMITS, true);
    const owner = new Browser(s.base, '198.51.100.1');
    expect((await owner.post('/api/register', { name: 'erin', password: 'the password' })).status).toBe(200);
    const guesser = new Browser(s.base, '203.0.113.7');
    for (let i = 0; i < 5; i++) expect(await statusOf(guesser.login('erin', `guess ${i}!`))).toBe(401);
    // The guesser's address is locked out of erin: a try comes back every 15 / 5 minutes.
    expect(await guesser.login('erin', 'guess 6!')).toEqual({ status: 429, retryAfter: '180' });
    expect(await statusOf(new Browser(s.base, '203.0.113.7').login('erin', 'the password'))).toBe(429);
    // The owner, on his own browser or on a new one at another address, signs in at once.
    expect(await statusOf(owner.login('erin', 'the password'))).toBe(200);
    expect(await statusOf(new Browser(s.base, '192.0.2.44').login('erin', 'the password'))).toBe(200);
    // His success forgives nobody else.
    expect(await statusOf(guesser.login('erin', 'guess 7!'))).toBe(429);
    s.advance(180_000);
    expect(await statusOf(guesser.login('erin', 'guess 8!'))).toBe(401);
    expect(await statusOf(guesser.login('erin', 'guess 9!'))).toBe(429);
  });

  it('holds back many addresses guessing one account together, but not a browser that signed in to it before', async () => {
    const s = await limited(DEFAULT_LIMITS, true);
    const owner = new Browser(s.base, '198.51.100.1');
    expect((await owner.post('/api/register', { name: 'fred', password: 'the password' })).status).toBe(200);
    expect((await owner.post('/api/logout', {})).status).toBe(204);
    expect(owner.jar.has('zar_device')).toBe(true);
    // A guess each from as many addresses as the account's strangers may fail: 20.
    for (let i = 0; i < DEFAULT_LIMITS.accountGuesses; i++) {
      expect(await statusOf(new Browser(s.base, `203.0.113.${i + 1}`).login('fred', `guess ${i}!`))).toBe(401);
    }
    // The next address waits, with a wrong password or the right one: a try back every 15 min / 20.
    expect(await new Browser(s.base, '203.0.113.99').login('fred', 'guess 99!')).toEqual({
      status: 429,
      retryAfter: '45',
    });
    expect(await statusOf(new Browser(s.base, '192.0.2.44').login('FRED', 'the password'))).toBe(429);
    // A device cookie that is not the server's counts for nothing.
    const forger = new Browser(s.base, '203.0.113.100');
    const device = Buffer.from(JSON.stringify({ id: 'made-up', names: ['fred'] })).toString('base64url');
    forger.jar.set('zar_device', `${device}.not-a-signature`);
    expect(await statusOf(forger.login('fred', 'guess 100!'))).toBe(429);
    // The owner's browser, known to fred, signs in at once, from any address.
    const travelling = new Browser(s.base, '192.0.2.200');
    for (const [name, value] of owner.jar) travelling.jar.set(name, value);
    expect(await statusOf(travelling.login('fred', 'the password'))).toBe(200);
    // Its own mistakes lock only itself out: five, and a stranger's share is not touched.
    for (let i = 0; i < 5; i++) expect(await statusOf(owner.login('fred', `a typo ${i}!`))).toBe(401);
    expect(await statusOf(owner.login('fred', 'the password'))).toBe(429);
    s.advance(45_000);
    expect(await statusOf(new Browser(s.base, '192.0.2.45').login('fred', 'the password'))).toBe(200);
  });

  it('lets a person who mistypes a few times sign in with the default limits', async () => {
    const s = await limited(DEFAULT_LIMITS);
    const c = new Caller(s.base);
    expect((await c.call('POST', '/api/register', { name: 'dora', password: 'the password' })).status).toBe(200);
    expect((await c.call('POST', '/api/logout', {})).status).toBe(204);
    for (let i = 0; i < 4; i++) {
      expect((await c.call('POST', '/api/login', { name: 'dora', password: 'the pasword' })).status).toBe(401);
    }
    expect((await c.call('POST', '/api/login', { name: 'dora', password: 'the password' })).status).toBe(200);
  });
});

describe('the limiter', () => {
  it('holds at most maxKeys buckets, dropping the one used longest ago', () => {
    const b = new Buckets(60, 1, 3);
    for (const key of ['a', 'b', 'c']) expect(b.take(key, 0).ok).toBe(true);
    expect(b.take('a', 0)).toEqual({ ok: false, retryAfterMs: 1000 });
    for (let i = 0; i < 1000; i++) b.take(`flood-${i}`, 0);
    expect(b.size).toBe(3);
  });

  it('refills at its rate up to its burst', () => {
    const b = new Buckets(60, 2);
    expect(b.take('k', 0).ok).toBe(true);
    expect(b.take('k', 0).ok).toBe(true);
    expect(b.take('k', 500)).toEqual({ ok: false, retryAfterMs: 500 });
    expect(b.take('k', 1000).ok).toBe(true);
    expect(b.waitMs('k', 1_000_000)).toBe(0);
  });
});

describe('ZAR_LIMITS', () => {
  it('replaces defaults by name and refuses what it cannot read', () => {
    expect(limitsFrom({})).toEqual({ ok: true, value: DEFAULT_LIMITS });
    expect(limitsFrom({ ZAR_LIMITS: ' login=20 , login-failures=8' })).toEqual({
      ok: true,
      value: { ...DEFAULT_LIMITS, loginPerMinute: 20, loginFailures: 8 },
    });
    for (const bad of ['logins=3', 'login=0', 'login=2.5', 'login', 'login=3=4', 'login=lots']) {
      const r = limitsFrom({ ZAR_LIMITS: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/ZAR_LIMITS/);
    }
  });
});
