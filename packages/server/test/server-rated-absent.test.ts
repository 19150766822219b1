import type { GameView, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from './support/harness.js';
import { startServer } from './support/harness.js';
import { account, actorState, closeTable, table } from './support/people.js';

/*
 * A claim or a timeout ends a rated match like any other end: the absent player
 * loses, in ratings too, and the match is rated once. The server's clock is injected, so the
 * claim's inactivity limit and a flag's fall come when the test says.
 */

let server: Running;
let clock = 1_000_000;
beforeAll(async () => {
  server = await startServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

type Event = Extract<ServerMessage, { t: 'event' }>;
const isTimeout = (game: string) => (m: ServerMessage) =>
  m.t === 'event' && m.game === game && m.action.type === 'timeout';

function expectRatedLoss(view: GameView, loser: 0 | 1): void {
  const winner = loser === 0 ? 1 : 0;
  expect(view.status).toBe('over');
  expect(view.winner).toBe(winner);
  const ratings = view.ratings as NonNullable<GameView['ratings']>;
  expect(ratings[winner].after).toBeGreaterThan(ratings[winner].before);
  expect(ratings[loser].after).toBeLessThan(ratings[loser].before);
}

describe('an absent player loses a rated match in ratings too', () => {
  it('claimed after the inactivity limit in an untimed match', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const t = await table(server.ws, ana, bo, { length: 3, rated: true });
    const s = await actorState(t.sockets[0], t.id);
    const absent = s.view.game.actor as 0 | 1;
    const claimant = absent === 0 ? 1 : 0;
    // The absent player's page is closed: only his opponent watches.
    await t.sockets[absent].close();
    clock += 6 * 60_000;
    const ended = (await t.sockets[claimant].request({ t: 'claim', game: t.id, v: s.v }, isTimeout(t.id))) as Event;
    expectRatedLoss(ended.view, absent);
    expect(await server.store.ratingChangesOf(t.id)).toHaveLength(2);
    expect((await server.store.gameById(t.id))?.abandonedBy).toBe(absent);
    await closeTable(t);
  });

  it('out of time in a timed match', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const clockSettings = { kind: 'timed', delayMs: 0, perPointMs: 5000 };
    const t = await table(server.ws, ana, bo, { length: 1, rated: true, clock: clockSettings });
    const s = await actorState(t.sockets[0], t.id);
    const slow = s.view.game.actor as 0 | 1;
    const level = (await t.sockets[slow].join(t.id)).view.allowed.resign[0]?.level;
    if (level === undefined) throw new Error('the actor may not resign');
    // He acts after his reserve ran out: the server declares the timeout instead.
    clock += 60_000;
    const ended = (await t.sockets[slow].request(
      { t: 'act', game: t.id, v: s.v, action: { type: 'resign', level } },
      isTimeout(t.id),
    )) as Event;
    expectRatedLoss(ended.view, slow);
    expect(await server.store.ratingChangesOf(t.id)).toHaveLength(2);
    await closeTable(t);
  });
});

describe('a rated match nobody played (only the opening was rolled)', () => {
  const fast = { kind: 'timed', delayMs: 0, perPointMs: 5000 };

  it('is rated when its winner was connected as it ended: he showed, the absent one loses', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const t = await table(server.ws, ana, bo, { length: 1, rated: true, clock: fast });
    const s = await actorState(t.sockets[0], t.id);
    const absent = s.view.game.actor as 0 | 1;
    const there = absent === 0 ? 1 : 0;
    const gone = t.sockets[there].next((m) => m.t === 'state' && m.game === t.id && !m.view.presence[absent]);
    await t.sockets[absent].close();
    await gone;
    clock += 60_000;
    // Any message of his at the current version makes the server look at the clock first.
    const ended = (await t.sockets[there].request(
      { t: 'act', game: t.id, v: s.v, action: { type: 'double' } },
      isTimeout(t.id),
    )) as Event;
    expectRatedLoss(ended.view, absent);
    expect(await server.store.ratingChangesOf(t.id)).toHaveLength(2);
    await closeTable(t);
  });

  it('is not rated when neither player was there as it ended', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const t = await table(server.ws, ana, bo, { length: 1, rated: true, clock: fast });
    await actorState(t.sockets[0], t.id);
    const ids = await Promise.all([ana, bo].map(async (c) => (await c.call<{ id: string }>('GET', '/api/me')).body.id));
    await closeTable(t);
    clock += 60_000;
    // Nobody acts: the flag's own timer ends the match (within its 5 s reserve).
    let row = await server.store.gameById(t.id);
    for (let i = 0; i < 400 && row?.status !== 'over'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      row = await server.store.gameById(t.id);
    }
    expect(row).toMatchObject({ status: 'over', rated: true });
    expect(await server.store.ratingChangesOf(t.id)).toEqual([]);
    for (const id of ids) expect(await server.store.ratingsOf(id)).toEqual([]);
  }, 20_000);
});
