import { type PlayerRating, rateMatch } from '@zar/match';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameRow, RateRequest, RatingChangeRow, Store } from '../src/store/index.js';
import { game, human, play, user } from './store-contract.js';

/**
 * The contract's cases about people (registered by storeContract inside its describe, with its
 * fresh store per test): the games' clock, rating and abandonment fields, rating a match with
 * the action that ends it, the rating queries, profiles, PR, the heartbeat and pauses.
 */
export function peopleContract(current: () => Store): void {
  describe('people: ratings, profiles, PR and the heartbeat', () => peopleCases(current));
}

function peopleCases(current: () => Store): void {
  let store: Store;
  beforeEach(async () => {
    store = current();
    for (const [id, name] of PEOPLE) await store.createUser(user(id, name));
  });

  describe("the games' clock, rating, rematch and abandonment fields", () => {
    it('round-trips clock, rated, pool, rematchOf, series and abandonedBy through every listing', async () => {
      const g = game('g1', 10, TIMED);
      await store.createGame(g);
      expect(await store.gameById('g1')).toEqual(g);
      expect(await store.openGames(5)).toEqual([g]);
      expect(await store.liveGames()).toEqual([g]);
      expect(await store.gamesOfUser('u1', 5)).toEqual([g]);
      await store.updateGame('g1', { status: 'playing', open: false, seats: SEATS }, 20);
      const playing = { ...g, status: 'playing', open: false, seats: SEATS, updatedAt: 20 };
      expect(await store.gameById('g1')).toEqual(playing);
      const abandoned = { ...game('g2', 11), status: 'over' as const, abandonedBy: 0 as const, winner: 1 as const };
      await store.createGame(abandoned);
      expect(await store.gameById('g2')).toEqual(abandoned);
    });

    it('stores an abandonment with the action that ended the match, and keeps it', async () => {
      await store.createGame(game('g1', 10, { status: 'playing', seats: SEATS }));
      await store.appendAction('g1', 0, play(0, 'a'), 11, undefined, { score: [1, 0], winner: null });
      expect((await store.gameById('g1'))?.abandonedBy).toBeNull();
      const end = { score: [1, 5] as const, winner: 1 as const, abandonedBy: 0 as const };
      expect(await store.appendAction('g1', 1, TIMEOUT, 12, 'over', end)).toEqual({ ok: true });
      expect(await store.gameById('g1')).toMatchObject({ status: 'over', score: [1, 5], winner: 1, abandonedBy: 0 });
      // A later outcome without one (an undefined field included) leaves it as it was.
      const later = { score: [1, 5] as const, winner: 1 as const, abandonedBy: undefined };
      expect(await store.appendAction('g1', 2, play(0, 'b'), 13, undefined, later)).toEqual({ ok: true });
      expect((await store.gameById('g1'))?.abandonedBy).toBe(0);
    });
  });

  describe('rating with the action that ends a rated match', () => {
    it('rates both players from their stored ratings (1500, no experience, when missing) and answers the changes', async () => {
      await ratedGame('g1', 10);
      const r = await store.appendAction('g1', 0, TIMEOUT, 500, 'over', WON_BY_1, rate('u1', 'u2', 5));
      const [w, l] = expected(NEW, NEW, 5);
      const changes = [change('g1', 'u1', 1500, w.rating, 500), change('g1', 'u2', 1500, l.rating, 500)];
      expect(r).toEqual({ ok: true, rated: changes });
      expect(await store.ratingChangesOf('g1')).toEqual(changes);
      expect(await store.ratingsOf('u1')).toEqual([standing('u1', w.rating, 5, 1, 1, 500)]);
      expect(await store.ratingsOf('u2')).toEqual([standing('u2', l.rating, 5, 1, 0, 500)]);
      expect(await store.gameById('g1')).toMatchObject({ version: 1, status: 'over', winner: 0 });
      // Another pool is another standing.
      await ratedGame('g2', 20, ['u2', 'u1'], 'plakoto');
      await store.appendAction('g2', 0, TIMEOUT, 600, 'over', WON_BY_1, { ...rate('u2', 'u1', 3), pool: 'plakoto' });
      expect((await store.ratingsOf('u1')).map((x) => [x.pool, x.matches, x.wins])).toEqual([
        ['backgammon', 1, 1],
        ['plakoto', 1, 0],
      ]);
    });

    it('rates the next match from the ratings the last one left', async () => {
      await ratedGame('g1', 10);
      await ratedGame('g2', 20);
      await store.appendAction('g1', 0, TIMEOUT, 500, 'over', WON_BY_1, rate('u1', 'u2', 5));
      const r = await store.appendAction('g2', 0, TIMEOUT, 700, 'over', WON_BY_1, rate('u2', 'u1', 3));
      const [w1, l1] = expected(NEW, NEW, 5);
      const [w2, l2] = expected(l1, w1, 3);
      expect(r).toEqual({
        ok: true,
        rated: [change('g2', 'u2', l1.rating, w2.rating, 700), change('g2', 'u1', w1.rating, l2.rating, 700)],
      });
      expect(await store.ratingsOf('u1')).toEqual([standing('u1', l2.rating, 8, 2, 1, 700)]);
      expect(await store.ratingsOf('u2')).toEqual([standing('u2', w2.rating, 8, 2, 1, 700)]);
    });

    it('stores neither the action nor a rating when the rating cannot be written, then rates once', async () => {
      await ratedGame('g1', 10);
      // A refused rating (a money length; a player against himself) is the server's mistake: it throws.
      await expect(store.appendAction('g1', 0, TIMEOUT, 500, 'over', WON_BY_1, rate('u1', 'u2', 0))).rejects.toThrow();
      await expect(store.appendAction('g1', 0, TIMEOUT, 500, 'over', WON_BY_1, rate('u1', 'u1', 3))).rejects.toThrow();
      await expect(
        store.appendAction('g1', 0, TIMEOUT, 500, 'over', WON_BY_1, rate('u1', 'ghost', 3)),
      ).rejects.toThrow();
      await expectUntouched('g1');
      expect(await store.appendAction('g1', 0, TIMEOUT, 501, 'over', WON_BY_1, rate('u1', 'u2', 3))).toMatchObject({
        ok: true,
      });
      // The same match rated again (a second action asking for it): refused whole, as its key already holds it.
      await expect(
        store.appendAction('g1', 1, play(0, 'x'), 502, 'over', WON_BY_1, rate('u1', 'u2', 3)),
      ).rejects.toThrow();
      expect((await store.gameById('g1'))?.version).toBe(1);
      expect(await store.actions('g1')).toHaveLength(1);
      expect(await store.ratingChangesOf('g1')).toHaveLength(2);
      expect((await store.ratingsOf('u1'))[0]).toMatchObject({ matches: 1, wins: 1, experience: 3 });
    });

    it('refuses to rate a match created casual, in another pool, or between others than its players', async () => {
      await store.createGame(game('c1', 10, { ...TIMED, rated: false, status: 'playing', open: false, seats: SEATS }));
      await expect(store.appendAction('c1', 0, TIMEOUT, 500, 'over', WON_BY_1, rate('u1', 'u2', 3))).rejects.toThrow(
        /not rated/,
      );
      expect(await store.actions('c1')).toEqual([]);
      await ratedGame('g1', 10);
      const elsewhere = { ...rate('u1', 'u2', 3), pool: 'plakoto' };
      await expect(store.appendAction('g1', 0, TIMEOUT, 500, 'over', WON_BY_1, elsewhere)).rejects.toThrow(/plakoto/);
      await expect(store.appendAction('g1', 0, TIMEOUT, 500, 'over', WON_BY_1, rate('u1', 'u3', 3))).rejects.toThrow(
        /two players/,
      );
      await expectUntouched('g1');
      expect(await store.ratingsOf('u3')).toEqual([]);
      // The match as created: rated once, as asked.
      expect(await store.appendAction('g1', 0, TIMEOUT, 501, 'over', WON_BY_1, rate('u1', 'u2', 3))).toMatchObject({
        ok: true,
      });
    });

    it('a stale version is a conflict and rates nothing', async () => {
      await ratedGame('g1', 10);
      await store.appendAction('g1', 0, play(0, 'a'), 11);
      expect(await store.appendAction('g1', 0, TIMEOUT, 12, 'over', WON_BY_1, rate('u1', 'u2', 3))).toEqual({
        ok: false,
        code: 'ERR_VERSION_CONFLICT',
      });
      expect(await store.ratingsOf('u1')).toEqual([]);
      expect(await store.ratingChangesOf('g1')).toEqual([]);
    });

    it('rates matches of the same player that end at once one after the other, none lost', async () => {
      const ids = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5'];
      const opponents = ['u2', 'u3', 'u2', 'u3', 'u2', 'u3'];
      for (const [i, id] of ids.entries()) await ratedGame(id, 10 + i, ['u1', opponents[i] ?? 'u2']);
      const results = await Promise.all(
        ids.map((id, i) => store.appendAction(id, 0, TIMEOUT, 900, 'over', WON_BY_1, rate('u1', opponents[i]!, 3))),
      );
      expect(results.every((r) => r.ok)).toBe(true);
      const history = await store.ratingHistory('u1', 'backgammon', 100);
      expect(history).toHaveLength(6);
      // Chained: each match started from the rating the one before it left, in some order.
      const befores = new Set(history.map((h) => h.before));
      const afters = history.map((h) => h.after);
      expect(afters.filter((a) => !befores.has(a))).toHaveLength(1);
      const last = (await store.ratingsOf('u1'))[0];
      expect(last).toMatchObject({ matches: 6, wins: 6, experience: 18 });
      expect(afters).toContain(last?.rating);
      const them = [...(await store.ratingsOf('u2')), ...(await store.ratingsOf('u3'))];
      expect(them.map((x) => x.matches)).toEqual([3, 3]);
    });

    it('stores a match created rated as not rated, with the reason, and reads it back', async () => {
      await ratedGame('c0', 10);
      expect(await store.gameById('c0')).toMatchObject({ rated: true, unrated: null });
      await store.updateGame('c0', { rated: false, unrated: 'pair-limit' }, 50);
      expect(await store.gameById('c0')).toMatchObject({ rated: false, unrated: 'pair-limit', updatedAt: 50 });
      expect((await store.gamesOfUser('u1', 10)).find((g) => g.id === 'c0')).toMatchObject({ rated: false });
    });

    it('counts the rated matches between two accounts since a time, in every pool, either way round', async () => {
      const plan: [string, [string, string], string, number][] = [
        ['p0', ['u1', 'u2'], 'backgammon', 100],
        ['p1', ['u2', 'u1'], 'plakoto', 200],
        ['p2', ['u1', 'u3'], 'backgammon', 300],
        ['p3', ['u1', 'u2'], 'backgammon', 400],
      ];
      for (const [i, [id, players, pool, at]] of plan.entries()) {
        await ratedGame(id, 10 + i, players, pool);
        const [w, l] = players;
        await store.appendAction(id, 0, TIMEOUT, at, 'over', WON_BY_1, { ...rate(w, l, 3), pool });
      }
      expect(await store.ratedMatchesBetween('u1', 'u2', 0)).toBe(3);
      expect(await store.ratedMatchesBetween('u2', 'u1', 0)).toBe(3);
      expect(await store.ratedMatchesBetween('u1', 'u2', 200)).toBe(2);
      expect(await store.ratedMatchesBetween('u1', 'u2', 401)).toBe(0);
      expect(await store.ratedMatchesBetween('u1', 'u3', 0)).toBe(1);
      expect(await store.ratedMatchesBetween('u2', 'u3', 0)).toBe(0);
    });

    it('rates nothing past the pair limit, counted in the transaction even for matches that end at once', async () => {
      const ids = ['f0', 'f1', 'f2', 'f3', 'f4', 'f5'];
      for (const [i, id] of ids.entries()) await ratedGame(id, 10 + i);
      // A match of another pair is not held by theirs.
      await ratedGame('o1', 20, ['u1', 'u3']);
      const perPair = { limit: 2, since: 500 };
      const results = await Promise.all(
        ids.map((id) => store.appendAction(id, 0, TIMEOUT, 900, 'over', WON_BY_1, { ...rate('u1', 'u2', 3), perPair })),
      );
      expect(results.every((r) => r.ok)).toBe(true);
      expect(results.filter((r) => r.ok && r.rated !== undefined)).toHaveLength(2);
      expect(results.filter((r) => r.ok && r.unrated === 'pair-limit')).toHaveLength(4);
      expect((await store.ratingsOf('u1'))[0]).toMatchObject({ matches: 2, wins: 2 });
      expect((await store.ratingsOf('u2'))[0]).toMatchObject({ matches: 2, wins: 0 });
      // Each match over the limit still ended: its action is stored, and its row says it was not rated, and why.
      for (const [i, id] of ids.entries()) {
        const counted = results[i]?.ok === true && results[i]?.rated !== undefined;
        expect(await store.gameById(id)).toMatchObject({
          status: 'over',
          version: 1,
          ...(counted ? { rated: true, unrated: null } : { rated: false, unrated: 'pair-limit' }),
        });
      }
      const other = await store.appendAction('o1', 0, TIMEOUT, 901, 'over', WON_BY_1, {
        ...rate('u1', 'u3', 3),
        perPair,
      });
      expect(other).toMatchObject({ ok: true, rated: [{ userId: 'u1' }, { userId: 'u3' }] });
      // Matches before `since` do not count.
      await ratedGame('f6', 30);
      const later = { limit: 2, since: 901 };
      const again = await store.appendAction('f6', 0, TIMEOUT, 950, 'over', WON_BY_1, {
        ...rate('u1', 'u2', 3),
        perPair: later,
      });
      expect(again).toMatchObject({ ok: true, rated: [{ gameId: 'f6' }, { gameId: 'f6' }] });
    });
  });

  describe('rating queries', () => {
    it('gives a player his rating history in a pool, oldest first, the last `limit`', async () => {
      for (const [i, at] of [300, 100, 200].entries()) {
        await ratedGame(`h${i}`, 10 + i);
        await store.appendAction(`h${i}`, 0, TIMEOUT, at, 'over', WON_BY_1, rate('u1', 'u2', 1));
      }
      const all = await store.ratingHistory('u1', 'backgammon', 10);
      expect(all.map((h) => [h.gameId, h.at])).toEqual(
        [
          ['h0', 300],
          ['h1', 100],
          ['h2', 200],
        ].sort((a, b) => (a[1] as number) - (b[1] as number)),
      );
      expect((await store.ratingHistory('u1', 'backgammon', 2)).map((h) => h.gameId)).toEqual(['h2', 'h0']);
      expect(await store.ratingHistory('u1', 'backgammon', 0)).toEqual([]);
      expect(await store.ratingHistory('u1', 'plakoto', 10)).toEqual([]);
      expect(await store.ratingChangesOf('nope')).toEqual([]);
    });

    it('lists a pool’s leaderboard: accounts active since a time, best first, ties by name', async () => {
      // u1 (Ana) and u3 (Cy) each beat a newcomer: equal ratings, so by name. g1 is a guest.
      const matches: [string, string, string, number][] = [
        ['l1', 'u3', 'u4', 1000],
        ['l2', 'u1', 'u2', 1000],
        ['l3', 'g1', 'u5', 50],
      ];
      for (const [i, [id, winner, loser, at]] of matches.entries()) {
        await ratedGame(id, 10 + i, [winner, loser]);
        await store.appendAction(id, 0, TIMEOUT, at, 'over', WON_BY_1, rate(winner, loser, 3));
      }
      const board = await store.leaderboard('backgammon', 100, 10);
      expect(board.map((r) => [r.name, r.userId])).toEqual([
        ['Ana', 'u1'],
        ['Cy', 'u3'],
        ['Bo', 'u2'],
        ['Di', 'u4'],
      ]);
      expect(board[0]).toEqual({ ...(await store.ratingsOf('u1'))[0], name: 'Ana' });
      expect((await store.leaderboard('backgammon', 100, 1)).map((r) => r.name)).toEqual(['Ana']);
      // Eve's last match ended before the cut; the guest has no name to list.
      expect((await store.leaderboard('backgammon', 0, 10)).map((r) => r.name)).toEqual([
        'Ana',
        'Cy',
        'Bo',
        'Di',
        'Eve',
      ]);
      expect(await store.leaderboard('backgammon', 1001, 10)).toEqual([]);
      expect(await store.leaderboard('fevga', 0, 10)).toEqual([]);
    });
  });

  describe('profiles', () => {
    beforeEach(async () => {
      const over = (id: string, t: number, change: Partial<GameRow>) =>
        store.createGame(game(id, t, { status: 'over', open: false, seats: SEATS, updatedAt: t + 5, ...change }));
      await over('p1', 10, { pool: 'backgammon' });
      await over('p2', 20, { pool: 'backgammon', abandonedBy: 0 });
      await over('p3', 30, { pool: 'tavli', abandonedBy: 1 });
      await over('p4', 40, { pool: null, seats: [SEATS[1], SEATS[0]], abandonedBy: 1 });
      // Not counted: against the bot, still playing, someone else's.
      await over('p5', 50, { pool: 'backgammon', seats: game('x', 0).seats, abandonedBy: 0 });
      await store.createGame(game('p6', 60, { status: 'playing', seats: SEATS, pool: 'backgammon' }));
      await over('p7', 70, { pool: 'backgammon', seats: [human('u3', 'Cy'), human('u2', 'Bo')] });
    });

    it('counts an account’s finished matches against people per pool, and his abandonments', async () => {
      expect(await store.playerRecord('u1')).toEqual({
        matches: { backgammon: 2, tavli: 1 },
        finished: 4,
        abandoned: 2,
      });
      expect(await store.playerRecord('u2')).toEqual({
        matches: { backgammon: 3, tavli: 1 },
        finished: 5,
        abandoned: 1,
      });
      expect(await store.playerRecord('nobody')).toEqual({ matches: {}, finished: 0, abandoned: 0 });
    });

    it('lists an account’s finished matches against people, last ended first, up to the limit', async () => {
      const ids = async (userId: string, limit: number) =>
        (await store.finishedGamesOfUser(userId, limit)).map((g) => g.id);
      expect(await ids('u1', 10)).toEqual(['p4', 'p3', 'p2', 'p1']);
      expect(await ids('u1', 2)).toEqual(['p4', 'p3']);
      expect(await ids('u3', 10)).toEqual(['p7']);
      expect(await ids('u1', 0)).toEqual([]);
      expect((await store.finishedGamesOfUser('u1', 1))[0]).toEqual(await store.gameById('p4'));
    });
  });

  describe('PR, heartbeat and pauses', () => {
    it('keeps each person’s PR per analysed match, a new analysis replacing the old, and averages them', async () => {
      expect(await store.prOf('u1')).toBeNull();
      await store.createGame(game('a1', 10, { status: 'over', seats: SEATS }));
      await store.createGame(game('a2', 20, { status: 'over', seats: SEATS }));
      await store.savePr([]);
      await store.savePr([
        { gameId: 'a1', userId: 'u1', pr: 4.5, at: 100, luck: null, opponentLuck: null },
        { gameId: 'a1', userId: 'u2', pr: 12.25, at: 100, luck: null, opponentLuck: null },
      ]);
      await store.savePr([{ gameId: 'a2', userId: 'u1', pr: 8, at: 200, luck: null, opponentLuck: null }]);
      expect(await store.prOf('u1')).toEqual({ matches: 2, average: 6.25 });
      await store.savePr([{ gameId: 'a1', userId: 'u1', pr: 2, at: 300, luck: null, opponentLuck: null }]);
      expect(await store.prOf('u1')).toEqual({ matches: 2, average: 5 });
      expect(await store.prOf('u2')).toEqual({ matches: 1, average: 12.25 });
      // A PR for a game or a person the store does not know is refused whole.
      await expect(
        store.savePr([
          { gameId: 'a2', userId: 'u2', pr: 1, at: 1, luck: null, opponentLuck: null },
          { gameId: 'zz', userId: 'u2', pr: 1, at: 1, luck: null, opponentLuck: null },
        ]),
      ).rejects.toThrow();
      expect(await store.prOf('u2')).toEqual({ matches: 1, average: 12.25 });
    });

    it('keeps one heartbeat, the last one written, beyond 32 bits', async () => {
      expect(await store.heartbeat()).toBeNull();
      await store.setHeartbeat(1_767_225_600_123);
      await store.setHeartbeat(1_767_225_601_456);
      expect(await store.heartbeat()).toBe(1_767_225_601_456);
    });

    it('lists the pauses that end after a time, oldest first, each once', async () => {
      await store.addPause({ from: 500, to: 900 });
      await store.addPause({ from: 100, to: 200 });
      await store.addPause({ from: 1_767_225_600_000, to: 1_767_225_660_000 });
      await store.addPause({ from: 100, to: 200 });
      expect(await store.pausesSince(0)).toEqual([
        { from: 100, to: 200 },
        { from: 500, to: 900 },
        { from: 1_767_225_600_000, to: 1_767_225_660_000 },
      ]);
      expect(await store.pausesSince(200)).toEqual([
        { from: 500, to: 900 },
        { from: 1_767_225_600_000, to: 1_767_225_660_000 },
      ]);
      expect(await store.pausesSince(1_767_225_660_000)).toEqual([]);
    });

    it('keeps ratings, PR, heartbeat and pauses when migrate runs again', async () => {
      await ratedGame('g1', 10);
      await store.appendAction('g1', 0, TIMEOUT, 500, 'over', WON_BY_1, rate('u1', 'u2', 5));
      await store.savePr([{ gameId: 'g1', userId: 'u1', pr: 3, at: 600, luck: null, opponentLuck: null }]);
      await store.setHeartbeat(700);
      await store.addPause({ from: 1, to: 2 });
      const before = await store.ratingsOf('u1');
      await store.migrate();
      expect(await store.ratingsOf('u1')).toEqual(before);
      expect(await store.ratingChangesOf('g1')).toHaveLength(2);
      expect(await store.prOf('u1')).toEqual({ matches: 1, average: 3 });
      expect(await store.heartbeat()).toBe(700);
      expect(await store.pausesSince(0)).toEqual([{ from: 1, to: 2 }]);
    });
  });

  /** A rated 5-point match between Ana (u1) and Bo (u2), playing. */
  /** A rated match being played between `players` (Ana and Bo unless named), in `pool`. */
  async function ratedGame(
    id: string,
    createdAt: number,
    players: readonly [string, string] = ['u1', 'u2'],
    pool = 'backgammon',
  ): Promise<void> {
    const seat = (u: string) => human(u, PEOPLE.find(([p]) => p === u)?.[1] ?? u);
    const seats: GameRow['seats'] = [seat(players[0]), seat(players[1])];
    await store.createGame(game(id, createdAt, { ...TIMED, pool, status: 'playing', open: false, seats }));
  }

  async function expectUntouched(id: string): Promise<void> {
    expect((await store.gameById(id))?.version).toBe(0);
    expect((await store.gameById(id))?.status).toBe('playing');
    expect(await store.actions(id)).toEqual([]);
    expect(await store.ratingChangesOf(id)).toEqual([]);
    for (const u of ['u1', 'u2']) expect(await store.ratingsOf(u)).toEqual([]);
  }
}

