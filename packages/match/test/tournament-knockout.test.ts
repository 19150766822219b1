import { unwrap } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketOrder,
  createKnockout,
  type Knockout,
  knockoutFinished,
  knockoutPending,
  knockoutPodium,
  knockoutWinner,
  recordKnockoutNoShow,
  recordKnockoutResult,
} from '../src/tournament/index.js';
import { field } from './support/tournament-field.js';

const pairsOf = (k: Knockout, round: number) => k.rounds[round - 1]!.map((m) => `${m.a}-${m.b}`);

/** Plays every pending match with `pick` choosing the winner, until nothing is left. */
function playOut(k: Knockout, pick: (a: string, b: string) => string): Knockout {
  for (let pending = knockoutPending(k); pending.length > 0; pending = knockoutPending(k)) {
    for (const m of pending) k = unwrap(recordKnockoutResult(k, m.id, pick(m.a!, m.b!), 'win'));
  }
  return k;
}

describe('bracketOrder', () => {
  it.each([
    [1, [1]],
    [2, [1, 2]],
    [4, [1, 4, 2, 3]],
    [8, [1, 8, 4, 5, 2, 7, 3, 6]],
  ])('for %i places is the standard seeding order', (size, order) => {
    expect(bracketOrder(size)).toEqual(order);
  });

  it('pairs seed s with seed size+1-s and keeps seeds 1 and 2 in opposite halves', () => {
    for (const size of [16, 32, 64]) {
      const order = bracketOrder(size);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
      for (let i = 0; i < size; i += 2) expect(order[i]! + order[i + 1]!).toBe(size + 1);
      expect(order.indexOf(1) < size / 2).not.toBe(order.indexOf(2) < size / 2);
    }
  });
});

