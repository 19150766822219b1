import { consolationReady, firstMatches, knockoutFinished } from '@zar/match';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import type { Store, TournamentRow } from '../src/store/types.js';
import { consolationOver } from '../src/tournament/brackets.js';
import { newTournament } from '../src/tournament/create.js';
import { type StoredTournament, withStored } from '../src/tournament/data.js';
import { register, start, withdraw } from '../src/tournament/registration.js';
import { type BoardResult, boardsToPlay, bookResult } from '../src/tournament/rounds.js';
import { tournamentView } from '../src/tournament/view.js';
import { account, request, SLOW_CLOCK, sitesClosedAfterEach, until } from './support/tournaments.js';

/*
 * A knock-out's consolation draw on the server (brackets.ts, rounds.ts): drawn once the main
 * draw's first matches are decided, stored and played beside it at its own pace, with game ids
 * of its own, and the tournament over when both draws are. Over the stored value (property
 * tests and examples), then with real rooms and bots.
 */

const CLOCK = { kind: 'timed', delayMs: 1000, perPointMs: 60_000 } as const;

function registered(players: number, consolation = true): StoredTournament {
  const made = newTournament(
    request({
      name: 'Cup',
      format: 'knockout',
      consolation,
      maxPlayers: 64,
      roundSettings: [
        { length: 3, clock: CLOCK },
        { length: 5, clock: CLOCK },
      ],
    }),
    { name: 'host', guest: false },
    0,
  );
  if (!made.ok) throw new Error(made.error.message);
  let t = made.value;
  for (let i = 0; i < players; i++) {
    const r = register('registering', t, { id: `p${i}`, name: `P${i}`, account: true, rating: 2000 - 10 * i });
    if (!r.ok) throw new Error(r.error.message);
    t = r.value.data;
  }
  return t;
}

function started(t0: StoredTournament): StoredTournament {
  const s = start('registering', t0, 'tid', 1);
  if (!s.ok) throw new Error(s.error.message);
  return s.value.data;
}

function book(t: StoredTournament, match: string, result: BoardResult, now = 2): StoredTournament {
  const booked = bookResult(t, 'tid', match, result, now);
  if (!booked.ok) throw new Error(booked.error.message);
  return booked.value;
}

/** Every open board won by its upper player, until nothing is open. */
function upperWins(t: StoredTournament): StoredTournament {
  for (let open = boardsToPlay(t); open.length > 0; open = boardsToPlay(t)) {
    t = book(t, open[0]!.board.match, { winner: open[0]!.board.a, kind: 'win' });
  }
  return t;
}

const row = (t: StoredTournament): TournamentRow =>
  withStored(
    {
      id: 'tid',
      creatorId: 'host',
      status: t.endedAt === null ? 'running' : 'over',
      createdAt: 0,
      startsAt: null,
      updatedAt: 0,
      version: 1,
      data: {},
    },
    t,
  );

const visitor = { userId: null, account: false };