const PEOPLE: readonly [string, string | null][] = [
  ['u1', 'Ana'],
  ['u2', 'Bo'],
  ['u3', 'Cy'],
  ['u4', 'Di'],
  ['u5', 'Eve'],
  ['g1', null],
];

const SEATS: GameRow['seats'] = [human('u1', 'Ana'), human('u2', 'Bo')];

const TIMED: Partial<GameRow> = {
  clock: { kind: 'timed', delayMs: 8000, perPointMs: 20_000 },
  rated: true,
  pool: 'backgammon',
  rematchOf: 'g0',
  series: [2, 1],
};

const TIMEOUT = { type: 'timeout', player: 1 } as const;
/** The action's outcome: seat 0 won the match (the rating request names the users). */
const WON_BY_1 = { score: [5, 0] as const, winner: 0 as const };

const NEW: PlayerRating = { rating: 1500, experience: 0 };

function rate(winner: string, loser: string, length: number): RateRequest {
  return { pool: 'backgammon', length, winner, loser };
}

/** What the match layer's FIBS formula makes of a match, winner then loser. */
function expected(winner: PlayerRating, loser: PlayerRating, length: number): [PlayerRating, PlayerRating] {
  const r = rateMatch(winner, loser, length);
  if (!r.ok) throw new Error(r.error.message);
  return [r.value.winner, r.value.loser];
}

function change(gameId: string, userId: string, before: number, after: number, at: number): RatingChangeRow {
  return { gameId, userId, pool: 'backgammon', before, after, at };
}

function standing(userId: string, rating: number, experience: number, matches: number, wins: number, at: number) {
  return { userId, pool: 'backgammon', rating, experience, matches, wins, updatedAt: at };
}
