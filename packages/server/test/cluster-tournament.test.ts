import type { ServerMessage, TournamentView } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTER_LIMITS, type LocalLiveness, LocalNetwork } from '../src/cluster/index.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { autoplay, type Caller, Client, type Running, seededRandom, startServer } from './support/harness.js';
import { account } from './support/people.js';
import { startRedis, type TestRedis } from './support/redis.js';
import { SLOW_CLOCK, until } from './support/tournaments.js';

/*
 * The tournaments of two instances on one store and an in-process network: the holder of the
 * tournaments' lease (the first started) runs every tournament's timers, launches and
 * bookings, whichever instance the tournament was created, filled and started on; watchers on
 * either instance see its changes; when the holder closes, the other takes the lease and a
 * tournament waiting for its start time starts there and is played through. Over Redis, a
 * running tournament goes on when its holder stops mid-round.
 */

const QUIET = { error: () => {}, warn: () => {} };
const network = new LocalNetwork(DEFAULT_CLUSTER_LIMITS.maxEnvelopeBytes, QUIET);
let store: Store;
let a: Running;
let b: Running;
const clients: Client[] = [];

async function instance(name: string): Promise<Running> {
  return startServer({
    store,
    diceSeed: 'cluster-tournament',
    app: { cluster: { redisUrl: null, instance: name, limits: DEFAULT_CLUSTER_LIMITS }, network, botKind: 'baseline' },
  });
}

const liveness = (r: Running) => r.app.zar.cluster.liveness as LocalLiveness;

beforeAll(async () => {
  store = memoryStore();
  // The first to start holds the lease.
  a = await instance('tour-a');
  b = await instance('tour-b');
  liveness(a).setPeer('tour-b', true);
  liveness(b).setPeer('tour-a', true);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await b?.app.close();
  await a?.app.close();
  await store.close();
});

/**
 * A knock-out of four bots created and filled through `s`, starting `startsInMs` after it is
 * created (or when started): counted once its host has an account, whose password takes long
 * to hash on a loaded machine.
 */
async function fourBots(s: Running, startsInMs: number | null) {
  const host = await account(s.base, 'host');
  const made = await host.call<{ id: string }>('POST', '/api/tournaments', {
    name: 'Four bots',
    format: 'knockout',
    startsAt: startsInMs === null ? null : Date.now() + startsInMs,
    roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
  });
  expect(made.status).toBe(201);
  const id = made.body.id;
  for (let i = 0; i < 4; i++) {
    expect((await host.call('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' })).status).toBe(200);
  }
  return { host, id };
}

/** A socket on `s` watching `id`, with every view it was sent; of `fan`, or of a new account. */
async function watcher(s: Running, id: string, fan?: Caller): Promise<TournamentView[]> {
  const c = await Client.open(s.ws, (fan ?? (await account(s.base, 'fan'))).cookie);
  clients.push(c);
  const views: TournamentView[] = [];
  c.socket.on('message', (data) => {
    const m = JSON.parse(data.toString()) as ServerMessage;
    if (m.t === 'tournament' && m.tournament.id === id) views.push(m.tournament);
  });
  await c.request({ t: 'tournament', id, watch: true }, (m) => m.t === 'tournament');
  return views;
}

/** Every match of a four-player knock-out a game of its own, each stored once and over, all owned by `owner`. */
async function playedOnce(id: string, owner: string): Promise<void> {
  const { data } = await until(store, id, ['over'], 60_000);
  expect(data.rounds.map((r) => r.boards.length)).toEqual([2, 1]);
  expect(data.podium.length).toBeGreaterThanOrEqual(2);
  const games = await store.gamesOfTournament(id);
  expect(games).toHaveLength(3);
  expect(new Set(games.map((g) => g.id)).size).toBe(3);
  const boards = data.rounds.flatMap((r) => r.boards.map((board) => board.game));
  expect([...boards].sort()).toEqual(games.map((g) => g.id).sort());
  for (const game of games) {
    expect(game.status).toBe('over');
    expect((await store.ownerOf(game.id))?.owner).toBe(owner);
  }
}

