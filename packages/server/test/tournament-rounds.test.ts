import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameRow, StoredAction } from '../src/store/types.js';
import { MAX_START_AHEAD_MS, newTournament } from '../src/tournament/create.js';
import { type StoredTournament, withStored } from '../src/tournament/data.js';
import { boardResultOf } from '../src/tournament/matches.js';
import { addBot, MAX_TOURNAMENT_BOTS, register, start, withdraw } from '../src/tournament/registration.js';
import { type BoardResult, boardsToPlay, bookResult } from '../src/tournament/rounds.js';
import { tournamentView } from '../src/tournament/view.js';
import { request } from './support/tournaments.js';

/*
 * A tournament's progress over its stored value (rounds.ts, registration.ts) and how a match's
 * end is read (matches.ts), without rooms: property tests over random fields, results and
 * withdrawals, and the rules of a no-show by example.
 */

const CLOCK = { kind: 'timed', delayMs: 1000, perPointMs: 60_000 } as const;

function registered(format: 'knockout' | 'swiss', players: number, rounds = 5, thirdPlace = false): StoredTournament {
  const made = newTournament(
    request({ name: 'Test', format, rounds, thirdPlace, maxPlayers: 64, roundSettings: [{ length: 1, clock: CLOCK }] }),
    { name: 'host', guest: false },
    0,
  );
  if (!made.ok) throw new Error(made.error.message);
  let t = made.value;
  for (let i = 0; i < players; i++) {
    const r = register('registering', t, {
      id: `p${i}`,
      name: `P${i}`,
      account: true,
      rating: 1500 + ((i * 37) % 300),
    });
    if (!r.ok) throw new Error(r.error.message);
    t = r.value.data;
  }
  return t;
}

/** Plays a started tournament to its end: each open board's result from `pick`, withdrawals from `leave`. */
function playToEnd(
  t0: StoredTournament,
  pick: (board: number) => BoardResult['kind'] | 'b-wins',
  leave: (step: number) => number | null,
) {
  const started = start('registering', t0, 'tid', 1);
  if (!started.ok) throw new Error(started.error.message);
  let t = started.value.data;
  const withdrawnAt = new Map<string, number>();
  for (let step = 0; t.endedAt === null; step++) {
    if (step > 2000) throw new Error('the tournament does not end');
    const quitter = leave(step);
    const who = quitter === null ? undefined : t.entrants[quitter % t.entrants.length];
    if (who !== undefined && !who.withdrawn) {
      const w = withdraw('running', t, who.id);
      if (w.ok) {
        t = w.value.data;
        withdrawnAt.set(who.id, t.rounds.length);
      }
    }
    const open = boardsToPlay(t);
    expect(open.length).toBeGreaterThan(0);
    const { board } = open[0]!;
    const kind = pick(step);
    const result: BoardResult =
      kind === 'no-show'
        ? { winner: null, kind }
        : kind === 'b-wins'
          ? { winner: board.b, kind: 'win' }
          : { winner: board.a, kind };
    const booked = bookResult(t, 'tid', board.match, result, step + 2);
    if (!booked.ok) throw new Error(booked.error.message);
    t = booked.value;
  }
  return { t, withdrawnAt };
}

const kinds = fc.constantFrom<BoardResult['kind'] | 'b-wins'>('win', 'b-wins', 'forfeit', 'no-show', 'win', 'b-wins');