describe('the consolation over the stored value', () => {
  it('with byes: drawn after round 2, played beside the main draw with its own game ids, the winner shown', () => {
    // 6 players: p0 and p1 have round-1 byes.
    let t = started(registered(6));
    expect(t.consolationRounds).toEqual([]);
    for (const { board } of boardsToPlay(t)) t = book(t, board.match, { winner: board.a, kind: 'win' });
    // Round 1 decided (p3 and p2 won), but the bye holders have not played: no consolation yet.
    expect(t.rounds).toHaveLength(2);
    expect(t.consolationRounds).toEqual([]);
    const [semi1, semi2] = t.rounds[1]!.boards;
    t = book(t, semi1!.match, { winner: semi1!.b, kind: 'win' });
    t = book(t, semi2!.match, { winner: semi2!.a, kind: 'forfeit' });
    // First-match losers: p0 (lost to p3 in round 2, his first match), p4 and p5 (round 1).
    const c1 = t.consolationRounds![0]!;
    expect(c1.boards.map((b) => [b.match, b.a, b.b, b.game])).toEqual([
      ['CR1-1', 'p0', null, null],
      ['CR1-2', 'p4', 'p5', 'tid-c1-2'],
    ]);
    // The final and the consolation's first match are played at once.
    expect(boardsToPlay(t).map(({ round, board }) => [round.number, board.match])).toEqual([
      [3, 'R3-1'],
      [1, 'CR1-2'],
    ]);
    let view = tournamentView(row(t), [], visitor);
    expect(view.consolation).toBe(true);
    expect(view.consolationRounds.map((r) => [r.number, r.length, r.pairings.map((p) => p.players)])).toEqual([
      [
        1,
        3,
        [
          ['P0', null],
          ['P4', 'P5'],
        ],
      ],
    ]);
    expect(view.consolationRounds[0]!.pairings.map((p) => p.state)).toEqual(['bye', 'waiting']);
    // The main final first: the tournament waits for the consolation.
    t = book(t, 'R3-1', { winner: 'p1', kind: 'win' });
    expect(t.endedAt).toBeNull();
    expect(t.podium).toEqual([]);
    t = book(t, 'CR1-2', { winner: 'p5', kind: 'win' }, 3);
    // The consolation's final, by its own round number: round 2's length.
    expect(t.consolationRounds![1]!.boards.map((b) => [b.a, b.b, b.game])).toEqual([['p0', 'p5', 'tid-c2-1']]);
    view = tournamentView(row(t), [], visitor);
    expect(view.consolationRounds[1]!.length).toBe(5);
    expect(view.consolationWinner).toBeNull();
    t = book(t, 'CR2-1', { winner: 'p5', kind: 'win' }, 4);
    expect(t.endedAt).toBe(4);
    expect(t.podium).toEqual(['p1', 'p3']);
    view = tournamentView(row(t), [], visitor);
    expect(view.consolationWinner).toBe('P5');
    expect(view.podium).toEqual(['P1', 'P3']);
  });

  it('a player in the consolation who withdraws forfeits his next consolation match; one who withdrew before the draw is not in it', () => {
    let t = started(registered(8));
    const loser = (b: { a: string | null; b: string | null }) => b.b!;
    const r1 = t.rounds[0]!.boards;
    const w = withdraw('running', t, loser(r1[0]!));
    if (!w.ok) throw new Error(w.error.message);
    t = w.value.data;
    for (const b of r1) t = book(t, b.match, { winner: b.a, kind: 'win' });
    // Three round-1 losers left: seeds 5, 6 and 7 (p4, p5, p6); p7 withdrew.
    expect(t.consolationDraw!.seeds.map((p) => p.id)).toEqual(['p4', 'p5', 'p6']);
    const w2 = withdraw('running', t, 'p4');
    if (!w2.ok) throw new Error(w2.error.message);
    t = w2.value.data;
    t = book(t, 'CR1-2', { winner: 'p6', kind: 'win' });
    // p4 had a bye: he forfeits the consolation's final to p6 without a game.
    expect(t.consolationRounds![1]!.boards).toEqual([{ match: 'CR2-1', a: 'p4', b: 'p6', game: null }]);
    expect(t.consolationDraw!.rounds[1]![0]).toMatchObject({ winner: 'p6', kind: 'forfeit' });
    t = upperWins(t);
    expect(t.endedAt).not.toBeNull();
    expect(tournamentView(row(t), [], visitor).consolationWinner).toBe('P6');
  });

  it('has no consolation with fewer than 2 first-match losers; none asked for, or stored before it could be: none', () => {
    const two = upperWins(started(registered(2)));
    expect(two.endedAt).not.toBeNull();
    const view = tournamentView(row(two), [], visitor);
    expect([view.consolation, view.consolationRounds, view.consolationWinner]).toEqual([true, [], null]);
    const off = upperWins(started(registered(8, false)));
    expect(off.consolationRounds).toEqual([]);
    expect(off.endedAt).not.toBeNull();
    // A tournament stored before consolations: no such fields at all.
    const { consolation: _c, consolationDraw: _d, consolationRounds: _r, ...old } = started(registered(4, false));
    const done = upperWins(old as StoredTournament);
    expect(done.endedAt).not.toBeNull();
    expect(tournamentView(row(done), [], visitor).consolation).toBe(false);
  });

  const kinds = fc.constantFrom<BoardResult['kind'] | 'b-wins'>('win', 'b-wins', 'forfeit', 'no-show', 'win', 'b-wins');

  it('with random results and withdrawals: drawn only once the first matches are decided, from their losers, ids unique, over when both draws are', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 24 }),
        fc.infiniteStream(fc.tuple(kinds, fc.nat(), fc.option(fc.nat(), { freq: 8 }))),
        (players, steps) => {
          let t = started(registered(players));
          const withdrawnBefore = new Set<string>();
          for (let step = 0; t.endedAt === null; step++) {
            if (step > 500) throw new Error('the tournament does not end');
            const [kind, pick, quit] = steps.next().value;
            if (quit !== null) {
              const who = t.entrants[quit % t.entrants.length]!;
              const w = withdraw('running', t, who.id);
              if (w.ok) t = w.value.data;
            }
            if ((t.consolationRounds ?? []).length === 0) {
              for (const e of t.entrants) if (e.withdrawn) withdrawnBefore.add(e.id);
            }
            const open = boardsToPlay(t);
            expect(open.length).toBeGreaterThan(0);
            // Nobody plays two matches at once.
            const seated = open.flatMap(({ board }) => [board.a, board.b]);
            expect(new Set(seated).size).toBe(seated.length);
            const { board } = open[pick % open.length]!;
            const result: BoardResult =
              kind === 'no-show'
                ? { winner: null, kind }
                : { winner: kind === 'b-wins' ? board.b : board.a, kind: kind === 'b-wins' ? 'win' : kind };
            t = book(t, board.match, result, step + 2);
            const k = t.knockout!;
            if ((t.consolationRounds ?? []).length > 0) {
              expect(consolationReady(k)).toBe(true);
            }
          }
          const k = t.knockout!;
          expect(knockoutFinished(k) && consolationOver(t)).toBe(true);
          // Its entrants: players who lost their first match and had not withdrawn before the draw.
          const first = firstMatches(k);
          for (const p of t.consolationDraw?.seeds ?? []) {
            const m = first.get(p.id)!;
            expect(m.kind === 'win' || m.kind === 'forfeit').toBe(true);
            expect(m.winner).not.toBe(p.id);
            expect(withdrawnBefore.has(p.id)).toBe(false);
          }
          const games = [...t.rounds, ...(t.consolationRounds ?? [])].flatMap((r) => r.boards.map((b) => b.game));
          const played = games.filter((g) => g !== null);
          expect(new Set(played).size).toBe(played.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});

const open = sitesClosedAfterEach();

describe('a knock-out of bots with a consolation draw', () => {
  it('13 players (3 byes) are played to the podium and the consolation winner', async () => {
    const s = open({ maxBots: 16 });
    const creator = await account(s.store, 'organiser');
    const made = await s.tournaments.create(
      creator,
      request({
        name: 'Club night',
        format: 'knockout',
        consolation: true,
        maxPlayers: 16,
        roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      }),
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    for (let i = 0; i < 13; i++) expect((await s.tournaments.addBot(id, creator.id, 'beginner')).ok).toBe(true);
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    const { row, data } = await until(s.store, id, ['over'], 120_000);
    // Main: 5 matches and 3 byes in round 1, then 4, 2, 1. Consolation: the 5 round-1 losers and
    // the bye holders who lost in round 2 (of the 3, those drawn against a round-1 winner).
    expect(data.rounds.map((r) => r.boards.filter((b) => b.game !== null).length)).toEqual([5, 4, 2, 1]);
    const entrants = data.consolationDraw!.seeds.length;
    const byeLosers = data.rounds[1]!.boards.filter((b) => {
      const m = data.knockout!.rounds[1]!.find((x) => x.id === b.match)!;
      const byeHolders = data.knockout!.rounds[0]!.filter((x) => x.kind === 'bye').map((x) => x.winner);
      return byeHolders.some((h) => h !== m.winner && (h === m.a || h === m.b));
    }).length;
    expect(entrants).toBe(5 + byeLosers);
    const games = await s.store.gamesOfTournament(id);
    const consolationGames = games.filter((g) => isConsolationGame(id, g.id));
    // A knock-out of N players without no-shows plays N - 1 matches.
    expect(games).toHaveLength(12 + entrants - 1);
    expect(consolationGames).toHaveLength(entrants - 1);
    expect(games.every((g) => g.status === 'over' && g.winner !== null && g.tournament?.id === id)).toBe(true);
    const view = await s.tournaments.viewOf(row, visitor);
    expect(view.podium).toHaveLength(2);
    expect(view.consolationWinner).not.toBeNull();
    expect(view.consolationRounds.every((r) => r.pairings.every((p) => p.state === 'won' || p.state === 'bye'))).toBe(
      true,
    );
    // The consolation's winner lost in the main draw: he is not its champion.
    expect(view.consolationWinner).not.toBe(view.podium[0]);
  });
});

/**
 * Whether `game` is one of the tournament's consolation games (brackets.ts consolationGameId):
 * read after the tournament's id, which is random base64url and may hold '-c' itself.
 */
const isConsolationGame = (tournament: string, game: string): boolean => game.startsWith(`${tournament}-c`);

/** `store` whose createGame refuses the consolation's games (their ids have a 'c' round), as a server stopping there. */
function noConsolationGames(store: Store): Store {
  return new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      if (key !== 'createGame') return value.bind(target);
      return async (game: { id: string }) => {
        if (/-c\d+-\d+$/.test(game.id)) throw new Error('the server stops here');
        return (value as (g: unknown) => unknown).call(target, game);
      };
    },
  });
}

