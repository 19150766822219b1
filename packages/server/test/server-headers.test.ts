import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type AppOptions, buildApp } from '../src/app.js';
import { memoryStore } from '../src/store/index.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { WS_PATH } from './support/contract.js';
import { SECRET } from './support/harness.js';

const cleanups = cleanupsAfterEach();

/** A server on loopback; the test's own requests come from 127.0.0.1, a proxy when trusted. */
async function serve(options: Partial<AppOptions> = {}): Promise<{ base: string; host: string }> {
  const store = memoryStore();
  const app = await buildApp({ store, cookieSecret: SECRET, botDelayMs: 0, botWorkers: 0, diceSeed: 'h', ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    await app.close();
    await store.close();
  });
  const port = (app.server.address() as { port: number }).port;
  return { base: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}` };
}

const newGame = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ preset: 'backgammon', length: 1, opponent: 'bot' }),
  });

/** Opens the socket with these headers: 'open', or the HTTP status the upgrade was refused with. */
function upgrade(url: string, headers: Record<string, string>): Promise<{ status: number | 'open'; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 'open', body: '' });
    });
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    socket.once('error', (e) => {
      if (!String(e.message).includes('Unexpected server response')) reject(e);
    });
  });
}

describe('security headers', () => {
  it('every answer carries the CSP, frame, sniffing and referrer headers; no HSTS over plain http', async () => {
    const { base } = await serve();
    for (const path of ['/api/me', '/api/no-such-route', '/']) {
      const r = await fetch(base + path);
      await r.arrayBuffer();
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      // No inline or eval'd script: the policy's point.
      expect(/script-src[^;]*'unsafe-(inline|eval)'/.test(csp), path).toBe(false);
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(r.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('HSTS and Secure cookies over TLS at a trusted proxy; X-Forwarded-Proto from anyone else is ignored', async () => {
    const trusted = await serve({ trustedProxies: ['127.0.0.1'] });
    const behind = await newGame(trusted.base, { 'x-forwarded-proto': 'https' });
    expect(behind.status).toBe(201);
    expect(behind.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(behind.headers.getSetCookie().join('\n')).toMatch(/zar_sid=[^\n]*; Secure/);

    const plain = await newGame(trusted.base);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.getSetCookie().join('\n')).not.toContain('Secure');

    // Nobody is trusted by default: a client cannot claim https for itself.
    const untrusted = await serve({ trustedProxies: [] });
    const forged = await newGame(untrusted.base, { 'x-forwarded-proto': 'https' });
    expect(forged.status).toBe(201);
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    expect(forged.headers.getSetCookie().join('\n')).not.toContain('Secure');
  });
});

describe('origins', () => {
  it('a POST from another site is refused with 403 ERR_ORIGIN; the site itself, a listed origin and programs pass', async () => {
    const { base, host } = await serve({ allowedOrigins: ['https://play.zar.example'] });
    const evil = await newGame(base, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { code: string } }).error.code).toBe('ERR_ORIGIN');
    // The hook answered before the session hook: the refused request made no guest either.
    expect(evil.headers.getSetCookie()).toEqual([]);
    for (const origin of ['null', `https://${host}.evil.example`, 'not an origin']) {
      expect((await newGame(base, { origin })).status, origin).toBe(403);
    }
    const passing: Record<string, string>[] = [
      { origin: `http://${host}` },
      { origin: 'https://play.zar.example' },
      {},
    ];
    for (const headers of passing) {
      const r = await newGame(base, headers);
      expect(r.status, JSON.stringify(headers)).toBe(201);
    }
    // Reading needs no Origin check: a GET cannot change anything.
    expect((await fetch(`${base}/api/me`, { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('a WebSocket upgrade from another site is refused with 403 ERR_ORIGIN; the site itself and programs connect', async () => {
    const { base, host } = await serve({ allowedOrigins: ['https://play.zar.example'] });
    const url = `${base.replace('http', 'ws')}${WS_PATH}`;
    const refused = await upgrade(url, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'ERR_ORIGIN' } });
    expect((await upgrade(url, { origin: `http://${host}` })).status).toBe('open');
    expect((await upgrade(url, { origin: 'https://play.zar.example' })).status).toBe('open');
    expect((await upgrade(url, {})).status).toBe('open');
  });
});
