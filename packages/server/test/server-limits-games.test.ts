import { afterEach, describe, expect, it } from 'vitest';
import type { Limits } from '../src/limits/config.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { autoplay, Caller, Client, type Running, seededRandom, startServer, TEST_LIMITS } from './support/harness.js';

interface Refusal {
  error: { code: string; message: string };
}

let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A store that takes a while to write a new game, as a real one under load does. */
function slowCreating(): Store {
  const store = memoryStore();
  return {
    ...store,
    createGame: async (row) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return store.createGame(row);
    },
  };
}

async function limited(limits: Partial<Limits>): Promise<{ base: string; ws: string; advance(ms: number): void }> {
  let t = Date.UTC(2026, 0, 1);
  server = await startServer({ limits: { ...TEST_LIMITS, ...limits }, now: () => t, store: slowCreating() });
  return {
    base: server.base,
    ws: server.ws,
    advance: (ms) => {
      t += ms;
    },
  };
}

const botGame = { preset: 'backgammon', length: 1, opponent: 'bot' };

describe('game creation', () => {
  it('limits new games a minute per account and per address: 429 ERR_RATE_LIMITED with Retry-After', async () => {
    const s = await limited({ gamesPerMinute: 3 });
    const c = new Caller(s.base);
    for (let i = 0; i < 3; i++) await c.newGame(botGame);
    const refused = await c.call<Refusal>('POST', '/api/games', botGame);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('ERR_RATE_LIMITED');
    // A new guest (no cookie) from the same address is no way round it.
    const fresh = await new Caller(s.base).call<Refusal>('POST', '/api/games', botGame);
    expect(fresh.status).toBe(429);
    s.advance(20_000);
    expect((await c.call('POST', '/api/games', botGame)).status).toBe(201);
  });

  it('limits unfinished games per player: 409 ERR_TOO_MANY_GAMES, parallel requests included, until one ends', async () => {
    const s = await limited({ openGames: 3 });
    const c = new Caller(s.base);
    // The first makes the player (and his cookie); nine more at once may start two.
    const { id: first } = await c.newGame(botGame);
    const results = await Promise.all(Array.from({ length: 9 }, () => c.call<Refusal>('POST', '/api/games', botGame)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.error.code])).toEqual(Array(7).fill([409, 'ERR_TOO_MANY_GAMES']));
    // Another player is not held by them.
    expect((await new Caller(s.base).call('POST', '/api/games', botGame)).status).toBe(201);
    // Once one is over, a new one may start.
    const client = await Client.open(s.ws, c.cookie);
    const end = await autoplay(client, first, { random: seededRandom(7) });
    expect(end.last.status).toBe('over');
    await client.close();
    expect((await c.call('POST', '/api/games', botGame)).status).toBe(201);
    expect((await c.call<Refusal>('POST', '/api/games', botGame)).body.error.code).toBe('ERR_TOO_MANY_GAMES');
  });
});
