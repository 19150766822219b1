import type { GameView } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { acting, clockTable, type Event, timeoutOf, watch } from './support/clock-table.js';
import { autoplay, Caller, Client, type Running, randomAction, seededRandom, startServer } from './support/harness.js';

/*
 * Clocks in the server: the room's timer declares a flag fall and the match is lost
 * on time, stored before anyone hears of it; the readings each frame carries follow the
 * tournament clock (a delay first, then the reserve, only for the actor). The clocks here are
 * shorter than a request may ask for, so that a flag falls within a test's patience.
 */

const servers: Running[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function server(now?: () => number): Promise<Running> {
  const s = await startServer(now === undefined ? {} : { now });
  servers.push(s);
  return s;
}

const other = (p: number): 0 | 1 => (p === 0 ? 1 : 0);

/** A timed table of two people, both watching (closed after the test), once someone is to act. */
async function watchedTable(s: Running, options: Parameters<typeof clockTable>[1]) {
  const t = await clockTable(s, options);
  const [a, b] = t.people;
  if (b === null) throw new Error('two people');
  const sockets = [await watch(s, a, t.id), await watch(s, b, t.id)] as const;
  clients.push(...sockets);
  const start = await acting(sockets[0], t.id);
  return { t, sockets, start, actor: start.view.game.actor as 0 | 1 };
}

describe('a flag falls', () => {
  it('the actor who lets his time run out loses the match; both see it; one timeout is stored', async () => {
    const s = await server();
    const { t, sockets, start, actor } = await watchedTable(s, {
      clock: { kind: 'timed', delayMs: 0, perPointMs: 1500 },
    });
    expect(start.view.clock).toMatchObject({ actor, running: true, delayMs: 0, perPointMs: 1500 });
    const [seen0, seen1] = await Promise.all([timeoutOf(sockets[0], t.id), timeoutOf(sockets[1], t.id)]);
    for (const seen of [seen0, seen1]) {
      expect(seen.action).toEqual({ type: 'timeout', player: actor });
      expect(seen.view.status).toBe('over');
      expect(seen.view.winner).toBe(other(actor));
      expect(seen.view.results.at(-1)?.kind).toBe('timeout');
      // The flag's reading: the loser has nothing left, and no one's time runs any more.
      expect(seen.view.clock?.reserve[actor]).toBe(0);
      expect(seen.view.clock?.running).toBe(false);
      expect(seen.view.clock?.actor).toBeNull();
    }
    const stored = await s.store.actions(t.id);
    expect(stored.filter((x) => x.action.type === 'timeout')).toHaveLength(1);
    const row = await s.store.gameById(t.id);
    expect(row).toMatchObject({ status: 'over', winner: other(actor), abandonedBy: null });
    // The fall is declared once the reserve is spent, never before.
    const opened = stored.find((x) => x.action.type === 'opening')?.at as number;
    expect((stored.at(-1)?.at as number) - opened).toBeGreaterThanOrEqual(1500);
  });

  it('in a rated match, the player who ran out of time loses rating points and his opponent gains them', async () => {
    const s = await server();
    const { t, sockets, actor } = await watchedTable(s, {
      clock: { kind: 'timed', delayMs: 0, perPointMs: 1500 },
      rated: true,
    });
    const seen = await timeoutOf(sockets[other(actor)], t.id);
    const ratings = seen.view.ratings;
    expect(ratings).not.toBeNull();
    expect(ratings?.[actor].after).toBeLessThan(ratings?.[actor].before as number);
    expect(ratings?.[other(actor)].after).toBeGreaterThan(ratings?.[other(actor)].before as number);
    const loser = t.people[actor] as { id: string };
    const [stored] = await s.store.ratingsOf(loser.id);
    expect(stored).toMatchObject({ pool: 'backgammon', matches: 1, wins: 0, rating: ratings?.[actor].after });
  });

  it('a player away when his flag falls has abandoned the match (his row says so)', async () => {
    const s = await server();
    const t = await clockTable(s, { clock: { kind: 'timed', delayMs: 0, perPointMs: 1500 } });
    const [a, b] = t.people;
    if (b === null) throw new Error('two people');
    const sockets = [await watch(s, a, t.id), await watch(s, b, t.id)] as const;
    const start = await acting(sockets[0], t.id);
    const actor = start.view.game.actor as 0 | 1;
    const stayer = sockets[other(actor)];
    clients.push(stayer);
    // The opponent is told at once that the actor went away.
    const away = stayer.next((m) => m.t === 'state' && m.view.presence[actor] === false);
    await sockets[actor].close();
    expect(((await away) as { view: GameView }).view.presence[other(actor)]).toBe(true);
    const seen = await timeoutOf(stayer, t.id);
    expect(seen.view.winner).toBe(other(actor));
    expect(await s.store.gameById(t.id)).toMatchObject({ status: 'over', abandonedBy: actor });
  });

  it('an action that comes after the flag fell ends the match on time first, and is refused', async () => {
    let offset = 0;
    const s = await server(() => Date.now() + offset);
    const { t, sockets, start, actor } = await watchedTable(s, {
      clock: { kind: 'timed', delayMs: 1000, perPointMs: 60_000 },
    });
    // The server's clock leaps past the fall; the room's timer, set on real time, has not fired.
    offset = 62_000;
    const refused = sockets[actor].next((m) => m.t === 'error');
    const ended = timeoutOf(sockets[other(actor)], t.id);
    sockets[actor].send({ t: 'act', game: t.id, v: start.v, action: randomAction(start.view, seededRandom(1)) });
    expect(await refused).toMatchObject({ code: 'ERR_MATCH_OVER' });
    expect((await ended).action).toEqual({ type: 'timeout', player: actor });
    const stored = await s.store.actions(t.id);
    expect(stored.map((x) => x.action.type).slice(-1)).toEqual(['timeout']);
    expect(stored).toHaveLength(start.v + 1);
  });
});

describe('the readings a frame carries', () => {
  it('the actor spends his delay first, then his reserve; the other clock stands still', async () => {
    let now = 1_767_225_600_000;
    const s = await server(() => now);
    const {
      t,
      sockets,
      start,
      actor: x,
    } = await watchedTable(s, { clock: { kind: 'timed', delayMs: 2000, perPointMs: 10_000 }, now });
    const y = other(x);
    expect(start.view.clock).toEqual({
      delayMs: 2000,
      perPointMs: 10_000,
      reserve: [10_000, 10_000],
      delay: 2000,
      actor: x,
      running: true,
    });
    now += 5000;
    // The opening's winner plays its dice: 2 s of delay and 3 s of his reserve spent.
    const moved = sockets[y].next((m) => m.t === 'event' && m.v === start.v + 1) as Promise<Event>;
    sockets[x].send({ t: 'act', game: t.id, v: start.v, action: randomAction(start.view, seededRandom(2)) });
    const after = (await moved).view.clock;
    expect(after?.actor).toBe(y);
    expect(after?.reserve[x]).toBe(7000);
    expect(after?.reserve[y]).toBe(10_000);
    expect(after?.delay).toBe(2000);
    now += 1500;
    expect((await sockets[x].join(t.id)).view.clock).toMatchObject({ delay: 500, reserve: ab(x, 7000, 10_000) });
    // 4 s into his stretch: his 2 s of delay are spent, and 2 s of his reserve.
    now += 2500;
    expect((await sockets[x].join(t.id)).view.clock).toMatchObject({ delay: 0, reserve: ab(x, 7000, 8000) });
  });

  it('an untimed match has no clock', async () => {
    const s = await server();
    const t = await clockTable(s, { clock: { kind: 'untimed' } });
    const [a] = t.people;
    const socket = await watch(s, a, t.id);
    clients.push(socket);
    expect((await acting(socket, t.id)).view.clock).toBeNull();
  });
});

describe('games against the bot', () => {
  it('are untimed by default and may be timed; the bot plays within its time', async () => {
    const s = await server();
    const me = new Caller(s.base);
    const plain = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const timed = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot', clock: { preset: 'speed' } });
    const socket = await Client.open(s.ws, me.cookie);
    clients.push(socket);
    expect((await socket.join(plain.id)).view.clock).toBeNull();
    expect((await socket.join(timed.id)).view.clock).toMatchObject({ delayMs: 8000, perPointMs: 20_000 });
    const end = await autoplay(socket, timed.id, { random: seededRandom(3) });
    expect(end.last.status).toBe('over');
    expect(end.last.results.map((r) => r.kind)).not.toContain('timeout');
  });
});

/** A pair with `mine` in seat `p` and `theirs` in the other. */
function ab(p: 0 | 1, mine: number, theirs: number): [number, number] {
  return p === 0 ? [mine, theirs] : [theirs, mine];
}