describe('a tournament played over its stored value', () => {
  it('always ends; nobody plays twice in a round; nobody withdrawn is drawn into a game', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'knockout' | 'swiss'>('knockout', 'swiss'),
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        fc.array(kinds, { minLength: 1, maxLength: 50 }),
        fc.array(fc.option(fc.nat(), { freq: 6 }), { minLength: 1, maxLength: 50 }),
        (format, players, rounds, third, results, quits) => {
          const t0 = registered(format, players, Math.min(rounds, 63), third);
          const { t, withdrawnAt } = playToEnd(
            t0,
            (i) => results[i % results.length]!,
            (i) => quits[i % quits.length] ?? null,
          );
          for (const round of t.rounds) {
            const seated = round.boards.flatMap((b) => [b.a, b.b]).filter((p) => p !== null);
            expect(new Set(seated).size).toBe(seated.length);
            for (const b of round.boards) {
              if (b.game === null) continue;
              for (const p of [b.a, b.b]) {
                const out = withdrawnAt.get(p!);
                // Drawn with a game after he withdrew: never.
                expect(out === undefined || out >= round.number).toBe(true);
              }
            }
          }
          if (format === 'swiss') {
            expect(t.rounds.length).toBeLessThanOrEqual(t.roundCount);
            const pairs = t.swiss.filter((g) => g.b !== null).map((g) => [g.a, g.b].sort().join(' '));
            expect(new Set(pairs).size).toBe(pairs.length);
          }
          expect(new Set(t.podium).size).toBe(t.podium.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a knock-out of 5 gives byes to the top seeds and ends with a podium after 3 rounds', () => {
    const { t } = playToEnd(
      registered('knockout', 5, 5, true),
      () => 'win',
      () => null,
    );
    // Round 3: the final and the third-place match (both semi-finals were played).
    expect(t.rounds.map((r) => r.boards.filter((b) => b.game !== null).length)).toEqual([1, 2, 2]);
    expect(t.podium).toHaveLength(3);
    expect(t.rounds[0]!.boards.filter((b) => b.b === null)).toHaveLength(3);
    // Seed 1 (the highest rating) always won as the upper place: he is the champion.
    const top = [...t.entrants].sort((x, y) => y.rating - x.rating)[0]!;
    expect(t.podium[0]).toBe(top.id);
  });

  it('a knock-out player who withdraws forfeits his next match without a game', () => {
    const started = start('registering', registered('knockout', 4), 'tid', 1);
    if (!started.ok) throw new Error(started.error.message);
    let t = started.value.data;
    const [first, second] = t.rounds[0]!.boards;
    // The first semi-final's upper player withdraws while he plays it: he wins it, then forfeits the final.
    const w = withdraw('running', t, first!.a!);
    if (!w.ok) throw new Error(w.error.message);
    t = w.value.data;
    for (const b of [first!, second!]) {
      const booked = bookResult(t, 'tid', b.match, { winner: b.a, kind: 'win' }, 2);
      if (!booked.ok) throw new Error(booked.error.message);
      t = booked.value;
    }
    expect(t.endedAt).toBe(2);
    const final = t.rounds[1]!.boards[0]!;
    expect(final.game).toBeNull();
    expect(t.knockout!.rounds[1]![0]).toMatchObject({ winner: second!.a, kind: 'forfeit' });
    expect(t.podium).toEqual([second!.a, first!.a]);
  });

  it('a Swiss ends early when only repeat pairings are left', () => {
    const { t } = playToEnd(
      registered('swiss', 4, 3),
      () => 'win',
      () => null,
    );
    expect(t.rounds).toHaveLength(3);
    const { t: short } = playToEnd(
      registered('swiss', 3, 2),
      () => 'win',
      () => null,
    );
    // Three players: each round has one match and a bye; two rounds are planned and played.
    expect(short.rounds.map((r) => r.boards.length)).toEqual([2, 2]);
  });
});

describe('the result of a finished match', () => {
  const board = { match: 'R1-1', a: 'ana', b: 'bob', game: 'tid-1-1' };
  const row = (winner: 0 | 1, fair: GameRow['fair'] = null): GameRow =>
    ({
      status: 'over',
      winner,
      seats: [
        { kind: 'human', userId: 'ana', name: 'ana', level: null },
        { kind: 'human', userId: 'bob', name: 'bob', level: null },
      ],
      fair,
    }) as unknown as GameRow;
  const at = (action: StoredAction['action']): StoredAction => ({ action, at: 0 });
  const opening = at({ type: 'opening', dice: [3, 1] });

  it('is a win when the loser had acted, on time or not', () => {
    const actions = [opening, at({ type: 'play', player: 1, play: '8/5 6/5' }), at({ type: 'timeout', player: 1 })];
    expect(boardResultOf(row(0), actions, board)).toEqual({ winner: 'ana', kind: 'win' });
    const resigned = [opening, at({ type: 'resign', player: 1, level: 1 }), at({ type: 'accept', player: 0 })];
    expect(boardResultOf(row(0), resigned, board)).toEqual({ winner: 'ana', kind: 'win' });
  });

  it('is a forfeit when the loser never acted and the winner showed: by acting, or by his page sending its seed', () => {
    const actions = [opening, at({ type: 'play', player: 0, play: '8/5 6/5' }), at({ type: 'timeout', player: 1 })];
    expect(boardResultOf(row(0), actions, board)).toEqual({ winner: 'ana', kind: 'forfeit' });
    const seeded = row(0, { serverSeed: 'x', clientSeeds: ['0'.repeat(32), null] });
    expect(boardResultOf(seeded, [opening, at({ type: 'timeout', player: 1 })], board)).toEqual({
      winner: 'ana',
      kind: 'forfeit',
    });
  });

  it('is a no-show for both when neither acted nor sent a seed (a seed the wait gave up on does not count)', () => {
    const absent = row(0, { serverSeed: 'x', clientSeeds: ['-', '-'] });
    expect(boardResultOf(absent, [opening, at({ type: 'timeout', player: 1 })], board)).toEqual({
      winner: null,
      kind: 'no-show',
    });
  });

  it('is a forfeit when the winner, whose seed came too late, was connected when it was booked', () => {
    const late = row(0, { serverSeed: 'x', clientSeeds: ['-', '-'] });
    const actions = [opening, at({ type: 'timeout', player: 1 })];
    expect(boardResultOf(late, actions, board, (u) => u === 'ana')).toEqual({ winner: 'ana', kind: 'forfeit' });
    // The loser's being connected changes nothing: he was on roll and never acted.
    expect(boardResultOf(late, actions, board, (u) => u === 'bob')).toEqual({ winner: null, kind: 'no-show' });
  });

  it('is nothing while the match is played', () => {
    expect(boardResultOf({ ...row(0), status: 'playing', winner: null }, [opening], board)).toBeNull();
  });
});

describe('creating', () => {
  const make = (input: Parameters<typeof request>[0]) =>
    newTournament(request(input), { name: 'host', guest: false }, 1000);

  it('refuses an untimed round, a start in the past, more Swiss rounds than the field allows', () => {
    const base = { name: 'Test', format: 'swiss' as const, roundSettings: [{ length: 1, clock: CLOCK }] };
    expect(make({ ...base, roundSettings: [{ length: 3, clock: { preset: 'untimed' } }] })).toMatchObject({
      ok: false,
      error: { code: 'ERR_TOURNAMENT' },
    });
    expect(make({ ...base, startsAt: 999 })).toMatchObject({ ok: false, error: { code: 'ERR_TOURNAMENT' } });
    // A year ahead at most: a start past PostgreSQL's bigint failed the store's write.
    expect(make({ ...base, startsAt: 1000 + MAX_START_AHEAD_MS }).ok).toBe(true);
    expect(make({ ...base, startsAt: 1001 + MAX_START_AHEAD_MS })).toMatchObject({
      ok: false,
      error: { code: 'ERR_TOURNAMENT' },
    });
    expect(make({ ...base, startsAt: 1e19 })).toMatchObject({ ok: false, error: { code: 'ERR_TOURNAMENT' } });
    expect(make({ ...base, maxPlayers: 4, rounds: 4 })).toMatchObject({ ok: false, error: { code: 'ERR_TOURNAMENT' } });
    expect(make({ ...base, cycle: 'nonsense' })).toMatchObject({ ok: false, error: { code: 'ERR_SETTINGS' } });
  });

  it('a rated one is to standard rules in a pool; a mixed cycle plays its games in turn', () => {
    const rated = make({
      name: 'Rated',
      format: 'knockout',
      rated: true,
      roundSettings: [{ length: 3, clock: CLOCK }],
    });
    expect(rated).toMatchObject({ ok: true, value: { pool: 'backgammon', rated: true } });
    const tavli = make({
      name: 'Tavli',
      format: 'knockout',
      cycle: 'tavli',
      roundSettings: [{ length: 3, clock: CLOCK }],
    });
    expect(tavli.ok && tavli.value.settings.cycle).toHaveLength(3);
  });
});

describe('bots', () => {
  it('a tournament seats 16 bots at most, however many places it has, and its creator is offered no more', () => {
    let t = registered('swiss', 2);
    for (let i = 0; i < MAX_TOURNAMENT_BOTS; i++) {
      const r = addBot('registering', t, 'beginner');
      if (!r.ok) throw new Error(r.error.message);
      t = r.value.data;
    }
    expect(MAX_TOURNAMENT_BOTS).toBe(16);
    expect(t.entrants).toHaveLength(18);
    expect(addBot('registering', t, 'beginner')).toMatchObject({ ok: false, error: { code: 'ERR_TOURNAMENT' } });
    // A person still registers into the places left.
    expect(register('registering', t, { id: 'late', name: 'Late', account: true, rating: 1500 }).ok).toBe(true);
    const row = {
      id: 'tid',
      creatorId: 'host',
      status: 'registering' as const,
      createdAt: 0,
      startsAt: null,
      updatedAt: 0,
      version: 1,
    };
    const creator = { userId: 'host', account: true };
    expect(tournamentView(withStored({ ...row, data: {} }, t), [], creator).you.canAddBot).toBe(false);
    const fewer = { ...t, entrants: t.entrants.slice(0, -1) };
    expect(tournamentView(withStored({ ...row, data: {} }, fewer), [], creator).you.canAddBot).toBe(true);
  });
});
