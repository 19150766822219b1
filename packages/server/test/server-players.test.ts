import { type GameAction, type Player, parsePairingKind, rateMatch } from '@zar/match';
import type { Leaderboard, PlayerDice, Profile, SeekKind } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { pairedGameRow } from '../src/lobby/paired-game.js';
import { PLAYERS_CACHE_MS } from '../src/people/players-routes.js';
import type { Store } from '../src/store/types.js';
import { bothStores } from './support/both-stores.js';
import { Caller, type Running, TEST_LIMITS } from './support/harness.js';
import { account, guest, startLobbyServer } from './support/lobby-server.js';

/** The routes are held to both stores: their queries are the SQL store's too. */
// Made before the server's afterEach: vitest runs after-hooks last first, so the server closes before its folder goes.
const STORES = bothStores();

let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const DAY = 24 * 3600_000;
const T0 = Date.UTC(2026, 5, 1);

async function idOf(store: Store, name: string): Promise<string> {
  const user = await store.userByName(name);
  if (user === null) throw new Error(`no ${name}`);
  return user.id;
}

/**
 * A match between two accounts stored as ended at `at`: `winner` (a seat) won it, rated or
 * not, the loser abandoning it when told so. Stored through the store's own interface, as the
 * room stores the action that ends a match.
 */
async function finishedMatch(
  store: Store,
  names: readonly [string, string],
  options: { kind: SeekKind; winner: Player; at: number; abandoned?: boolean },
): Promise<string> {
  const kind = parsePairingKind(options.kind);
  if (!kind.ok) throw new Error(kind.error.message);
  const ids = [await idOf(store, names[0]), await idOf(store, names[1])] as const;
  const row = pairedGameRow(
    kind.value,
    [
      { id: ids[0], name: names[0] },
      { id: ids[1], name: names[1] },
    ],
    'players',
    options.at - 1000,
  );
  await store.createGame(row);
  const loser = (1 - options.winner) as Player;
  const action: GameAction = { type: 'timeout', player: loser };
  const score: [number, number] = [0, 0];
  score[options.winner] = kind.value.length;
  const stored = await store.appendAction(
    row.id,
    0,
    action,
    options.at,
    'over',
    { score, winner: options.winner, ...(options.abandoned ? { abandonedBy: loser } : {}) },
    kind.value.rated
      ? { pool: row.pool as string, length: kind.value.length, winner: ids[options.winner], loser: ids[loser] }
      : undefined,
  );
  if (!stored.ok) throw new Error(stored.code);
  return row.id;
}

const RATED_5 = { game: 'backgammon', length: 5, clock: 'normal', rated: true } as const;

describe.each(STORES)('leaderboards (%s store)', (_name, makeStore) => {
  it("lists the pool's players active in the last 30 days, best first, and refuses an unknown pool", async () => {
    server = await startLobbyServer({ store: await makeStore(), now: () => T0 });
    const s = server;
    const visitor = new Caller(s.base);
    for (const name of ['alice', 'bob', 'carol', 'dave']) await account(s.base, name);
    // Dave last played 31 days ago: not listed.
    await finishedMatch(s.store, ['dave', 'carol'], { kind: RATED_5, winner: 0, at: T0 - 31 * DAY });
    await finishedMatch(s.store, ['alice', 'carol'], { kind: RATED_5, winner: 0, at: T0 - 2 * DAY });
    await finishedMatch(s.store, ['alice', 'bob'], { kind: RATED_5, winner: 0, at: T0 - DAY });
    // A casual match and another pool change nothing here.
    await finishedMatch(s.store, ['bob', 'alice'], { kind: { ...RATED_5, rated: false }, winner: 0, at: T0 });
    await finishedMatch(s.store, ['bob', 'alice'], { kind: { ...RATED_5, game: 'plakoto' }, winner: 0, at: T0 });

    const r = await visitor.call<Leaderboard>('GET', '/api/leaderboard/backgammon');
    expect(r.status).toBe(200);
    expect(r.setCookie).toEqual([]);
    expect(r.body.pool).toBe('backgammon');
    // Alice won both, Bob lost one, Carol lost two.
    expect(r.body.players.map((p) => p.name)).toEqual(['alice', 'bob', 'carol']);
    const ratings = r.body.players.map((p) => p.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    expect(r.body.players.find((p) => p.name === 'alice')).toMatchObject({ matches: 2, wins: 2, lastPlayed: T0 - DAY });
    expect(r.body.players.find((p) => p.name === 'carol')).toMatchObject({ matches: 2, wins: 0 });

    const plakoto = await visitor.call<Leaderboard>('GET', '/api/leaderboard/plakoto');
    expect(plakoto.body.players.map((p) => [p.name, p.matches])).toEqual([
      ['bob', 1],
      ['alice', 1],
    ]);
    expect((await visitor.call<Leaderboard>('GET', '/api/leaderboard/tavli')).body.players).toEqual([]);
    const bad = await visitor.call<{ error: { code: string } }>('GET', '/api/leaderboard/chess');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'ERR_REQUEST']);
  });
});

