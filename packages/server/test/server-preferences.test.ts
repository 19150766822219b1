import { DEFAULT_PREFERENCES, type Preferences, type Stats } from '@zar/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { STATS_CACHE_MS } from '../src/lobby/stats-routes.js';
import { Caller, type Running, sqliteStore, startServer, tempDir } from './support/harness.js';

type Refusal = { error: { code: string; message: string } };

const temp = tempDir();
afterAll(() => temp.remove());

describe('an account’s preferences', () => {
  it('are saved and read back, survive a restart on the same database, and follow the account to a new session', async () => {
    const file = `${temp.dir}/prefs.sqlite`;
    let server: Running = await startServer({ store: await sqliteStore(file) });
    const ana = new Caller(server.base);
    expect((await ana.call('POST', '/api/register', { name: 'ana_prefs', password: 'correct horse' })).status).toBe(
      200,
    );
    expect((await ana.call<Preferences>('GET', '/api/preferences')).body).toEqual(DEFAULT_PREFERENCES);
    const saved = await ana.call('POST', '/api/preferences', { theme: 'contrast', homeSide: 'left', sound: true });
    expect(saved.status).toBe(204);
    const expected = { ...DEFAULT_PREFERENCES, theme: 'contrast', homeSide: 'left', sound: true };
    expect((await ana.call<Preferences>('GET', '/api/preferences')).body).toEqual(expected);
    await server.close();

    server = await startServer({ store: await sqliteStore(file) });
    const again = new Caller(server.base);
    expect((await again.call('POST', '/api/login', { name: 'ana_prefs', password: 'correct horse' })).status).toBe(200);
    expect((await again.call<Preferences>('GET', '/api/preferences')).body).toEqual(expected);
    // A save replaces the whole: a field left out takes its default again.
    await again.call('POST', '/api/preferences', { checkers: 'gold-green' });
    expect((await again.call<Preferences>('GET', '/api/preferences')).body).toEqual({
      ...DEFAULT_PREFERENCES,
      checkers: 'gold-green',
    });
    await server.close();
  }, 30_000);

  it('refuse a body that is not preferences, naming the field', async () => {
    const server = await startServer();
    try {
      const bo = new Caller(server.base);
      await bo.call('POST', '/api/register', { name: 'bo_prefs', password: 'correct horse' });
      for (const body of [{ them: 'wood' }, { theme: 'neon' }, { sound: 'yes' }, [1]]) {
        const r = await bo.call<Refusal>('POST', '/api/preferences', body);
        expect(r.status).toBe(400);
        expect(r.body.error.code).toBe('ERR_BODY');
      }
      expect((await bo.call<Refusal>('POST', '/api/preferences', { them: 'wood' })).body.error.message).toContain(
        'them',
      );
      expect((await bo.call<Preferences>('GET', '/api/preferences')).body).toEqual(DEFAULT_PREFERENCES);
    } finally {
      await server.close();
    }
  });

  it('saved by another server version: the fields that still parse are kept, the rest take their defaults', async () => {
    const server = await startServer();
    try {
      const cy = new Caller(server.base);
      await cy.call('POST', '/api/register', { name: 'cy_prefs', password: 'correct horse' });
      const user = await server.store.userByName('cy_prefs');
      if (user === null) throw new Error('no user');
      // A field this server does not know, one whose value it no longer takes, and two it takes.
      await server.store.setPreferences(
        user.id,
        { theme: 'contrast', volume: 3, checkers: 'neon', sound: true },
        Date.UTC(2026, 0, 1),
      );
      const r = await cy.call<Preferences>('GET', '/api/preferences');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ ...DEFAULT_PREFERENCES, theme: 'contrast', sound: true });
    } finally {
      await server.close();
    }
  });

  it('are for accounts only: a guest keeps his in the browser, a visitor has none', async () => {
    const server = await startServer();
    try {
      const visitor = new Caller(server.base);
      const none = await visitor.call<Refusal>('GET', '/api/preferences');
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe('ERR_NO_SESSION');
      expect(none.setCookie).toEqual([]);
      const guest = new Caller(server.base);
      await guest.newGame({ game: 'backgammon', length: 1, opponent: 'bot' });
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', { theme: 'flat' }],
      ] as const) {
        const r = await guest.call<Refusal>(method, '/api/preferences', body);
        expect(r.status).toBe(403);
        expect(r.body.error.code).toBe('ERR_ACCOUNT_ONLY');
      }
    } finally {
      await server.close();
    }
  });
});

type ViewReply = { view: { you: 0 | 1 | null; game: { actor: 0 | 1 | null } } };

async function waitingOnPlayer(caller: Caller, id: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { view } = (await caller.call<ViewReply>('GET', `/api/games/${id}`)).body;
    if (view.game.actor === view.you) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`game ${id} never came to its player`);
}

describe('the live game count', () => {
  it('counts games being played and waiting, for anyone, without making a guest, at most every few seconds', async () => {
    let t = Date.UTC(2026, 0, 1);
    const server = await startServer({ now: () => t });
    try {
      const visitor = new Caller(server.base);
      const first = await visitor.call<Stats>('GET', '/api/stats');
      expect(first.body).toEqual({ playing: 0, waiting: 0 });
      expect(first.setCookie).toEqual([]);
      const host = new Caller(server.base);
      await host.newGame({ game: 'backgammon', length: 1, opponent: 'open' });
      const bots = [
        await host.newGame({ game: 'backgammon', length: 1, opponent: 'bot' }),
        await host.newGame({ game: 'plakoto', length: 1, opponent: 'bot' }),
      ];
      // The server rolls the opening and the bot may move first: wait until both games wait on
      // the host, so that no late action stamps a game as just played after the clock jumps.
      for (const { id } of bots) await waitingOnPlayer(host, id);
      // A friend game waits for its friend, not in the lobby.
      await host.newGame({ game: 'backgammon', length: 1, opponent: 'friend' });
      // Still the count of a moment ago...
      expect((await visitor.call<Stats>('GET', '/api/stats')).body).toEqual({ playing: 0, waiting: 0 });
      // ...until it is old enough.
      t += STATS_CACHE_MS;
      expect((await visitor.call<Stats>('GET', '/api/stats')).body).toEqual({ playing: 2, waiting: 1 });
      // Games nobody has touched for long are not being played now.
      t += 60 * 60_000;
      expect((await visitor.call<Stats>('GET', '/api/stats')).body).toEqual({ playing: 0, waiting: 1 });
    } finally {
      await server.close();
    }
  });
});
