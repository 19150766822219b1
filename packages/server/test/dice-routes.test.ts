import {
  type DiceTally,
  type MatchRecord,
  mergeTallies,
  type Player,
  summarizeDice,
  tallyMatchPlayer,
} from '@zar/match';
import type { DiceStats, PlayerDice, SiteDice } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { DICE_CACHE_MS } from '../src/dice/routes.js';
import type { GameRow, SeatRow, Store } from '../src/store/types.js';
import { analysisOf, storePlayedMatch } from './support/analysed-match.js';
import { botMatch } from './support/bot-match.js';
import { bothStores } from './support/both-stores.js';
import { autoplay, Caller, Client, type Running, seededRandom, TEST_LIMITS } from './support/harness.js';
import { account, guest, startLobbyServer } from './support/lobby-server.js';

/** The routes are held to both stores: the totals and the luck are the SQL store's queries too. */
// Made before the server's afterEach: vitest runs after-hooks last first, so the server closes before its folder goes.
const STORES = bothStores();

let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** The stored record of a game, its actions included. */
async function recordOf(store: Store, id: string): Promise<MatchRecord> {
  const row = await store.gameById(id);
  if (row === null) throw new Error(`no game ${id}`);
  return { ...row.record, actions: (await store.actions(id)).map((a) => a.action) };
}