describe.each(STORES)('profiles (%s store)', (_name, makeStore) => {
  it('shows ratings with their history, matches per pool, abandonment, PR and recent matches from his seat', async () => {
    server = await startLobbyServer({ store: await makeStore(), now: () => T0 });
    const s = server;
    for (const name of ['alice', 'bob']) await account(s.base, name);
    const first = await finishedMatch(s.store, ['alice', 'bob'], { kind: RATED_5, winner: 0, at: T0 - 3 * DAY });
    const second = await finishedMatch(s.store, ['bob', 'alice'], {
      kind: RATED_5,
      winner: 0,
      at: T0 - 2 * DAY,
      abandoned: true,
    });
    await finishedMatch(s.store, ['bob', 'alice'], {
      kind: { cycle: 'tavli', length: 3, clock: 'untimed', rated: false },
      winner: 1,
      at: T0 - DAY,
    });
    const alice = await idOf(s.store, 'alice');
    await s.store.savePr([
      { gameId: first, userId: alice, pr: 4, at: T0, luck: 0.25, opponentLuck: -0.5 },
      { gameId: second, userId: alice, pr: 8, at: T0, luck: null, opponentLuck: null },
    ]);

    const visitor = new Caller(s.base);
    const r = await visitor.call<Profile>('GET', '/api/players/alice');
    expect(r.status).toBe(200);
    expect(r.setCookie).toEqual([]);
    const p = r.body;
    expect(p.name).toBe('alice');
    // Her two rated matches, as the FIBS formula moves them: won as a new player, then lost.
    const won = rateMatch({ rating: 1500, experience: 0 }, { rating: 1500, experience: 0 }, 5);
    if (!won.ok) throw new Error('rateMatch');
    expect(p.ratings).toHaveLength(1);
    expect(p.ratings[0]).toMatchObject({ pool: 'backgammon', matches: 2, wins: 1, experience: 10 });
    expect(p.ratings[0]?.history.map((h) => h.game)).toEqual([first, second]);
    expect(p.ratings[0]?.history[0]?.rating).toBeCloseTo(won.value.winner.rating, 9);
    expect(p.ratings[0]?.history[1]?.rating).toBeCloseTo(p.ratings[0]?.rating ?? 0, 9);
    expect(p.matches).toEqual([
      { pool: 'backgammon', matches: 2 },
      { pool: 'tavli', matches: 1 },
    ]);
    expect(p.abandonment).toEqual({ matches: 3, abandoned: 1 });
    expect(p.pr).toEqual({ matches: 2, average: 6 });
    // The luck of her analysed matches, those analysed before luck was measured left out.
    const dice = await visitor.call<PlayerDice>('GET', '/api/players/alice/dice');
    expect(dice.body.luck).toEqual([{ game: first, at: T0, opponent: 'bob', luck: [0.25, -0.5], pr: 4 }]);
    // Newest first, each from her seat: a page can say which she won.
    expect(p.recent.map((g) => [g.you, g.winner])).toEqual([
      [1, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(p.recent[1]?.rated).toBe(true);

    const bob = await visitor.call<Profile>('GET', '/api/players/bob');
    expect(bob.body.abandonment).toEqual({ matches: 3, abandoned: 0 });
    expect(bob.body.pr).toBeNull();
  });

  it('answers 404 for a name no account has, guests included, and makes no session', async () => {
    server = await startLobbyServer({ store: await makeStore() });
    const s = server;
    const visitor = new Caller(s.base);
    await guest(s.base);
    for (const path of ['/api/players/nobody', '/api/players/a', '/api/players/%20x%20y', '/api/players/guest-abcde']) {
      const r = await visitor.call<{ error: { code: string } }>('GET', path);
      expect([r.status, r.body.error.code]).toEqual([404, 'ERR_NOT_FOUND']);
    }
    expect(visitor.cookie).toBe('');
  });

  it('serves a profile from its cache for a few seconds and charges an address only for store reads', async () => {
    let t = T0;
    server = await startLobbyServer({
      store: await makeStore(),
      now: () => t,
      limits: { ...TEST_LIMITS, recordsPerMinute: 2 },
    });
    const s = server;
    for (const name of ['alice', 'bob', 'carol']) await account(s.base, name);
    const visitor = new Caller(s.base);
    expect((await visitor.call<Profile>('GET', '/api/players/alice')).body.ratings).toEqual([]);
    await finishedMatch(s.store, ['alice', 'bob'], { kind: RATED_5, winner: 0, at: t });
    // Cached: the new match shows only once the cache has aged, and the hits cost nothing.
    for (let i = 0; i < 5; i++) {
      expect((await visitor.call<Profile>('GET', '/api/players/alice')).body.ratings).toEqual([]);
    }
    expect((await visitor.call('GET', '/api/players/bob')).status).toBe(200);
    const limited = await visitor.call<{ error: { code: string } }>('GET', '/api/players/carol');
    expect([limited.status, limited.body.error.code]).toEqual([429, 'ERR_RATE_LIMITED']);
    t += PLAYERS_CACHE_MS + 60_000;
    expect((await visitor.call<Profile>('GET', '/api/players/alice')).body.ratings).toHaveLength(1);
  });
});
