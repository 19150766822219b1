import { parsePairingKind } from '@zar/match';
import type { Lobby, PoolCount, SeekView } from '@zar/protocol';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { LobbyFeed } from '../src/lobby/feed.js';
import { pairedGameRow } from '../src/lobby/paired-game.js';
import { memoryStore } from '../src/store/index.js';
import type { GameRow, Store } from '../src/store/types.js';
import { Client, type Running } from './support/harness.js';
import {
  account,
  CASUAL,
  guest,
  type LobbyFrame,
  lobbyOnce,
  nextLobby,
  socketOf,
  startLobbyServer,
} from './support/lobby-server.js';

let server: Running | null = null;
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server?.close();
  server = null;
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function open(s: Running, caller?: { cookie: string }): Promise<Client> {
  const client = caller === undefined ? await Client.open(s.ws) : await socketOf(s, caller as never);
  clients.push(client);
  return client;
}

const lobbyFrames = (client: Client): Lobby[] =>
  client.messages.filter((m): m is LobbyFrame => m.t === 'lobby').map((m) => m.lobby);

describe('the live lobby over the socket', () => {
  it("sends the lobby at once, then each open game made or taken over REST, with the watcher's own seat", async () => {
    server = await startLobbyServer();
    const s = server;
    const visitor = await open(s);
    visitor.send({ t: 'lobby', watch: true });
    expect(await nextLobby(visitor)).toEqual({ games: [], pools: [], seeks: [] });

    const alice = await account(s.base, 'alice');
    const mine = await open(s, alice);
    mine.send({ t: 'lobby', watch: true });
    await nextLobby(mine);
    const created = await alice.newGame({ opponent: 'open', length: 3 });
    const seen = await lobbyOnce(visitor, (l) => l.games.length === 1);
    expect(seen.games[0]).toMatchObject({ id: created.id, status: 'waiting', you: null });
    // Her own game is listed with her seat.
    expect((await lobbyOnce(mine, (l) => l.games.length === 1)).games[0]).toMatchObject({ id: created.id, you: 0 });

    // Taken by another player: it leaves the lobby.
    const bob = await account(s.base, 'bob');
    expect((await bob.call('POST', `/api/games/${created.id}/join`, {})).status).toBe(200);
    expect((await lobbyOnce(visitor, (l) => l.games.length === 0)).games).toEqual([]);
    // Never the same lobby twice in a row.
    for (const frames of [lobbyFrames(visitor), lobbyFrames(mine)]) {
      for (let i = 1; i < frames.length; i++) expect(frames[i]).not.toEqual(frames[i - 1]);
    }
  });

  it("shows everyone the pool's counts and only its owner his requests; watch:false stops the frames", async () => {
    server = await startLobbyServer();
    const s = server;
    const visitor = await open(s);
    visitor.send({ t: 'lobby', watch: true });
    await nextLobby(visitor);
    const g = await open(s, await guest(s.base));
    g.send({ t: 'seek', kind: CASUAL });
    const own = await nextLobby(g, (l) => l.seeks.length === 1);
    expect(own.pools).toEqual([{ kind: CASUAL, waiting: 1 }]);
    const seen = await lobbyOnce(visitor, (l) => l.pools.length === 1);
    expect(seen).toEqual({ games: [], pools: [{ kind: CASUAL, waiting: 1 }], seeks: [] });

    visitor.send({ t: 'lobby', watch: false });
    // A round trip: the unwatch is handled before the ping is answered.
    await visitor.request({ t: 'ping', id: 1 }, (m) => m.t === 'pong');
    const before = lobbyFrames(visitor).length;
    g.send({ t: 'unseek', id: own.seeks[0]?.id });
    await nextLobby(g, (l) => l.seeks.length === 0);
    await pause(300);
    expect(lobbyFrames(visitor)).toHaveLength(before);
  });

  it('a socket that closes while its request is checked is left watching nothing', async () => {
    const base = memoryStore();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let reads = 0;
    const store: Store = {
      ...base,
      gamesOfUser: async (userId, limit) => {
        await gate;
        return base.gamesOfUser(userId, limit);
      },
      openGames: async (limit) => {
        reads++;
        return base.openGames(limit);
      },
    };
    server = await startLobbyServer({ store, lobbyPollMs: 20 });
    const s = server;
    const alice = await account(s.base, 'alice');
    // Another tab of hers stays open, not watching: her request is kept, her closed socket watches nothing.
    clients.push(await socketOf(s, alice));
    const socket = await socketOf(s, alice);
    socket.send({ t: 'seek', kind: CASUAL });
    await pause(50);
    await socket.close();
    release();
    await pause(100);
    const after = reads;
    await pause(200);
    // Nobody watches: the lobby reads no more open games.
    expect(reads).toBe(after);
  });
});

