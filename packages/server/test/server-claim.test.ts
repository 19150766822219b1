import type { GameList, ServerMessage } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { acting, clockTable, type Event, timeoutOf, watch } from './support/clock-table.js';
import { WS_PATH } from './support/contract.js';
import { Client, type Running, randomAction, SECRET, seededRandom } from './support/harness.js';

/*
 * Claims: in an untimed match between people, once the player who must act has not
 * for the inactivity limit (5 minutes unless configured), his opponent may claim the match; it
 * is lost as on time and recorded as abandoned. Every other claim is refused with a stable code.
 */

const cleanups = cleanupsAfterEach();

const T = 1_767_225_600_000;
const FIVE_MINUTES = 300_000;

/** A server on `store` whose clock is `now` (closing it leaves the store open). */
async function boot(store: Store, now: () => number, claimAfterMs?: number): Promise<Running> {
  const app = await buildApp({
    store,
    cookieSecret: SECRET,
    botDelayMs: 0,
    diceSeed: 'claims',
    now,
    ...(claimAfterMs === undefined ? {} : { claimAfterMs }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const running = { app, store, base: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}${WS_PATH}` };
  const close = () => app.close();
  cleanups.push(close);
  return { ...running, close };
}

type Refusal = Extract<ServerMessage, { t: 'error' }>;

/** Sends a claim and returns its refusal. */
async function claim(client: Client, game: string, v: number): Promise<Refusal> {
  return (await client.request({ t: 'claim', game, v }, (m) => m.t === 'error' && m.game === game)) as Refusal;
}

/** An untimed match of two people, both watching, and the state once someone is to act. */
async function untimed(server: Running, now: number) {
  const t = await clockTable(server, { clock: { kind: 'untimed' }, now });
  const [a, b] = t.people;
  if (b === null) throw new Error('two people');
  const sockets = [await watch(server, a, t.id), await watch(server, b, t.id)] as const;
  for (const s of sockets) cleanups.push(() => s.close());
  const start = await acting(sockets[0], t.id);
  const actor = start.view.game.actor as 0 | 1;
  return { t, sockets, start, actor, waiter: (actor === 0 ? 1 : 0) as 0 | 1 };
}

describe('claiming the match of an absent opponent', () => {
  it('is offered after the inactivity limit, refused before, and ends the match as abandoned', async () => {
    let now = T;
    const server = await boot(memoryStore(), () => now);
    const { t, sockets, start, actor, waiter } = await untimed(server, now);
    // The view says when each viewer may claim: the waiter in 5 minutes, the actor never.
    expect((await sockets[waiter].join(t.id)).view.claim).toBe(FIVE_MINUTES);
    expect((await sockets[actor].join(t.id)).view.claim).toBeNull();
    const spectator = await Client.open(server.ws);
    cleanups.push(() => spectator.close());
    expect((await spectator.join(t.id)).view.claim).toBeNull();

    const early = await claim(sockets[waiter], t.id, start.v);
    expect(early.code).toBe('ERR_CLAIM_EARLY');
    expect(early.message).toContain('300 s');
    now += FIVE_MINUTES - 1000;
    expect((await sockets[waiter].join(t.id)).view.claim).toBe(1000);
    expect((await claim(sockets[waiter], t.id, start.v)).message).toContain('1 s');
    // Whoever may not claim is told why, with a stable code.
    expect((await claim(sockets[actor], t.id, start.v)).code).toBe('ERR_NO_CLAIM');
    expect((await claim(spectator, t.id, start.v)).code).toBe('ERR_NOT_A_PLAYER');
    expect((await claim(sockets[waiter], t.id, start.v - 1)).code).toBe('ERR_STALE');

    now += 1000;
    expect((await sockets[waiter].join(t.id)).view.claim).toBe(0);
    const seen = [timeoutOf(sockets[0], t.id), timeoutOf(sockets[1], t.id)];
    sockets[waiter].send({ t: 'claim', game: t.id, v: start.v });
    for (const e of await Promise.all(seen)) {
      expect(e.action).toEqual({ type: 'timeout', player: actor });
      expect(e.view).toMatchObject({ status: 'over', winner: waiter, claim: null });
    }
    expect(await server.store.gameById(t.id)).toMatchObject({ status: 'over', winner: waiter, abandonedBy: actor });
    expect((await server.store.actions(t.id)).filter((a) => a.action.type === 'timeout')).toHaveLength(1);
    expect((await claim(sockets[waiter], t.id, start.v + 1)).code).toBe('ERR_NOT_PLAYING');
    // Both players' histories say who abandoned it.
    for (const p of t.people) {
      const history = await p?.caller.call<GameList>('GET', '/api/history');
      expect(history?.body.games.find((g) => g.id === t.id)?.abandonedBy).toBe(actor);
    }
  });

  it('an action starts the wait again, now for the other player', async () => {
    let now = T;
    const server = await boot(memoryStore(), () => now);
    const { t, sockets, start, actor, waiter } = await untimed(server, now);
    now += 200_000;
    const moved = sockets[waiter].next((m) => m.t === 'event' && m.v === start.v + 1) as Promise<Event>;
    sockets[actor].send({ t: 'act', game: t.id, v: start.v, action: randomAction(start.view, seededRandom(7)) });
    const after = await moved;
    // The one who moved now waits on the other, for a whole limit from his move.
    expect(after.view.claim).toBeNull();
    expect((await sockets[actor].join(t.id)).view.claim).toBe(FIVE_MINUTES);
  });

  it('is refused in a timed match and in a game against the bot', async () => {
    const server = await boot(memoryStore(), () => T);
    const timed = await clockTable(server, { clock: { kind: 'timed', delayMs: 1000, perPointMs: 600_000 }, now: T });
    const [a, b] = timed.people;
    if (b === null) throw new Error('two people');
    const sockets = [await watch(server, a, timed.id), await watch(server, b, timed.id)] as const;
    for (const s of sockets) cleanups.push(() => s.close());
    const start = await acting(sockets[0], timed.id);
    const waiter = start.view.game.actor === 0 ? 1 : 0;
    expect(start.view.claim).toBeNull();
    const refusal = await claim(sockets[waiter], timed.id, start.v);
    expect(refusal).toMatchObject({ code: 'ERR_NO_CLAIM', message: expect.stringContaining('clock') });

    const bot = await clockTable(server, { clock: { kind: 'untimed' }, bot: true, now: T });
    const mine = await watch(server, bot.people[0], bot.id);
    cleanups.push(() => mine.close());
    const s = await mine.join(bot.id);
    expect(s.view.claim).toBeNull();
    expect((await claim(mine, bot.id, s.v)).code).toBe('ERR_NO_CLAIM');
  });

  it('after a restart the wait counts from the server start, as no one could act while it was down', async () => {
    let now = T;
    const store = memoryStore();
    cleanups.push(() => store.close());
    const first = await boot(store, () => now);
    const { t, sockets, waiter } = await untimed(first, now);
    await Promise.all(sockets.map((s) => s.close()));
    await first.close();
    now += 3_600_000;
    const second = await boot(store, () => now);
    const again = await watch(second, t.people[waiter] ?? t.people[0], t.id);
    cleanups.push(() => again.close());
    expect((await again.join(t.id)).view.claim).toBe(FIVE_MINUTES);
  });

  it('the limit is configurable (claimAfterMs; ZAR_CLAIM_AFTER_SECONDS)', async () => {
    const server = await boot(memoryStore(), () => T, 1500);
    const { t, sockets, waiter } = await untimed(server, T);
    expect((await sockets[waiter].join(t.id)).view.claim).toBe(1500);
  });
});
