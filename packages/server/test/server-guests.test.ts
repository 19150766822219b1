import type { Me } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { Caller, Client, type Running, startServer, TEST_LIMITS } from './support/harness.js';

/**
 * A visitor is nobody until he plays: requests without a cookie that only look (the page's first
 * calls, a crawler, a script) store nothing; starting or joining a game makes him a guest, a
 * user and a session row. Before, every cookie-less /api request made both.
 */
function counting(): { store: Store; users: number; sessions: number } {
  const inner = memoryStore();
  const c = {
    users: 0,
    sessions: 0,
    store: {
      ...inner,
      createUser: (row: Parameters<Store['createUser']>[0]) => {
        c.users++;
        return inner.createUser(row);
      },
      createSession: (row: Parameters<Store['createSession']>[0]) => {
        c.sessions++;
        return inner.createSession(row);
      },
    } satisfies Store,
  };
  return c;
}

let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('guests are made when they play', () => {
  it('cookie-less requests that only look store no user and no session, and set no cookie', async () => {
    const c = counting();
    server = await startServer({ store: c.store });
    const host = new Caller(server.base);
    const open = await host.newGame({ preset: 'backgammon', length: 1, opponent: 'open' });
    const friend = await host.newGame({ preset: 'backgammon', length: 1, opponent: 'friend' });
    expect([c.users, c.sessions]).toEqual([1, 1]);

    const paths = ['/api/me', '/api/lobby', '/api/history', `/api/games/${open.id}`, `/api${friend.invite ?? ''}`];
    for (let i = 0; i < 20; i++) {
      for (const path of paths) {
        const r = await new Caller(server.base).call('GET', path);
        expect(r.status).toBe(200);
        expect(r.setCookie).toEqual([]);
      }
    }
    const nobody = await new Caller(server.base).call<Me>('GET', '/api/me');
    expect(nobody.body).toEqual({ id: '', name: 'guest', guest: true });
    const lobby = await new Caller(server.base).call<{ games: { id: string; you: number | null }[] }>(
      'GET',
      '/api/lobby',
    );
    expect(lobby.body.games.map((g) => [g.id, g.you])).toEqual([[open.id, null]]);
    // A socket without a session watches, and stores nothing either.
    const watcher = await Client.open(server.ws);
    expect((await watcher.join(open.id)).view.you).toBeNull();
    await watcher.close();
    // Neither does signing out a session never had, nor a try to play that is refused.
    expect((await new Caller(server.base).call('POST', '/api/logout')).status).toBe(204);
    expect((await new Caller(server.base).call('POST', '/api/games', { preset: 'nope' })).status).toBe(400);
    expect((await new Caller(server.base).call('POST', '/api/games/nosuchgame/join')).status).toBe(404);
    expect((await new Caller(server.base).call('POST', '/api/invite/nosuchinvite')).status).toBe(404);
    expect([c.users, c.sessions]).toEqual([1, 1]);
  });

  it('a cookie-less flood of new games makes a guest for each game it is allowed, none for the refused', async () => {
    const c = counting();
    server = await startServer({ store: c.store, limits: { ...TEST_LIMITS, gamesPerMinute: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await new Caller(server.base).call('POST', '/api/games', {
        preset: 'backgammon',
        length: 1,
        opponent: 'bot',
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    expect([c.users, c.sessions]).toEqual([3, 3]);
  });

  it('starting, joining or accepting a game makes a guest, once; registering makes an account', async () => {
    const c = counting();
    server = await startServer({ store: c.store });
    const ana = new Caller(server.base);
    expect((await ana.call<Me>('GET', '/api/me')).body.guest).toBe(true);
    const { id } = await ana.newGame({ preset: 'backgammon', length: 1, opponent: 'open' });
    expect([c.users, c.sessions]).toEqual([1, 1]);
    const guest = (await ana.call<Me>('GET', '/api/me')).body;
    expect(guest.id).not.toBe('');
    expect(guest.name).toMatch(/^guest-/);
    await ana.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    expect([c.users, c.sessions]).toEqual([1, 1]);

    const bo = new Caller(server.base);
    expect((await bo.call('POST', `/api/games/${id}/join`)).status).toBe(200);
    expect([c.users, c.sessions]).toEqual([2, 2]);
    const socket = await Client.open(server.ws, bo.cookie);
    expect((await socket.join(id)).view.you).toBe(1);
    await socket.close();

    const { invite } = await ana.newGame({ preset: 'backgammon', length: 1, opponent: 'friend' });
    const cy = new Caller(server.base);
    expect((await cy.call('POST', `/api${invite ?? ''}`)).status).toBe(200);
    expect([c.users, c.sessions]).toEqual([3, 3]);

    // A visitor who never played registers: one user, the account, with its session.
    const dee = new Caller(server.base);
    const account = await dee.call<Me>('POST', '/api/register', { name: 'dee_1', password: 'correct horse' });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ name: 'dee_1', guest: false });
    expect((await dee.call<Me>('GET', '/api/me')).body).toEqual(account.body);
    expect([c.users, c.sessions]).toEqual([4, 4]);
    expect(
      (await new Caller(server.base).call('POST', '/api/register', { name: 'dee_1', password: 'x'.repeat(12) })).status,
    ).toBe(409);
  });

  it('POST /api/guest makes a visitor a guest once, for a socket to seek with; a flood is limited like new games', async () => {
    const c = counting();
    server = await startServer({ store: c.store, limits: { ...TEST_LIMITS, gamesPerMinute: 3 } });
    const eve = new Caller(server.base);
    const first = await eve.call<Me>('POST', '/api/guest');
    expect(first.status).toBe(200);
    expect(first.body.guest).toBe(true);
    expect(first.body.id).not.toBe('');
    // Asked again with the cookie: the same guest, nothing new stored, nothing counted.
    const again = await eve.call<Me>('POST', '/api/guest');
    expect(again.body).toEqual(first.body);
    expect([c.users, c.sessions]).toEqual([1, 1]);
    // The session works on the socket: a seek is no longer refused for want of one.
    const socket = await Client.open(server.ws, eve.cookie);
    socket.send({ t: 'seek', kind: { game: 'backgammon', length: 3, clock: 'normal', rated: false } });
    const lobby = await socket.next((m) => m.t === 'lobby' || m.t === 'error');
    expect(lobby.t).toBe('lobby');
    await socket.close();
    // The guest and his request (a match asked for) took two of the address's three: one more guest, then 429 with nothing stored.
    expect((await new Caller(server.base).call('POST', '/api/guest')).status).toBe(200);
    expect((await new Caller(server.base).call('POST', '/api/guest')).status).toBe(429);
    expect([c.users, c.sessions]).toEqual([2, 2]);
    expect((await new Caller(server.base).call('POST', '/api/guest', { name: 'x' })).status).toBe(400);
  });
});