describe('a restart with a consolation drawn but its games not stored', () => {
  it('starts them, and both draws are played to their end', async () => {
    const store = memoryStore();
    const first = open({ store: noConsolationGames(store), retryMs: 60_000 });
    const creator = await account(store, 'organiser');
    const made = await first.tournaments.create(
      creator,
      request({
        name: 'Restart',
        format: 'knockout',
        consolation: true,
        maxPlayers: 8,
        roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      }),
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    for (let i = 0; i < 8; i++) await first.tournaments.addBot(id, creator.id, 'beginner');
    expect((await first.tournaments.start(id, creator.id)).ok).toBe(true);
    // Round 1 decided: the consolation is drawn and written, its games refused.
    let drawn = false;
    for (let i = 0; i < 3000 && !drawn; i++) {
      const row = await store.tournamentById(id);
      drawn = (row?.data as { consolationRounds?: unknown[] } | undefined)?.consolationRounds?.length === 1;
      if (!drawn) await new Promise((r) => setTimeout(r, 10));
    }
    expect(drawn).toBe(true);
    await first.close();
    expect((await store.gamesOfTournament(id)).some((g) => isConsolationGame(id, g.id))).toBe(false);
    const second = open({ store });
    await second.rooms.recover();
    await second.tournaments.recover();
    const { data } = await until(store, id, ['over'], 60_000);
    expect(data.consolationRounds!.map((r) => r.boards.length)).toEqual([2, 1]);
    const games = await store.gamesOfTournament(id);
    // 4 + 2 + 1 in the main draw, 2 + 1 in the consolation: each once.
    expect(games.map((g) => g.id).sort()).toEqual(
      [...data.rounds, ...data.consolationRounds!].flatMap((r) => r.boards.map((b) => b.game)).sort(),
    );
    expect(games).toHaveLength(10);
    expect(
      games
        .filter((g) => isConsolationGame(id, g.id))
        .map((g) => g.tournament?.round)
        .sort(),
    ).toEqual([1, 1, 2]);
  }, 90_000);
});
