import { PROTOCOL_PARAM, PROTOCOL_VERSION, REST, type ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_VERSION } from '../src/http/socket.js';
import { ContractError, checkBody, checkFrame } from './support/contract.js';
import { Caller, Client, type Running, startServer } from './support/harness.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('the harness holds the server to the contract', () => {
  it('refuses answers the contract does not describe', () => {
    const me = { id: 'u1', name: 'ana', guest: true };
    expect(() => checkBody('GET', '/api/me', 200, me)).not.toThrow();
    expect(() => checkBody('GET', '/api/me', 200, { id: 'u1', name: 'ana' })).toThrow(ContractError);
    expect(() => checkBody('GET', '/api/me', 200, { ...me, admin: true })).toThrow(ContractError);
    expect(() => checkBody('GET', '/api/nothing', 200, me)).toThrow(ContractError);
    expect(() => checkBody('POST', '/api/logout', 200, {})).toThrow(ContractError);
    const refused = { error: { code: 'ERR_NOT_FOUND', message: 'no such game' } };
    expect(() => checkBody('GET', '/api/games/abcdef', 404, refused)).not.toThrow();
    expect(() => checkBody('GET', '/api/games/abcdef', 404, { error: { code: 'ERR_NEW', message: '' } })).toThrow(
      ContractError,
    );
  });

  it('refuses frames the contract does not describe', () => {
    expect(checkFrame('{"t":"pong","id":3}')).toEqual({ t: 'pong', id: 3 });
    expect(() => checkFrame('{"t":"pong","extra":1}')).toThrow(ContractError);
    expect(() => checkFrame('{"t":"error","code":"ERR_WHATEVER","message":"x"}')).toThrow(ContractError);
    expect(() => checkFrame('{"t":"hello"}')).toThrow(ContractError);
    expect(() => checkFrame('not json')).toThrow(ContractError);
  });

  it('every route of the contract is served', () => {
    expect(server.app.hasRoute({ method: 'GET', url: '/api/nothing' })).toBe(false);
    for (const route of Object.values(REST)) {
      expect(server.app.hasRoute({ method: route.method, url: route.path }), `${route.method} ${route.path}`).toBe(
        true,
      );
    }
  });
});

describe('requests are strict', () => {
  type Refusal = { error: { code: string; message: string } };

  it('a misspelled field of a REST body is refused with ERR_BODY naming it, never served with a default', async () => {
    const me = new Caller(server.base);
    const r = await me.call<Refusal>('POST', '/api/games', { gmae: 'plakoto', length: 1, opponent: 'bot' });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: 'ERR_BODY', message: 'gmae: unknown field' });
    expect((await me.call<{ games: unknown[] }>('GET', '/api/history')).body.games).toEqual([]);

    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'open' });
    const other = new Caller(server.base);
    const refused: [string, string, unknown, string][] = [
      ['POST', '/api/register', { name: 'ana_strict', password: 'long-enough', pasword: 'x' }, 'pasword'],
      ['POST', '/api/login', { name: 'ana_strict', password: 'long-enough', remember: true }, 'remember'],
      ['POST', `/api/games/${id}/join`, { seat: 1 }, 'seat'],
      ['POST', '/api/invite/abcdef', { seat: 1 }, 'seat'],
      ['POST', '/api/logout', { everywhere: true }, 'everywhere'],
    ];
    for (const [method, path, body, field] of refused) {
      const answer = await other.call<Refusal>(method, path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error, path).toEqual({ code: 'ERR_BODY', message: `${field}: unknown field` });
    }
    // What the page sends is served: an empty body to join.
    expect((await other.call('POST', `/api/games/${id}/join`, {})).status).toBe(200);
  });

  it('a field a socket message does not name is refused with ERR_MESSAGE naming it', async () => {
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    const state = await client.join(id);
    for (const [message, field] of [
      [{ t: 'join', game: id, gmae: 'plakoto' }, 'gmae'],
      [{ t: 'act', game: id, v: state.v, action: { type: 'roll', dice: [6, 6] } }, 'action.dice'],
    ] as const) {
      const reply = await client.request(message, (m) => m.t === 'error');
      expect(reply).toMatchObject({ t: 'error', code: 'ERR_MESSAGE', message: `${field}: unknown field` });
    }
    await client.close();
  });
});

/** The first frame a socket gets and how it is closed. */
function refusal(url: string): Promise<{ message: ServerMessage; code: number }> {
  const socket = new WebSocket(url);
  return new Promise((resolve, reject) => {
    let message: ServerMessage | null = null;
    socket.once('message', (data) => {
      message = checkFrame(data.toString());
    });
    socket.once('close', (code) => (message ? resolve({ message, code }) : reject(new Error(`closed ${code}`))));
    socket.once('error', reject);
  });
}

describe('a client of another protocol version', () => {
  const base = () => server.ws.split('?')[0] as string;

  it('is told over the socket to reload, and closed', async () => {
    for (const url of [
      base(),
      `${base()}?${PROTOCOL_PARAM}=${PROTOCOL_VERSION - 1}`,
      `${base()}?${PROTOCOL_PARAM}=x`,
    ]) {
      const { message, code } = await refusal(url);
      expect(message).toMatchObject({ t: 'error', code: 'ERR_VERSION' });
      expect(message.t === 'error' && message.message).toMatch(/reload/);
      expect(code).toBe(CLOSE_VERSION);
    }
  });

  it('is refused over REST with the same code; a caller that names no version is served', async () => {
    const stale = new Caller(server.base, String(PROTOCOL_VERSION - 1));
    const r = await stale.call<{ error: { code: string } }>('GET', '/api/me');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('ERR_VERSION');
    expect(r.setCookie).toEqual([]);
    const script = await fetch(`${server.base}/api/me`);
    expect(script.status).toBe(200);
  });

  it('of this version plays as before', async () => {
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    const state = await client.join(id);
    expect(state.view.you).toBe(0);
    await client.close();
  });
});
