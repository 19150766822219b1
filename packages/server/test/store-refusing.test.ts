import type { GameAction } from '@zar/match';
import type { ServerMessage } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { autoplay, Caller, Client, type Running, seededRandom, startServer } from './support/harness.js';

/**
 * A store whose writes fail as a full disk or a stopped database makes them fail: the room
 * must keep the game alive (the same action tried again after a wait), tell the players, and
 * go on by itself once the store takes writes again, with no restart.
 */
interface Refusing {
  readonly store: Store;
  /** Every action the room tried to store, refused or not, in order. */
  readonly attempts: GameAction[];
  refused: number;
}

/** The memory store, refusing an append (throwing SQLITE_FULL) whenever `refuse` says so. */
function refusingStore(refuse: (action: GameAction, attempt: number) => boolean): Refusing {
  const inner = memoryStore();
  const r: Refusing = {
    attempts: [],
    refused: 0,
    store: {
      ...inner,
      appendAction: async (id, version, action, at, status, outcome) => {
        r.attempts.push(action);
        if (refuse(action, r.attempts.length)) {
          r.refused++;
          throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        }
        return inner.appendAction(id, version, action, at, status, outcome);
      },
    },
  };
  return r;
}

const isNotice = (game: string) => (m: ServerMessage) =>
  m.t === 'error' && m.game === game && m.code === 'ERR_STORE_UNAVAILABLE';

let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('a store that refuses writes', () => {
  it('the opening roll is tried again, with the same dice, and the players hear of it', async () => {
    const refusing = refusingStore((_, attempt) => attempt <= 3);
    server = await startServer({ store: refusing.store });
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot', level: 'beginner' });
    const watcher = await Client.open(server.ws, me.cookie);
    const joined = await watcher.join(id);
    expect(joined.v).toBe(0);
    const opened = await watcher.next((m) => m.t === 'event' && m.game === id, 5000);
    expect(opened.t === 'event' && opened.action.type).toBe('opening');
    expect(refusing.refused).toBe(3);
    // One roll, tried four times: the dice were drawn once.
    const [first, ...again] = refusing.attempts.slice(0, 4);
    expect(again).toEqual([first, first, first]);
    expect((await refusing.store.actions(id)).map((s) => s.action)).toEqual([first, ...refusing.attempts.slice(4)]);
    // Waits of 250, 500 and 1000 ms: the watcher, there from the start, heard of at least two.
    expect(watcher.messages.filter(isNotice(id)).length).toBeGreaterThanOrEqual(2);
    await watcher.close();
  }, 15_000);

  it("the bot's refused moves are tried again and the match plays to the end", async () => {
    // Each of the bot's first two actions is refused twice (seat 1 is the bot's).
    let botAttempts = 0;
    const refusing = refusingStore((action) => {
      if (!('player' in action) || action.player !== 1 || botAttempts >= 6) return false;
      botAttempts++;
      return botAttempts % 3 !== 0;
    });
    server = await startServer({ store: refusing.store });
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot', level: 'beginner' });
    const client = await Client.open(server.ws, me.cookie);
    const done = await autoplay(client, id, { random: seededRandom(3), timeoutMs: 20_000 });
    expect(done.last.status).toBe('over');
    expect(refusing.refused).toBe(4);
    // The player was told, for this game, when the server had to wait (each action's second
    // refusal at least: the first may come before he joined).
    expect(client.messages.filter(isNotice(id)).length).toBeGreaterThanOrEqual(2);
    expect((await refusing.store.actions(id)).length).toBe(done.v);
    await client.close();
  }, 30_000);

  it('a bot action stored but reported lost (the connection cut after COMMIT) is found on reload, and play goes on', async () => {
    const inner = memoryStore();
    let cut = 0;
    const store: Store = {
      ...inner,
      appendAction: async (id, version, action, at, status, outcome) => {
        const stored = await inner.appendAction(id, version, action, at, status, outcome);
        if (cut < 2 && 'player' in action && action.player === 1) {
          cut++;
          throw new Error('Connection terminated unexpectedly');
        }
        return stored;
      },
    };
    server = await startServer({ store });
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot', level: 'beginner' });
    const client = await Client.open(server.ws, me.cookie);
    const done = await autoplay(client, id, { random: seededRandom(5), timeoutMs: 20_000 });
    expect(done.last.status).toBe('over');
    expect(cut).toBe(2);
    // Every action once: the retry of the one already stored was refused, not stored twice.
    const stored = (await store.actions(id)).map((a) => a.action);
    expect(stored.length).toBe(done.v);
    await client.close();
  }, 30_000);
});