const seen = (views: TournamentView[], status: string) => views.some((v) => v.status === status);

async function eventually(test: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`not so within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('tournaments across instances', () => {
  it('one started on B is launched and booked by the lease holder A; watchers on both see it', async () => {
    const { host, id } = await fourBots(b, null);
    const onA = await watcher(a, id);
    const onB = await watcher(b, id);
    const started = await host.call<TournamentView>('POST', `/api/tournaments/${id}/start`, {});
    expect(started.body.status).toBe('running');
    await playedOnce(id, 'tour-a');
    await eventually(() => seen(onA, 'over') && seen(onB, 'over'));
    for (const views of [onA, onB]) {
      expect(seen(views, 'running')).toBe(true);
      // The games the holder started reach the watchers of both instances.
      expect(views.some((v) => v.rounds[0]?.pairings.every((p) => p.game !== null))).toBe(true);
    }
  });

  it('when the holder closes, the other takes the lease and starts the tournament at its time', async () => {
    // Made before the tournament, so that it still waits for its time when A closes.
    const fan = await account(b.base, 'fan');
    const { id } = await fourBots(b, 1500);
    const onB = await watcher(b, id, fan);
    await a.app.close();
    // Its alive key removed as it closes: B's liveness would say so within a poll.
    liveness(b).setPeer('tour-a', false);
    await playedOnce(id, 'tour-b');
    await eventually(() => seen(onB, 'over'));
  });
});

describe('tournaments across instances on Redis', () => {
  const LIMITS = { ...DEFAULT_CLUSTER_LIMITS, aliveTtlMs: 1000, renewMs: 200, peerPollMs: 50, fenceMarginMs: 200 };
  let redis: TestRedis;
  let shared: Store;
  const started: Running[] = [];
  const on = async (name: string) => {
    const s = await startServer({
      store: shared,
      diceSeed: 'cluster-tournament',
      app: { cluster: { redisUrl: redis.url, instance: name, limits: LIMITS }, botKind: 'baseline' },
    });
    started.push(s);
    return s;
  };
  beforeAll(async () => {
    redis = await startRedis();
    shared = memoryStore();
  });
  afterAll(async () => {
    for (const s of started) await s.app.close();
    await shared.close();
    await redis.stop();
  });

  it('a round launched by the holder is played on the other after the holder stops, and booked there', async () => {
    const first = await on('redis-tour-a');
    const second = await on('redis-tour-b');
    const host = await account(second.base, 'host');
    const made = await host.call<{ id: string }>('POST', '/api/tournaments', {
      name: 'Ana and a bot',
      format: 'knockout',
      roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
    });
    const id = made.body.id;
    const ana = await account(second.base, 'ana');
    expect((await ana.call('POST', `/api/tournaments/${id}/join`, {})).status).toBe(200);
    expect((await host.call('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' })).status).toBe(200);
    const socket = await Client.open(second.ws, ana.cookie);
    clients.push(socket);
    const views: TournamentView[] = [];
    socket.socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.t === 'tournament' && m.tournament.id === id) views.push(m.tournament);
    });
    await socket.request({ t: 'tournament', id, watch: true }, (m) => m.t === 'tournament');
    // Started on B, launched on A (the holder); Ana, on B, is sent to her match wherever it is.
    const round = socket.next((m) => m.t === 'round');
    expect((await host.call('POST', `/api/tournaments/${id}/start`, {})).status).toBe(200);
    const sent = (await round) as Extract<ServerMessage, { t: 'round' }>;
    expect((await shared.ownerOf(sent.game))?.owner).toBe('redis-tour-a');
    await first.app.close();
    const played = await autoplay(socket, sent.game, { random: seededRandom(3), timeoutMs: 30_000 });
    expect(played.last.status).toBe('over');
    const { data } = await until(shared, id, ['over'], 10_000);
    expect(data.podium).toHaveLength(2);
    expect(await shared.gamesOfTournament(id)).toHaveLength(1);
    await eventually(() => seen(views, 'over'));
  });
});