function tallyOf(record: MatchRecord, seat: Player): DiceTally {
  const t = tallyMatchPlayer(record, seat);
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

/** What the routes should say of `matches` finished matches whose dice are `tally`. */
function expectedStats(matches: number, tally: DiceTally): DiceStats {
  const s = summarizeDice(tally);
  return {
    matches,
    faces: [...tally.faces],
    rolls: [...tally.rolls],
    openingDice: tally.openingDice,
    doubles: s.doubles,
    faceTest: s.faceTest,
    rollTest: s.rollTest,
  };
}

/** An account plays a one-point match against the bot to its end with random legal moves. */
async function matchAgainstTheBot(s: Running, player: Caller, seed: number): Promise<{ id: string; seat: Player }> {
  const { id, seat } = await player.newGame({ opponent: 'bot', level: 'beginner', preset: 'backgammon', length: 1 });
  const client = await Client.open(s.ws, player.cookie);
  // His page's seed for the fair dice: the opening roll waits for it (on the server's clock).
  client.send({ t: 'seed', game: id, seed: `dice-routes-${seed}` });
  const done = await autoplay(client, id, { random: seededRandom(seed) });
  await client.close();
  expect(done.last.status).toBe('over');
  return { id, seat: seat as Player };
}

describe.each(STORES)('GET /api/dice and /api/players/:name/dice (%s store)', (_name, makeStore) => {
  it("count a finished match's dice: the player's own, and both seats' for the site", async () => {
    let t = Date.UTC(2026, 11, 1);
    server = await startLobbyServer({ store: await makeStore(), now: () => t });
    const s = server;
    const ann = await account(s.base, 'ann');
    const visitor = new Caller(s.base);

    const empty = await visitor.call<SiteDice>('GET', '/api/dice');
    expect(empty.status).toBe(200);
    expect(empty.body.stats).toEqual({ ...expectedStats(0, mergeTallies()), faceTest: null, rollTest: null });

    const { id, seat } = await matchAgainstTheBot(s, ann, 3);
    const record = await recordOf(s.store, id);
    const hers = tallyOf(record, seat);
    const bots = tallyOf(record, (1 - seat) as Player);

    const page = await visitor.call<PlayerDice>('GET', '/api/players/ann/dice');
    expect(page.status).toBe(200);
    expect(page.setCookie).toEqual([]);
    expect(page.body).toEqual({ name: 'ann', stats: expectedStats(1, hers), luck: [] });
    // Her rolls: two faces each, and her opening dice.
    const rolls = page.body.stats.rolls.reduce((a, b) => a + b, 0);
    expect(page.body.stats.faces.reduce((a, b) => a + b, 0)).toBe(2 * rolls + page.body.stats.openingDice);
    expect(rolls).toBeGreaterThan(0);

    // The site's answer was kept empty a moment ago; once it has aged it counts the match, both seats.
    expect((await visitor.call<SiteDice>('GET', '/api/dice')).body.stats.matches).toBe(0);
    t += DICE_CACHE_MS;
    const site = await visitor.call<SiteDice>('GET', '/api/dice');
    expect(site.body.stats).toEqual(expectedStats(1, mergeTallies(hers, bots)));
  }, 60_000);

  it('answers 404 for a name no account has, guests included, and makes no session', async () => {
    server = await startLobbyServer({ store: await makeStore() });
    const s = server;
    const visitor = new Caller(s.base);
    await guest(s.base);
    for (const path of ['/api/players/nobody/dice', '/api/players/a/dice', '/api/players/%20x%20y/dice']) {
      const r = await visitor.call<{ error: { code: string } }>('GET', path);
      expect([r.status, r.body.error.code]).toEqual([404, 'ERR_NOT_FOUND']);
    }
    expect(visitor.cookie).toBe('');
  });

  it('serve from a cache for a few seconds and charge an address only for store reads of players', async () => {
    let t = Date.UTC(2026, 11, 1);
    server = await startLobbyServer({
      store: await makeStore(),
      now: () => t,
      limits: { ...TEST_LIMITS, recordsPerMinute: 2 },
    });
    const s = server;
    for (const name of ['alice', 'bob', 'carol']) await account(s.base, name);
    const visitor = new Caller(s.base);
    expect((await visitor.call<PlayerDice>('GET', '/api/players/alice/dice')).body.stats.matches).toBe(0);
    // Hits of the cache cost nothing; the site's page never does.
    for (let i = 0; i < 5; i++) {
      expect((await visitor.call('GET', '/api/players/alice/dice')).status).toBe(200);
      expect((await visitor.call('GET', '/api/dice')).status).toBe(200);
    }
    expect((await visitor.call('GET', '/api/players/bob/dice')).status).toBe(200);
    const limited = await visitor.call<{ error: { code: string } }>('GET', '/api/players/carol/dice');
    expect([limited.status, limited.body.error.code]).toEqual([429, 'ERR_RATE_LIMITED']);
    t += DICE_CACHE_MS + 60_000;
    expect((await visitor.call('GET', '/api/players/carol/dice')).status).toBe(200);
  });
});

const human = (userId: string, name: string): SeatRow => ({ kind: 'human', userId, name, level: null });

/** A one-point match between two accounts, played by bots and stored as finished. */
async function storedMatch(store: Store): Promise<GameRow> {
  // The seed of server-players-pr.test.ts's match: both seats have decisions to judge.
  const played = await botMatch({ length: 1 }, 3);
  return storePlayedMatch(store, 'lucky0001', [human('user-ann', 'ann'), human('user-ben', 'ben')], played);
}

describe.each(STORES)("a player's dice page (%s store)", (_name, makeStore) => {
  it("lists the luck of his analysed matches, his and his opponent's, once the analysis is ready", async () => {
    const store = await makeStore();
    for (const [id, name] of [
      ['user-ann', 'ann'],
      ['user-ben', 'ben'],
    ] as const) {
      await store.createUser({ id, name, passwordHash: 'x', createdAt: 0 });
    }
    const row = await storedMatch(store);
    server = await startLobbyServer({ store });
    const s = server;
    const asker = new Caller(s.base);
    await asker.newGame({ opponent: 'bot', length: 1 });
    const analysis = await analysisOf(asker, row.id);
    const [ann, ben] = analysis.players;
    expect(Number.isFinite(ann.luck)).toBe(true);
    for (let i = 0; i < 50 && (await store.luckOf('user-ben', 1)).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const page = (await new Caller(s.base).call<PlayerDice>('GET', '/api/players/ben/dice')).body;
    expect(page.luck).toHaveLength(1);
    expect(page.luck[0]).toMatchObject({ game: row.id, opponent: 'ann', luck: [ben.luck, ann.luck], pr: ben.pr });
    expect(page.stats.matches).toBe(1);
  }, 120_000);
});
