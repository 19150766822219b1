import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatRow, GameRow, ReportRow, Store, TournamentRow } from '../src/store/index.js';
import { game, human, user } from './store-contract.js';

/**
 * The contract's cases for the games' fair dice, spectators and tournament fields, the live
 * list, chat, reports and tournaments (registered by storeContract inside its describe, with
 * its fresh store per test).
 */
export function companyContract(current: () => Store): void {
  describe('games, watching, chat and tournaments', () => companyCases(current));
}

const SEED = 'a'.repeat(64);
const ANA_BO: GameRow['seats'] = [human('u1', 'Ana'), human('u2', 'Bo')];

function companyCases(current: () => Store): void {
  let store: Store;
  beforeEach(async () => {
    store = current();
    await store.createUser(user('u1', 'Ana'));
    await store.createUser(user('u2', 'Bo'));
  });

  describe('game fields', () => {
    it('round-trip fair seeds, forbidden spectators and a tournament round through every listing', async () => {
      const g = game('g1', 10, {
        fair: { serverSeed: SEED, clientSeeds: [null, 'bot-seed'] },
        noSpectators: [true, false],
        tournament: { id: 't1', round: 3 },
      });
      await store.createGame(g);
      expect(await store.gameById('g1')).toEqual(g);
      expect(await store.openGames(5)).toEqual([g]);
      expect(await store.liveGames()).toEqual([g]);
      expect(await store.gamesOfUser('u1', 5)).toEqual([g]);
    });

    it('updates the fair seeds and the spectators’ ban, and keeps what the change leaves out', async () => {
      const g = game('g1', 10, { fair: { serverSeed: SEED, clientSeeds: [null, null] } });
      await store.createGame(g);
      const fair = { serverSeed: SEED, clientSeeds: ['c0', 'c1'] } as const;
      await store.updateGame('g1', { fair }, 20);
      expect(await store.gameById('g1')).toEqual({ ...g, fair, updatedAt: 20 });
      await store.updateGame('g1', { noSpectators: [false, true] }, 30);
      expect(await store.gameById('g1')).toEqual({ ...g, fair, noSpectators: [false, true], updatedAt: 30 });
      await store.updateGame('g1', { fair: null, noSpectators: [false, false] }, 40);
      expect(await store.gameById('g1')).toEqual({ ...g, fair: null, updatedAt: 40 });
    });
  });

  describe('the live list', () => {
    it('lists the games being played that changed since a time, latest first, ties by id, up to the limit', async () => {
      await store.createGame(game('w1', 1));
      await store.createGame(game('p1', 2, { status: 'playing', open: false, updatedAt: 300 }));
      await store.createGame(game('p2', 3, { status: 'playing', open: false, updatedAt: 500, seats: ANA_BO }));
      await store.createGame(game('p3', 4, { status: 'playing', open: false, updatedAt: 500 }));
      await store.createGame(game('p4', 5, { status: 'playing', open: false, updatedAt: 100 }));
      await store.createGame(game('o1', 6, { status: 'over', open: false, updatedAt: 900 }));
      const ids = async (since: number, limit: number) => (await store.playingGames(since, limit)).map((g) => g.id);
      expect(await ids(200, 10)).toEqual(['p3', 'p2', 'p1']);
      expect(await ids(200, 2)).toEqual(['p3', 'p2']);
      expect(await ids(300, 10)).toEqual(['p3', 'p2', 'p1']);
      expect(await ids(0, 10)).toEqual(['p3', 'p2', 'p1', 'p4']);
      expect(await ids(0, 0)).toEqual([]);
      expect(await ids(0, -3)).toEqual([]);
      expect(await ids(0, Number.NaN)).toEqual([]);
      expect((await store.playingGames(0, 1))[0]).toEqual(await store.gameById('p3'));
    });
  });

  describe('chat', () => {
    const message = (id: string, at: number, change: Partial<ChatRow> = {}): ChatRow => ({
      id,
      gameId: 'g1',
      channel: 'players',
      userId: 'u1',
      name: 'Ana',
      seat: 0,
      text: `hello ${id}`,
      phrase: null,
      at,
      ...change,
    });

    beforeEach(async () => {
      await store.createGame(game('g1', 10, { seats: ANA_BO, status: 'playing', open: false }));
      await store.createGame(game('g2', 11, { seats: ANA_BO, status: 'playing', open: false }));
    });

    it('keeps a match’s messages, both channels, and gives the last ones oldest first', async () => {
      const rows = [
        message('m3', 300, { channel: 'spectators', userId: 'u9', name: 'Zoe', seat: null }),
        message('m1', 100, { text: null, phrase: 'gl' }),
        message('m2', 200, { userId: 'u2', name: 'Bo', seat: 1, text: 'Ἀλέξανδρος says "hi" 🎲; DROP TABLE x' }),
        message('m0', 200),
        message('x1', 150, { gameId: 'g2' }),
      ];
      for (const row of rows) await store.addChat(row);
      const [m3, m1, m2, m0] = rows;
      expect(await store.chatOf('g1', 10)).toEqual([m1, m0, m2, m3]);
      expect(await store.chatOf('g1', 2)).toEqual([m2, m3]);
      expect(await store.chatOf('g1', 0)).toEqual([]);
      expect(await store.chatOf('g1', Number.POSITIVE_INFINITY)).toEqual([]);
      expect(await store.chatOf('g2', 10)).toEqual([rows[4]]);
      expect(await store.chatOf('nope', 10)).toEqual([]);
    });

    it('refuses a second message with the same id, a message of no game, and one with both or neither body', async () => {
      await store.addChat(message('m1', 100));
      await expect(store.addChat(message('m1', 200, { text: 'again' }))).rejects.toThrow();
      await expect(store.addChat(message('m2', 200, { gameId: 'ghost' }))).rejects.toThrow();
      await expect(store.addChat(message('m3', 200, { phrase: 'gg' }))).rejects.toThrow();
      await expect(store.addChat(message('m4', 200, { text: null }))).rejects.toThrow();
      expect(await store.chatOf('g1', 10)).toEqual([message('m1', 100)]);
    });

    it('keeps one report per message and reporter, the match’s reports oldest first', async () => {
      await store.addChat(message('m1', 100));
      await store.addChat(message('m2', 110));
      await store.addChat(message('x1', 120, { gameId: 'g2' }));
      const report = (messageId: string, reporterId: string, at: number, gameId = 'g1'): ReportRow => ({
        gameId,
        messageId,
        reporterId,
        reason: 'insult',
        at,
      });
      expect(await store.addReport(report('m2', 'u2', 500))).toEqual({ ok: true });
      expect(await store.addReport(report('m1', 'u2', 400))).toEqual({ ok: true });
      expect(await store.addReport(report('m1', 'u9', 400))).toEqual({ ok: true });
      expect(await store.addReport({ ...report('m1', 'u2', 600), reason: 'again' })).toEqual({
        ok: false,
        code: 'ERR_DUPLICATE',
      });
      expect(await store.addReport(report('x1', 'u2', 450, 'g2'))).toEqual({ ok: true });
      expect(await store.reportsOf('g1')).toEqual([
        report('m1', 'u2', 400),
        report('m1', 'u9', 400),
        report('m2', 'u2', 500),
      ]);
      expect(await store.reportsOf('g2')).toEqual([report('x1', 'u2', 450, 'g2')]);
      // A report on a message the store does not hold is a caller's bug (the message is its key).
      await expect(store.addReport(report('ghost', 'u2', 700))).rejects.toThrow();
    });
  });

  describe('tournaments', () => {
    const tournament = (id: string, change: Partial<TournamentRow> = {}): TournamentRow => ({
      id,
      creatorId: 'u1',
      status: 'registering',
      createdAt: 100,
      startsAt: 1_767_225_600_000,
      updatedAt: 100,
      version: 1,
      data: { name: `Cup ${id}`, entrants: ['u1'], settings: { cycle: [{ game: 'plakoto' }] }, note: 'ü "q"' },
      ...change,
    });

    it('creates and reads a tournament whole, and refuses a second with the same id or an unknown creator', async () => {
      const t = tournament('t1');
      await store.createTournament(t);
      expect(await store.tournamentById('t1')).toEqual(t);
      expect(await store.tournamentById('t2')).toBeNull();
      await expect(store.createTournament(tournament('t1', { creatorId: 'u2' }))).rejects.toThrow();
      await expect(store.createTournament(tournament('t2', { creatorId: 'ghost' }))).rejects.toThrow();
      await store.createTournament(tournament('t3', { startsAt: null }));
      expect((await store.tournamentById('t3'))?.startsAt).toBeNull();
    });

    it('replaces a tournament only from the version it was read at', async () => {
      await store.createTournament(tournament('t1'));
      const running = tournament('t1', { status: 'running', version: 2, updatedAt: 200, data: { round: 1 } });
      expect(await store.updateTournament(running, 1)).toEqual({ ok: true });
      expect(await store.tournamentById('t1')).toEqual(running);
      // A second writer that read version 1 too loses, and changes nothing.
      const stale = tournament('t1', { status: 'cancelled', version: 2, updatedAt: 250 });
      expect(await store.updateTournament(stale, 1)).toEqual({ ok: false, code: 'ERR_VERSION_CONFLICT' });
      expect(await store.updateTournament(tournament('ghost', { version: 2 }), 1)).toEqual({
        ok: false,
        code: 'ERR_VERSION_CONFLICT',
      });
      expect(await store.tournamentById('t1')).toEqual(running);
      // A row whose version does not follow the one it replaces is a caller's bug.
      await expect(store.updateTournament(tournament('t1', { version: 5 }), 2)).rejects.toThrow(/version/);
      expect(await store.tournamentById('t1')).toEqual(running);
    });

    it('lists the tournaments in some statuses, latest updated first, ties by id, up to the limit', async () => {
      await store.createTournament(tournament('a', { updatedAt: 100 }));
      await store.createTournament(tournament('b', { status: 'running', updatedAt: 300 }));
      await store.createTournament(tournament('c', { status: 'over', updatedAt: 400 }));
      await store.createTournament(tournament('d', { updatedAt: 300 }));
      await store.createTournament(tournament('e', { status: 'cancelled', updatedAt: 500 }));
      const ids = async (statuses: TournamentRow['status'][], limit: number) =>
        (await store.tournamentsIn(statuses, limit)).map((t) => t.id);
      expect(await ids(['registering', 'running'], 10)).toEqual(['d', 'b', 'a']);
      expect(await ids(['registering', 'running'], 2)).toEqual(['d', 'b']);
      expect(await ids(['over', 'cancelled'], 10)).toEqual(['e', 'c']);
      expect(await ids([], 10)).toEqual([]);
      expect(await ids(['running'], 0)).toEqual([]);
      expect((await store.tournamentsIn(['over'], 1))[0]).toEqual(await store.tournamentById('c'));
    });

    it('lists a tournament’s games, every round, oldest first, and no other’s', async () => {
      const of = (id: string, at: number, t: string, round: number) =>
        game(id, at, { seats: ANA_BO, status: 'playing', open: false, tournament: { id: t, round } });
      await store.createGame(of('r2', 300, 't1', 2));
      await store.createGame(of('r1b', 100, 't1', 1));
      await store.createGame(of('r1a', 100, 't1', 1));
      await store.createGame(of('x1', 200, 't2', 1));
      await store.createGame(game('casual', 50));
      expect((await store.gamesOfTournament('t1')).map((g) => g.id)).toEqual(['r1a', 'r1b', 'r2']);
      expect(await store.gamesOfTournament('t2')).toEqual([of('x1', 200, 't2', 1)]);
      expect(await store.gamesOfTournament('none')).toEqual([]);
    });
  });

  it('keeps chat, reports and tournaments when migrate runs again', async () => {
    await store.createGame(
      game('g1', 10, { seats: ANA_BO, noSpectators: [true, true], tournament: { id: 't', round: 1 } }),
    );
    await store.addChat({
      id: 'm1',
      gameId: 'g1',
      channel: 'players',
      userId: 'u1',
      name: 'Ana',
      seat: 0,
      text: null,
      phrase: 'gg',
      at: 1,
    });
    await store.addReport({ gameId: 'g1', messageId: 'm1', reporterId: 'u2', reason: 'r', at: 2 });
    await store.createTournament({
      id: 't',
      creatorId: 'u1',
      status: 'running',
      createdAt: 1,
      startsAt: null,
      updatedAt: 1,
      version: 1,
      data: {},
    });
    const before = [
      await store.gameById('g1'),
      await store.chatOf('g1', 5),
      await store.reportsOf('g1'),
      await store.tournamentById('t'),
    ];
    await store.migrate();
    expect([
      await store.gameById('g1'),
      await store.chatOf('g1', 5),
      await store.reportsOf('g1'),
      await store.tournamentById('t'),
    ]).toEqual(before);
  });
}
