import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../src/api.js';
import { answer, realFetch } from './support/fetch-stub.js';

afterEach(realFetch);

describe('the REST client', () => {
  it('says its protocol version and reads an answer the contract describes', async () => {
    const sent = answer(200, { id: 'u1', name: 'guest-u1', guest: true });
    expect(await api.me()).toEqual({ ok: true, value: { id: 'u1', name: 'guest-u1', guest: true } });
    const [first] = sent;
    expect(first?.path).toBe('/api/me');
    const headers = (first?.init.headers ?? {}) as Record<string, string>;
    expect(headers[PROTOCOL_HEADER]).toBe(String(PROTOCOL_VERSION));
  });

  it('treats an answer the contract does not describe as an error', async () => {
    answer(200, { id: 'u1', name: 'guest-u1' });
    const r = await api.me();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'ERR_SCHEMA', status: 200 });
    answer(200, { games: [{ id: 'game01' }] });
    expect((await api.lobby()).ok).toBe(false);
  });

  it('gives the server’s code for a refusal, and the status for anything else', async () => {
    const sent = answer(404, { error: { code: 'ERR_NOT_FOUND', message: 'no such game' } });
    expect(await api.joinGame('a/b')).toEqual({
      ok: false,
      error: { code: 'ERR_NOT_FOUND', message: 'no such game', status: 404 },
    });
    expect(sent[0]?.path).toBe('/api/games/a%2Fb/join');
    expect(sent[0]?.init.method).toBe('POST');
    answer(400, { error: { code: 'ERR_VERSION', message: 'reload the page' } });
    expect(await api.lobby()).toMatchObject({ ok: false, error: { code: 'ERR_VERSION' } });
    answer(502, '<html>bad gateway</html>');
    expect(await api.lobby()).toMatchObject({ ok: false, error: { code: 'HTTP_502', status: 502 } });
  });

  it('a 204 has no body to read', async () => {
    answer(204, undefined);
    expect(await api.logout()).toEqual({ ok: true, value: null });
    const sent = answer(204, undefined);
    expect(await api.logoutEverywhere()).toEqual({ ok: true, value: null });
    expect(sent[0]?.path).toBe('/api/logout-everywhere');
    expect(sent[0]?.init.method).toBe('POST');
  });
});
