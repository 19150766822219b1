import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Caller, Client, type Running, startServer } from './support/harness.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Me {
  id: string;
  name: string;
  guest: boolean;
}

describe('guests and accounts', () => {
  it('a first game makes a guest with a signed HttpOnly SameSite=Lax cookie', async () => {
    const c = new Caller(server.base);
    const created = await c.call('POST', '/api/games', { preset: 'backgammon', length: 1, opponent: 'bot' });
    expect(created.status).toBe(201);
    const r = await c.call<Me>('GET', '/api/me');
    expect(r.status).toBe(200);
    expect(r.body.guest).toBe(true);
    expect(r.body.name).toMatch(/^guest-/);
    const cookie = created.setCookie[0] ?? '';
    // The session id (32 random bytes), a dot, its HMAC.
    expect(cookie).toMatch(/^zar_sid=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_+/-]{43}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    // The same cookie is the same user, without a new cookie.
    expect(r.setCookie).toEqual([]);
    const again = await c.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    expect((await c.call<Me>('GET', '/api/me')).body.id).toBe(r.body.id);
    expect((await server.store.gameById(again.id))?.seats[0].userId).toBe(r.body.id);
    // A tampered cookie is nobody: a new guest once he plays.
    const forged = new Caller(server.base);
    const first = c.cookie['zar_sid='.length];
    forged.cookie = `zar_sid=${first === 'A' ? 'B' : 'A'}${c.cookie.slice('zar_sid='.length + 1)}`;
    expect((await forged.call<Me>('GET', '/api/me')).body.id).not.toBe(r.body.id);
  });

  it('register turns the guest into an account (argon2id); login and logout work', async () => {
    const c = new Caller(server.base);
    const { id: gameId } = await c.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const guest = (await c.call<Me>('GET', '/api/me')).body;

    const reg = await c.call<Me>('POST', '/api/register', { name: 'alice_1', password: 'correct horse' });
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({ id: guest.id, name: 'alice_1', guest: false });
    const stored = await server.store.userById(guest.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain('correct horse');
    // The guest's game is still his.
    const history = await c.call<{ games: { id: string }[] }>('GET', '/api/history');
    expect(history.body.games.map((g) => g.id)).toContain(gameId);

    expect((await c.call('POST', '/api/register', { name: 'alice_2', password: 'correct horse' })).status).toBe(400);
    const other = new Caller(server.base);
    const taken = await other.call<{ error: { code: string } }>('POST', '/api/register', {
      name: 'alice_1',
      password: 'something else',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('ERR_NAME_TAKEN');

    const out = await c.call('POST', '/api/logout');
    expect(out.status).toBe(204);
    const afterLogout = await c.call<Me>('GET', '/api/me');
    expect(afterLogout.body.guest).toBe(true);
    expect(afterLogout.body.id).not.toBe(guest.id);

    const wrong = await c.call<{ error: { code: string } }>('POST', '/api/login', {
      name: 'alice_1',
      password: 'wrong password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('ERR_LOGIN');
    const unknown = await c.call('POST', '/api/login', { name: 'nobody_here', password: 'whatever1' });
    expect(unknown.status).toBe(401);

    const login = await c.call<Me>('POST', '/api/login', { name: 'alice_1', password: 'correct horse' });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(guest.id);
    expect((await c.call<Me>('GET', '/api/me')).body).toEqual({ id: guest.id, name: 'alice_1', guest: false });
    // The socket knows the account too: it is seat 0 of the old game.
    const socket = await Client.open(server.ws, c.cookie);
    expect((await socket.join(gameId)).view.you).toBe(0);
    await socket.close();
  });

  it('names and passwords are checked at the edge', async () => {
    const c = new Caller(server.base);
    const bad: unknown[] = [
      { name: 'ab', password: 'long enough' },
      { name: 'x'.repeat(25), password: 'long enough' },
      { name: 'bad name', password: 'long enough' },
      { name: 'émile', password: 'long enough' },
      { name: 'bob', password: 'short' },
      { name: 'bob', password: 12345678 },
      { name: 'bob' },
      'not an object',
    ];
    for (const body of bad) {
      const r = await c.call<{ error: { code: string; message: string } }>('POST', '/api/register', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message.length).toBeGreaterThan(0);
    }
  });

  it('unknown API paths are JSON 404s', async () => {
    const c = new Caller(server.base);
    const r = await c.call<{ error: { code: string } }>('GET', '/api/nothing');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('ERR_NOT_FOUND');
  });
});
