import { join } from 'node:path';
import { CLOCK_PRESETS, MAX_OPEN_PAIRING_REQUESTS } from '@zar/match';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import type { RatingRow, Store } from '../src/store/types.js';
import { Client, type Running, sqliteStore, TEST_LIMITS, tempDir } from './support/harness.js';
import {
  account,
  CASUAL,
  guest,
  lobbyOnce,
  NORMAL_RATED,
  nextLobby,
  paired,
  refusal,
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

async function start(options: Parameters<typeof startLobbyServer>[0] = {}): Promise<Running> {
  server = await startLobbyServer(options);
  return server;
}

async function open(s: Running, caller: { cookie: string }): Promise<Client> {
  const client = await socketOf(s, caller as never);
  clients.push(client);
  return client;
}

describe('quick pairing over the socket', () => {
  it('pairs two accounts asking for the same kind: every socket of both is sent the same game, seated and playing', async () => {
    const s = await start();
    const alice = await account(s.base, 'alice');
    const bob = await account(s.base, 'bob');
    const [a1, a2, b] = [await open(s, alice), await open(s, alice), await open(s, bob)];
    // The first request waits: its socket watches the lobby and sees it there.
    const waiting = nextLobby(a1, (l) => l.seeks.length === 1);
    a1.send({ t: 'seek', kind: NORMAL_RATED });
    const lobby = await waiting;
    expect(lobby.seeks[0]?.kind).toEqual(NORMAL_RATED);
    expect(lobby.pools).toEqual([{ kind: NORMAL_RATED, waiting: 1 }]);

    const sent = [paired(a1), paired(a2), paired(b)] as const;
    b.send({ t: 'seek', kind: NORMAL_RATED });
    const [pa1, pa2, pb] = await Promise.all(sent);
    expect(pa1.game).toBe(pb.game);
    expect(pa2).toEqual(pa1);
    expect(pa1.seek).toBe(lobby.seeks[0]?.id);
    expect(pb.seek).not.toBe(pa1.seek);

    const [sa, sb] = [await a1.join(pa1.game), await b.join(pb.game)];
    expect(sa.view.status).toBe('playing');
    expect(new Set([sa.view.you, sb.view.you])).toEqual(new Set([0, 1]));
    expect(sa.view.players.map((p) => p.name).sort()).toEqual(['alice', 'bob']);

    const row = await s.store.gameById(pa1.game);
    expect(row).toMatchObject({
      status: 'playing',
      open: false,
      inviteToken: null,
      rated: true,
      pool: 'backgammon',
      clock: CLOCK_PRESETS.normal,
      series: [0, 0],
      rematchOf: null,
    });
    expect(row?.record.settings.length).toBe(5);
    expect(row?.seats.every((seat) => seat.kind === 'human' && seat.userId !== null)).toBe(true);
    // Both requests left the pool: a watcher sees it empty.
    b.send({ t: 'lobby', watch: true });
    const after = await nextLobby(b);
    expect(after).toMatchObject({ pools: [], seeks: [] });
  });

  it('never pairs different kinds, and pairs a cycle in its own pool', async () => {
    const s = await start();
    const alice = await account(s.base, 'alice');
    const bob = await account(s.base, 'bob');
    const [a, b] = [await open(s, alice), await open(s, bob)];
    a.send({ t: 'seek', kind: CASUAL });
    await nextLobby(a, (l) => l.seeks.length === 1);
    const both = nextLobby(b, (l) => l.pools.length === 2);
    b.send({ t: 'seek', kind: { ...CASUAL, length: 5 } });
    expect((await both).pools.map((p) => p.waiting)).toEqual([1, 1]);

    const tavli = { cycle: 'tavli', length: 3, clock: 'speed', rated: false } as const;
    const games = [paired(a), paired(b)] as const;
    a.send({ t: 'seek', kind: tavli });
    b.send({ t: 'seek', kind: tavli });
    const [pa, pb] = await Promise.all(games);
    expect(pa.game).toBe(pb.game);
    const row = await s.store.gameById(pa.game);
    expect(row?.pool).toBe('tavli');
    expect(row?.clock).toEqual(CLOCK_PRESETS.speed);
    // A player paired is in one match: his other requests are dropped.
    const empty = await lobbyOnce(a, (l) => l.seeks.length === 0);
    expect(empty.pools).toEqual([]);
  });

  it('refuses bad requests with stable codes and leaves the pool as it was', async () => {
    const s = await start();
    const nobody = await Client.open(s.ws);
    clients.push(nobody);
    expect((await refusal(nobody, { t: 'seek', kind: CASUAL })).code).toBe('ERR_NO_SESSION');
    expect((await refusal(nobody, { t: 'unseek', id: 'abcdefgh' })).code).toBe('ERR_NO_SESSION');

    const g = await open(s, await guest(s.base));
    expect((await refusal(g, { t: 'seek', kind: NORMAL_RATED })).code).toBe('ERR_ACCOUNT_ONLY');

    const alice = await open(s, await account(s.base, 'alice'));
    // What the protocol cannot hold is refused at the edge; what the match layer refuses, by the pool.
    expect((await refusal(alice, { t: 'seek', kind: { ...CASUAL, clock: 'blitz' } })).code).toBe('ERR_MESSAGE');
    expect((await refusal(alice, { t: 'seek', kind: { ...CASUAL, extra: 1 } })).code).toBe('ERR_MESSAGE');
    const twoGames = { ...CASUAL, cycle: 'tavli' };
    expect((await refusal(alice, { t: 'seek', kind: twoGames })).code).toBe('ERR_SETTINGS');
    expect((await refusal(alice, { t: 'seek', kind: { ...CASUAL, game: undefined, preset: 'nope' } })).code).toBe(
      'ERR_SETTINGS',
    );
    expect(
      (await refusal(alice, { t: 'seek', kind: { length: 3, clock: 'normal', rated: false, cycle: 'x' } })).code,
    ).toBe('ERR_SETTINGS');
    expect((await refusal(alice, { t: 'unseek', id: 'abcdefgh' })).code).toBe('ERR_PAIRING_REQUEST');

    alice.send({ t: 'seek', kind: CASUAL });
    await nextLobby(alice, (l) => l.seeks.length === 1);
    expect((await refusal(alice, { t: 'seek', kind: CASUAL })).code).toBe('ERR_PAIRING_DUPLICATE');
    // The same pool by its preset's name is the same kind.
    expect((await refusal(alice, { t: 'seek', kind: { ...CASUAL, game: undefined, preset: 'backgammon' } })).code).toBe(
      'ERR_PAIRING_DUPLICATE',
    );
    for (let n = 1; n < MAX_OPEN_PAIRING_REQUESTS; n++) {
      alice.send({ t: 'seek', kind: { ...CASUAL, length: 10 + n } });
      await nextLobby(alice, (l) => l.seeks.length === n + 1);
    }
    expect((await refusal(alice, { t: 'seek', kind: { ...CASUAL, length: 20 } })).code).toBe('ERR_TOO_MANY_PAIRINGS');
    alice.send({ t: 'lobby', watch: true });
    expect((await nextLobby(alice)).seeks).toHaveLength(MAX_OPEN_PAIRING_REQUESTS);
  });

  it('a guest may ask for a casual match; one with as many unfinished games as he may is refused', async () => {
    const s = await start({ limits: { ...TEST_LIMITS, openGames: 1 } });
    const g = await open(s, await guest(s.base));
    // His game against the bot is unfinished: the cap of one is reached.
    expect((await refusal(g, { t: 'seek', kind: CASUAL })).code).toBe('ERR_TOO_MANY_GAMES');
    const alice = await open(s, await account(s.base, 'alice'));
    alice.send({ t: 'seek', kind: CASUAL });
    expect((await nextLobby(alice, (l) => l.seeks.length === 1)).seeks[0]?.kind).toEqual(CASUAL);
  });

  it('unseek cancels a request; closing the last socket cancels them all, and only the last', async () => {
    const s = await start();
    const alice = await account(s.base, 'alice');
    const [a1, a2] = [await open(s, alice), await open(s, alice)];
    const watcher = await open(s, await account(s.base, 'bob'));
    watcher.send({ t: 'lobby', watch: true });
    await nextLobby(watcher);

    a1.send({ t: 'seek', kind: CASUAL });
    const mine = await nextLobby(a1, (l) => l.seeks.length === 1);
    await lobbyOnce(watcher, (l) => l.pools.length === 1);
    a1.send({ t: 'unseek', id: mine.seeks[0]?.id });
    expect((await nextLobby(a1, (l) => l.seeks.length === 0)).pools).toEqual([]);
    await lobbyOnce(watcher, (l) => l.pools.length === 0);

    a1.send({ t: 'seek', kind: CASUAL });
    await lobbyOnce(watcher, (l) => l.pools.length === 1);
    await a2.close();
    // One socket of hers is still open: the request still waits.
    a1.send({ t: 'lobby', watch: true });
    expect((await nextLobby(a1)).seeks).toHaveLength(1);
    await a1.close();
    expect((await lobbyOnce(watcher, (l) => l.pools.length === 0)).pools).toEqual([]);
  });

  it('cancels a request when the socket that made it closes, though another socket of the player stays', async () => {
    const s = await start();
    const alice = await account(s.base, 'alice');
    // Her lobby page, and a game she has open in another tab (which would not follow a `paired`).
    const [lobbyPage, gamePage] = [await open(s, alice), await open(s, alice)];
    const watcher = await open(s, await account(s.base, 'bob'));
    watcher.send({ t: 'lobby', watch: true });
    await nextLobby(watcher);
    lobbyPage.send({ t: 'seek', kind: CASUAL });
    await lobbyOnce(watcher, (l) => l.pools.length === 1);
    await lobbyPage.close();
    expect((await lobbyOnce(watcher, (l) => l.pools.length === 0)).pools).toEqual([]);
    gamePage.send({ t: 'lobby', watch: true });
    expect((await nextLobby(gamePage)).seeks).toEqual([]);
  });

  it('widens the band while a request waits: far ratings are paired once the wider band covers them', async () => {
    const base = memoryStore();
    const store: Store = {
      ...base,
      // Alice is rated 1800 in backgammon; everyone else has no rating (1500).
      ratingsOf: async (userId) => {
        const alice = await base.userByName('alice');
        if (userId !== alice?.id) return base.ratingsOf(userId);
        const row: RatingRow = {
          userId,
          pool: 'backgammon',
          rating: 1800,
          experience: 500,
          matches: 10,
          wins: 5,
          updatedAt: 0,
        };
        return [row];
      },
    };
    // The server's clock stands still until the test moves it: the bands widen only then.
    let t = Date.UTC(2026, 0, 1);
    const s = await start({ store, now: () => t, pairing: { initial: 100, step: 200, interval: 100, maximum: 1000 } });
    const [a, b] = [await open(s, await account(s.base, 'alice')), await open(s, await account(s.base, 'bob'))];
    a.send({ t: 'seek', kind: CASUAL });
    await nextLobby(a, (l) => l.seeks.length === 1);
    const both = nextLobby(b, (l) => l.pools[0]?.waiting === 2);
    const games = [paired(a), paired(b)] as const;
    b.send({ t: 'seek', kind: CASUAL });
    // 300 points apart and ±100 each: both wait.
    await both;
    await new Promise((r) => setTimeout(r, 250));
    expect(a.messages.some((m) => m.t === 'paired')).toBe(false);
    // Two widenings later the bands are ±500: the pool's timer pairs them.
    t += 200;
    const [pa, pb] = await Promise.all(games);
    expect(pa.game).toBe(pb.game);
  });

  it('a restart empties the pool (a request means: pair me while I am here); a paired match survives it', async () => {
    const tmp = tempDir();
    try {
      const file = join(tmp.dir, 'zar.db');
      const first = await start({ store: await sqliteStore(file) });
      const [alice, bob, carol] = [
        await account(first.base, 'alice'),
        await account(first.base, 'bob'),
        await account(first.base, 'carol'),
      ];
      const [a, b, c] = [await open(first, alice), await open(first, bob), await open(first, carol)];
      c.send({ t: 'seek', kind: CASUAL });
      await nextLobby(c, (l) => l.seeks.length === 1);
      const games = [paired(a), paired(b)] as const;
      a.send({ t: 'seek', kind: NORMAL_RATED });
      b.send({ t: 'seek', kind: NORMAL_RATED });
      const [pa] = await Promise.all(games);
      await Promise.all(clients.splice(0).map((x) => x.close()));
      await first.close();
      server = null;

      const second = await start({ store: await sqliteStore(file) });
      const watcher = await open(second, carol);
      watcher.send({ t: 'lobby', watch: true });
      expect(await nextLobby(watcher)).toEqual({ games: [], pools: [], seeks: [] });
      const back = await open(second, alice);
      const state = await back.join(pa.game);
      expect(state.view.status).toBe('playing');
      expect(state.view.rated).toBe(true);
      expect(await second.store.gameById(pa.game)).toMatchObject({
        rated: true,
        pool: 'backgammon',
        clock: CLOCK_PRESETS.normal,
        series: [0, 0],
      });
    } finally {
      await Promise.all(clients.splice(0).map((x) => x.close()));
      await server?.close();
      server = null;
      tmp.remove();
    }
  });
});