/** A pool the feed reads, changed by the test. */
function fakePool() {
  const listeners = new Set<() => void>();
  let counts: PoolCount[] = [];
  const seeks = new Map<string, SeekView[]>();
  const reads = { counts: 0, seeks: 0 };
  return {
    reads,
    counts: () => {
      reads.counts++;
      return counts;
    },
    seeksByPlayer: () => {
      reads.seeks++;
      return new Map([...seeks].filter(([, own]) => own.length > 0));
    },
    onChange: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: PoolCount[], own?: { userId: string; seeks: SeekView[] }) {
      counts = next;
      if (own) seeks.set(own.userId, own.seeks);
      for (const listener of listeners) listener();
    },
  };
}

/** An open game in the lobby, its host seated and the other seat free. */
function hostedGame(host: string): GameRow {
  const kind = parsePairingKind({ game: 'backgammon', length: 1, clock: 'untimed', rated: false });
  if (!kind.ok) throw new Error(kind.error.message);
  const row = pairedGameRow(
    kind.value,
    [
      { id: host, name: 'sam' },
      { id: 'nobody', name: '' },
    ],
    'lobby',
    1,
  );
  return { ...row, status: 'waiting', open: true, seats: [row.seats[0], { ...row.seats[1], userId: null }] };
}

function watcher(userId: string | null) {
  const frames: Lobby[] = [];
  return { userId, frames, sendFrame: (frame: string) => frames.push((JSON.parse(frame) as LobbyFrame).lobby) };
}

describe('the lobby feed', () => {
  it('coalesces a burst of changes into one push and sends a watcher nothing that did not change for him', async () => {
    const pool = fakePool();
    const feed = new LobbyFeed({
      store: memoryStore(),
      pool,
      log: pino({ level: 'silent' }),
      pollMs: 60_000,
      gapMs: 50,
    });
    const [a, b] = [watcher('user-a'), watcher(null)];
    await feed.watch(a);
    await feed.watch(b);
    expect(a.frames).toHaveLength(1);
    const kind = { game: 'backgammon', length: 1, clock: 'speed', rated: false } as const;
    for (let n = 1; n <= 20; n++) pool.set([{ kind, waiting: n }]);
    await pause(200);
    expect(a.frames.map((f) => f.pools[0]?.waiting)).toEqual([undefined, 20]);
    expect(b.frames).toHaveLength(2);

    // Only a's own requests changed: b is sent nothing.
    const seek: SeekView = { id: 'seek-001', kind, since: 1 };
    pool.set([{ kind, waiting: 20 }], { userId: 'user-a', seeks: [seek] });
    await pause(200);
    expect(a.frames.at(-1)?.seeks).toEqual([seek]);
    expect(b.frames).toHaveLength(2);
    feed.close();
  });

  it('reads the pool once a push however many watch, and sends each watcher his own requests and seats', async () => {
    const pool = fakePool();
    const store = memoryStore();
    const feed = new LobbyFeed({ store, pool, log: pino({ level: 'silent' }), pollMs: 60_000, gapMs: 0 });
    const visitors = Array.from({ length: 50 }, (_, i) => watcher(i % 2 === 0 ? null : `user-${i}`));
    const [owner, seated] = [watcher('user-owner'), watcher('user-seated')];
    const game = hostedGame('user-seated');
    await store.createGame(game);
    for (const w of [...visitors, owner, seated]) await feed.watch(w);
    const kind = { game: 'plakoto', length: 3, clock: 'casual', rated: false } as const;
    const seek: SeekView = { id: 'seek-002', kind, since: 5 };
    const before = { ...pool.reads };
    pool.set([{ kind, waiting: 1 }], { userId: 'user-owner', seeks: [seek] });
    await pause(100);
    expect(pool.reads.counts - before.counts).toBe(1);
    expect(pool.reads.seeks - before.seeks).toBe(1);
    const last = (w: ReturnType<typeof watcher>) => w.frames.at(-1) as Lobby;
    expect(last(owner).seeks).toEqual([seek]);
    expect(last(seated).seeks).toEqual([]);
    for (const w of [...visitors, owner, seated]) expect(last(w).pools).toEqual([{ kind, waiting: 1 }]);
    expect(last(seated).games.map((g) => g.you)).toEqual([0]);
    for (const w of [...visitors, owner]) {
      expect(last(w).seeks).toEqual(w === owner ? [seek] : []);
      expect(last(w).games.map((g) => g.you)).toEqual([null]);
    }
    feed.close();
  });

  it('reads the open games only while someone watches, and a failed read leaves the watchers as they were', async () => {
    const base = memoryStore();
    let reads = 0;
    let failing = false;
    const store: Store = {
      ...base,
      openGames: async (limit) => {
        reads++;
        if (failing) throw new Error('database away');
        return base.openGames(limit);
      },
    };
    const feed = new LobbyFeed({ store, pool: fakePool(), log: pino({ level: 'silent' }), pollMs: 20, gapMs: 0 });
    const a = watcher(null);
    await feed.watch(a);
    await pause(100);
    expect(reads).toBeGreaterThan(1);
    failing = true;
    await pause(100);
    expect(a.frames).toHaveLength(1);
    feed.unwatch(a);
    const after = reads;
    await pause(100);
    expect(reads).toBe(after);
    expect(feed.size).toBe(0);
    feed.close();
  });
});