describe('createKnockout', () => {
  it('seeds by rating and gives the byes to the top seeds', () => {
    const players = field(6).reverse();
    const k = unwrap(createKnockout(players));
    expect(k.seeds.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(k.roundCount).toBe(3);
    expect(pairsOf(k, 1)).toEqual(['p1-null', 'p4-p5', 'p2-null', 'p3-p6']);
    expect(k.rounds[0]!.filter((m) => m.kind === 'bye').map((m) => m.winner)).toEqual(['p1', 'p2']);
    expect(knockoutPending(k).map((m) => m.id)).toEqual(['R1-2', 'R1-4']);
  });

  it('breaks equal ratings by id', () => {
    const k = unwrap(
      createKnockout([
        { id: 'b', rating: 1500 },
        { id: 'a', rating: 1500 },
      ]),
    );
    expect(pairsOf(k, 1)).toEqual(['a-b']);
    expect(k.roundCount).toBe(1);
  });

  it.each([
    [[{ id: 'a', rating: 1500 }]],
    [[]],
    [
      [
        { id: 'a', rating: 1500 },
        { id: 'a', rating: 1400 },
      ],
    ],
    [
      [
        { id: 'a', rating: 1500 },
        { id: '', rating: 1400 },
      ],
    ],
    [
      [
        { id: 'a', rating: 1500 },
        { id: 'b', rating: Number.NaN },
      ],
    ],
  ])('refuses bad entrants %j with ERR_TOURNAMENT', (players) => {
    const r = createKnockout(players);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_TOURNAMENT');
  });
});

describe('recordKnockoutResult', () => {
  const k = unwrap(createKnockout(field(4)));

  it('refuses an unknown match, a winner not in it, a result booked twice, an unknown kind', () => {
    expect(recordKnockoutResult(k, 'R9-1', 'p1', 'win').ok).toBe(false);
    expect(recordKnockoutResult(k, 'R1-1', 'p2', 'win').ok).toBe(false);
    const once = unwrap(recordKnockoutResult(k, 'R1-1', 'p4', 'win'));
    const twice = recordKnockoutResult(once, 'R1-1', 'p1', 'win');
    expect(twice.ok ? null : twice.error.code).toBe('ERR_TOURNAMENT');
    expect(recordKnockoutResult(k, 'R1-1', 'p1', 'draw' as 'win').ok).toBe(false);
  });

  it('draws the next round only when the round is complete, and books forfeits', () => {
    const one = unwrap(recordKnockoutResult(k, 'R1-1', 'p4', 'forfeit'));
    expect(one.rounds).toHaveLength(1);
    expect(one.rounds[0]![0]).toMatchObject({ winner: 'p4', kind: 'forfeit' });
    const two = unwrap(recordKnockoutResult(one, 'R1-2', 'p2', 'win'));
    expect(pairsOf(two, 2)).toEqual(['p4-p2']);
    expect(knockoutWinner(two)).toBeNull();
    const final = unwrap(recordKnockoutResult(two, 'R2-1', 'p2', 'win'));
    expect(knockoutWinner(final)).toBe('p2');
    expect(knockoutFinished(final)).toBe(true);
    expect(knockoutPodium(final)).toEqual({ first: 'p2', second: 'p4', third: null });
    expect(recordKnockoutResult(final, 'R2-1', 'p4', 'win').ok).toBe(false);
  });

  it('with a third-place match: the semi-final losers play it with the final', () => {
    const t = unwrap(createKnockout(field(4), { thirdPlace: true }));
    const semis = unwrap(
      recordKnockoutResult(unwrap(recordKnockoutResult(t, 'R1-1', 'p1', 'win')), 'R1-2', 'p3', 'win'),
    );
    expect(knockoutPending(semis).map((m) => `${m.id}:${m.a}-${m.b}`)).toEqual(['R2-1:p1-p3', '3rd:p4-p2']);
    const final = unwrap(recordKnockoutResult(semis, 'R2-1', 'p3', 'win'));
    expect(knockoutWinner(final)).toBe('p3');
    expect(knockoutFinished(final)).toBe(false);
    expect(knockoutPodium(final)).toBeNull();
    const done = unwrap(recordKnockoutResult(final, '3rd', 'p2', 'forfeit'));
    expect(knockoutPodium(done)).toEqual({ first: 'p3', second: 'p1', third: 'p2' });
  });

  it('holds no third-place match when a semi-final was a bye', () => {
    const t = unwrap(createKnockout(field(3), { thirdPlace: true }));
    const done = playOut(t, (a, b) => [a, b].sort()[0]!);
    expect(done.thirdPlaceMatch).toBeNull();
    expect(knockoutPodium(done)).toEqual({ first: 'p1', second: 'p2', third: null });
  });
});

describe('recordKnockoutNoShow', () => {
  it('puts both players out: the next opponent goes through on a bye', () => {
    const k = unwrap(recordKnockoutNoShow(unwrap(createKnockout(field(4), { thirdPlace: true })), 'R1-1'));
    expect(k.rounds[0]![0]).toMatchObject({ winner: null, kind: 'no-show' });
    expect(recordKnockoutNoShow(k, 'R1-1').ok).toBe(false);
    const done = unwrap(recordKnockoutResult(k, 'R1-2', 'p3', 'win'));
    expect(done.rounds[1]![0]).toMatchObject({ a: null, b: 'p3', winner: 'p3', kind: 'bye' });
    expect(done.thirdPlaceMatch).toBeNull();
    expect(knockoutFinished(done)).toBe(true);
    expect(knockoutPodium(done)).toEqual({ first: 'p3', second: null, third: null });
  });

  it('draws on through rounds that no-shows leave already decided', () => {
    let k = unwrap(createKnockout(field(8)));
    for (const id of ['R1-1', 'R1-2', 'R1-3']) k = unwrap(recordKnockoutNoShow(k, id));
    k = unwrap(recordKnockoutResult(k, 'R1-4', 'p6', 'forfeit'));
    expect(k.rounds.map((r) => r.map((m) => m.winner))).toEqual([[null, null, null, 'p6'], [null, 'p6'], ['p6']]);
    expect(knockoutWinner(k)).toBe('p6');
    expect(knockoutFinished(k)).toBe(true);
  });

  it('leaves a final nobody came to without a champion', () => {
    let k = unwrap(createKnockout(field(2)));
    k = unwrap(recordKnockoutNoShow(k, 'R1-1'));
    expect(knockoutFinished(k)).toBe(true);
    expect(knockoutWinner(k)).toBeNull();
    expect(knockoutPodium(k)).toEqual({ first: null, second: null, third: null });
  });
});

describe('knock-out properties', () => {
  it('with no-shows too: ceil(log2 N) rounds, every player out at most once, a champion who never lost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.infiniteStream(fc.integer({ min: 0, max: 9 })), (n, dice) => {
        let k = unwrap(createKnockout(field(n), { thirdPlace: true }));
        for (let pending = knockoutPending(k); pending.length > 0; pending = knockoutPending(k)) {
          for (const m of pending) {
            const d = dice.next().value;
            k = unwrap(
              d === 0 ? recordKnockoutNoShow(k, m.id) : recordKnockoutResult(k, m.id, d < 5 ? m.a! : m.b!, 'win'),
            );
          }
        }
        expect(k.rounds).toHaveLength(Math.ceil(Math.log2(n)));
        expect(knockoutFinished(k)).toBe(true);
        const out = new Map<string, number>();
        for (const m of k.rounds.flat()) {
          for (const id of [m.a, m.b]) if (id !== null && id !== m.winner) out.set(id, (out.get(id) ?? 0) + 1);
        }
        expect([...out.values()].every((c) => c === 1)).toBe(true);
        const champion = knockoutWinner(k);
        expect(out.size).toBe(champion === null ? n : n - 1);
        if (champion !== null) expect(out.has(champion)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('always ends with one winner after ceil(log2 N) rounds; everyone else loses exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 70 }),
        fc.boolean(),
        fc.infiniteStream(fc.boolean()),
        (n, thirdPlace, coins) => {
          const players = field(n);
          const done = playOut(unwrap(createKnockout(players, { thirdPlace })), (a, b) => (coins.next().value ? a : b));
          expect(done.rounds).toHaveLength(Math.ceil(Math.log2(n)));
          const winner = knockoutWinner(done);
          expect(winner).not.toBeNull();
          const losses = new Map<string, number>();
          for (const round of done.rounds) {
            const seated = round.flatMap((m) => [m.a, m.b]).filter((id) => id !== null);
            expect(new Set(seated).size).toBe(seated.length);
            for (const m of round) {
              expect(m.a).not.toBe(m.b);
              expect(m.winner === m.a || m.winner === m.b).toBe(true);
              const loser = m.winner === m.a ? m.b : m.a;
              if (loser !== null) losses.set(loser, (losses.get(loser) ?? 0) + 1);
            }
          }
          expect(losses.has(winner!)).toBe(false);
          expect(losses.size).toBe(n - 1);
          expect([...losses.values()].every((c) => c === 1)).toBe(true);
          expect(done.thirdPlaceMatch !== null).toBe(
            thirdPlace && n > 3 && done.rounds[done.roundCount - 2]!.every((m) => m.kind !== 'bye'),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the strongest seed wins when the higher seed always wins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), (n) => {
        const done = playOut(unwrap(createKnockout(field(n))), (a, b) =>
          Number(a.slice(1)) < Number(b.slice(1)) ? a : b,
        );
        expect(knockoutWinner(done)).toBe('p1');
        if (n >= 2) expect(knockoutPodium(done)!.second).toBe('p2');
      }),
    );
  });
});
