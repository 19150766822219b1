import { unwrap } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pairSwissRound,
  recordSwissNoShow,
  recordSwissResult,
  repeatedPairs,
  type SwissGame,
  type SwissRound,
  standingOrder,
  swissRoundGames,
  swissStandings,
} from '../src/tournament/index.js';
import { field } from './support/tournament-field.js';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);
const key = (a: string, b: string) => [a, b].sort().join('+');

/** Books every game of `round` with `pick` choosing the winner, or null when neither came. */
function playRound(games: SwissGame[], round: SwissRound, pick: (a: string, b: string) => string | null): SwissGame[] {
  let all = [...games, ...swissRoundGames(round)];
  for (const [a, b] of round.pairs) {
    const winner = pick(a, b);
    all = unwrap(
      winner === null ? recordSwissNoShow(all, round.round, a) : recordSwissResult(all, round.round, winner, 'win'),
    );
  }
  return all;
}

const higher = (a: string, b: string) => (Number(a.slice(1)) < Number(b.slice(1)) ? a : b);

describe('pairSwissRound: examples', () => {
  it('round 1: top half v bottom half by rating', () => {
    const r = unwrap(pairSwissRound(field(8).reverse(), []));
    expect(r).toEqual({
      round: 1,
      pairs: [
        ['p1', 'p5'],
        ['p2', 'p6'],
        ['p3', 'p7'],
        ['p4', 'p8'],
      ],
      bye: null,
    });
  });

  it('round 2 pairs within score groups, and an odd group floats its lowest player down', () => {
    const players = field(6);
    const games = playRound([], unwrap(pairSwissRound(players, [])), higher);
    // Round 1 was p1-p4, p2-p5, p3-p6, won by p1, p2, p3. Their group is odd: S1 = p1,
    // S2 = p2 p3, so p1 meets p2 and p3 floats down to the highest of the next group, p4.
    const r = unwrap(pairSwissRound(players, games));
    expect(r.pairs).toEqual([
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p5', 'p6'],
    ]);
  });

  it('gives the bye to the lowest-ranked player without one, scored as a win', () => {
    const players = field(5);
    const r1 = unwrap(pairSwissRound(players, []));
    expect(r1.bye).toBe('p5');
    const g1 = playRound([], r1, higher);
    expect(g1.find((g) => g.b === null)).toMatchObject({ a: 'p5', winner: 'p5', kind: 'bye' });
    const r2 = unwrap(pairSwissRound(players, g1));
    expect(r2.bye).toBe('p4');
    const table = unwrap(swissStandings(players, g1));
    expect(table.find((s) => s.id === 'p5')).toMatchObject({ score: 1, byes: 1, played: 0, wins: 0 });
  });

  it('avoids a repeat by taking the next opponent in Dutch order', () => {
    const players = field(4);
    const g1 = playRound([], unwrap(pairSwissRound(players, [])), (a) => a); // p1 > p3, p2 > p4
    const r2 = unwrap(pairSwissRound(players, g1));
    expect(r2.pairs).toEqual([
      ['p1', 'p2'],
      ['p3', 'p4'],
    ]);
    const g2 = playRound(g1, r2, (_a, b) => b); // p2 and p4 win: scores p2 2, p1 1, p4 1, p3 0
    const r3 = unwrap(pairSwissRound(players, g2));
    expect(r3.pairs).toEqual([
      ['p2', 'p3'],
      ['p1', 'p4'],
    ]);
    expect(repeatedPairs(g2, r3)).toEqual([]);
    // Everyone has met everyone: round 4 can only repeat, and says which pairs it repeats.
    const g3 = playRound(g2, r3, (a) => a);
    const r4 = unwrap(pairSwissRound(players, g3));
    expect(repeatedPairs(g3, r4)).toEqual(r4.pairs);
  });

  it('pairs only the active players', () => {
    const r = unwrap(pairSwissRound(field(5), [], ['p1', 'p2', 'p4', 'p5']));
    expect(r.pairs).toEqual([
      ['p1', 'p4'],
      ['p2', 'p5'],
    ]);
    expect(r.bye).toBeNull();
  });

  it('refuses a round with an undecided game, unknown or too few active players, and bad records', () => {
    const players = field(4);
    const started = swissRoundGames(unwrap(pairSwissRound(players, [])));
    expect(code(pairSwissRound(players, started))).toBe('ERR_TOURNAMENT');
    expect(code(pairSwissRound(players, [], ['p1', 'zed']))).toBe('ERR_TOURNAMENT');
    expect(code(pairSwissRound(players, [], ['p1']))).toBe('ERR_TOURNAMENT');
    expect(code(pairSwissRound([{ id: 'a', rating: 1 }], []))).toBe('ERR_TOURNAMENT');
    const bad: SwissGame[][] = [
      [{ round: 1, a: 'p1', b: 'p1', winner: 'p1', kind: 'win' }],
      [{ round: 1, a: 'p1', b: 'zed', winner: 'p1', kind: 'win' }],
      [{ round: 1, a: 'p1', b: 'p2', winner: 'p3', kind: 'win' }],
      [{ round: 2, a: 'p1', b: 'p2', winner: 'p1', kind: 'win' }],
      [{ round: 0, a: 'p1', b: 'p2', winner: 'p1', kind: 'win' }],
      [{ round: 1, a: 'p1', b: null, winner: null, kind: null }],
      [{ round: 1, a: 'p1', b: 'p2', winner: 'p1', kind: null }],
      [{ round: 1, a: 'p1', b: 'p2', winner: null, kind: 'win' }],
      [{ round: 1, a: 'p1', b: 'p2', winner: 'p1', kind: 'bye' }],
      [{ round: 1, a: 'p1', b: 'p2', winner: 'p1', kind: 'no-show' }],
      [{ round: 1, a: 'p1', b: null, winner: null, kind: 'no-show' }],
      [
        { round: 1, a: 'p1', b: 'p2', winner: 'p1', kind: 'win' },
        { round: 1, a: 'p1', b: 'p3', winner: 'p1', kind: 'win' },
      ],
    ];
    for (const games of bad) {
      expect(code(pairSwissRound(players, games))).toBe('ERR_TOURNAMENT');
      expect(code(swissStandings(players, games))).toBe('ERR_TOURNAMENT');
    }
  });
});

describe('recordSwissResult', () => {
  const games = swissRoundGames(unwrap(pairSwissRound(field(3), [])));

  it('books a forfeit for the player who showed, and refuses a second result or an unknown kind', () => {
    const once = unwrap(recordSwissResult(games, 1, 'p2', 'forfeit'));
    expect(once[0]).toMatchObject({ a: 'p1', b: 'p2', winner: 'p2', kind: 'forfeit' });
    expect(code(recordSwissResult(once, 1, 'p1', 'win'))).toBe('ERR_TOURNAMENT');
    expect(code(recordSwissResult(games, 1, 'p1', 'draw' as 'win'))).toBe('ERR_TOURNAMENT');
    expect(code(recordSwissResult(games, 2, 'p1', 'win'))).toBe('ERR_TOURNAMENT');
    const table = unwrap(swissStandings(field(3), once));
    expect(table.map((s) => [s.id, s.score, s.forfeits, s.wins])).toEqual([
      ['p2', 1, 0, 0],
      ['p3', 1, 0, 0],
      ['p1', 0, 1, 0],
    ]);
  });
});

describe('recordSwissNoShow', () => {
  it('books a game neither player came to as lost by both, and the next round is drawn', () => {
    const players = field(4);
    const started = swissRoundGames(unwrap(pairSwissRound(players, [])));
    const missed = unwrap(recordSwissNoShow(started, 1, 'p3'));
    expect(missed[0]).toMatchObject({ a: 'p1', b: 'p3', winner: null, kind: 'no-show' });
    expect(code(recordSwissNoShow(missed, 1, 'p1'))).toBe('ERR_TOURNAMENT');
    expect(code(recordSwissResult(missed, 1, 'p1', 'win'))).toBe('ERR_TOURNAMENT');
    expect(code(pairSwissRound(players, missed))).toBe('ERR_TOURNAMENT');
    const done = unwrap(recordSwissResult(missed, 1, 'p2', 'win'));
    const table = unwrap(swissStandings(players, done));
    expect(table.map((t) => [t.id, t.score, t.played, t.forfeits, t.wins])).toEqual([
      ['p2', 1, 1, 0, 1],
      ['p4', 0, 1, 0, 0], // Buchholz 1: he lost to p2, who has a point
      ['p1', 0, 1, 1, 0],
      ['p3', 0, 1, 1, 0],
    ]);
    expect(unwrap(pairSwissRound(players, done)).pairs).toEqual([
      ['p2', 'p1'],
      ['p3', 'p4'],
    ]);
  });
});

describe('swissStandings', () => {
  it('ranks by score, then Buchholz, then Sonneborn-Berger, then rating', () => {
    // Round 1: p1 > p3, p2 > p4. Round 2: p1 > p2, p4 > p3. Round 3: p1 > p4, p2 > p3.
    const g = (round: number, a: string, b: string): SwissGame => ({ round, a, b, winner: a, kind: 'win' });
    const games = [
      g(1, 'p1', 'p3'),
      g(1, 'p2', 'p4'),
      g(2, 'p1', 'p2'),
      g(2, 'p4', 'p3'),
      g(3, 'p1', 'p4'),
      g(3, 'p2', 'p3'),
    ];
    const table = unwrap(swissStandings(field(4), games));
    expect(table.map((s) => [s.rank, s.id, s.score, s.buchholz, s.sonnebornBerger])).toEqual([
      [1, 'p1', 3, 0 + 2 + 1, 0 + 2 + 1],
      [2, 'p2', 2, 1 + 3 + 0, 1 + 0],
      [3, 'p4', 1, 2 + 0 + 3, 0],
      [4, 'p3', 0, 3 + 1 + 2, 0],
    ]);
  });

  it('breaks a full tie by rating', () => {
    const table = unwrap(swissStandings(field(4).reverse(), []));
    expect(table.map((s) => s.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });
});

/** Whether some draw of `ids` avoids every pairing in `met`, the bye (when odd) going to one of `byeFrom`. */
function drawExists(ids: readonly string[], met: ReadonlySet<string>, byeFrom: readonly string[]): boolean {
  const perfect = (rest: readonly string[]): boolean => {
    if (rest.length === 0) return true;
    const [p, ...others] = rest;
    return others.some((q) => !met.has(key(p!, q)) && perfect(others.filter((x) => x !== q)));
  };
  if (ids.length % 2 === 0) return perfect(ids);
  return byeFrom.some((bye) => perfect(ids.filter((x) => x !== bye)));
}

describe('Swiss properties', () => {
  it('every active player is paired or has the bye; no self pairing; no repeat or second bye while avoidable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 10 }),
        fc.infiniteStream(fc.boolean()),
        fc.infiniteStream(fc.integer({ min: 0, max: 9 })),
        (n, rounds, coins, drops) => {
          const players = field(n);
          let active = players.map((p) => p.id);
          let games: SwissGame[] = [];
          const met = new Set<string>();
          const byes = new Set<string>();
          for (let round = 1; round <= rounds && active.length >= 2; round++) {
            const r = unwrap(pairSwissRound(players, games, active));
            expect(r.round).toBe(round);
            const seated = [...r.pairs.flat(), ...(r.bye === null ? [] : [r.bye])];
            expect([...seated].sort()).toEqual([...active].sort());
            expect(r.bye === null).toBe(active.length % 2 === 0);
            const repeats = r.pairs.some(([a, b]) => met.has(key(a, b)));
            if (repeats) expect(drawExists(active, met, active)).toBe(false);
            if (r.bye !== null && byes.has(r.bye)) {
              const fresh = active.filter((id) => !byes.has(id));
              expect(drawExists(active, met, fresh)).toBe(false);
            }
            for (const [a, b] of r.pairs) {
              expect(a).not.toBe(b);
              met.add(key(a, b));
            }
            if (r.bye !== null) byes.add(r.bye);
            games = playRound(games, r, (a, b) => (coins.next().value ? a : b));
            const drop = drops.next().value;
            if (drop === 0) active = active.slice(1); // a withdrawal keeps the field changing
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('round 1 pairs the top half with the bottom half in rating order, the lowest sitting out when odd', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1000, max: 2500 }), { minLength: 2, maxLength: 40 }), (ratings) => {
        const players = ratings.map((rating, i) => ({ id: `x${i}`, rating }));
        const order = [...players].sort((a, b) => b.rating - a.rating).map((p) => p.id);
        const r = unwrap(pairSwissRound(players, []));
        const half = Math.floor(order.length / 2);
        expect(r.pairs).toEqual(order.slice(0, half).map((id, i) => [id, order[half + i]]));
        expect(r.bye).toBe(order.length % 2 === 1 ? order[order.length - 1] : null);
      }),
    );
  });

  it('standings are a permutation of the entrants sorted by their keys, with the points of the games played', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 0, max: 6 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 8 })),
        (n, rounds, dice) => {
          const players = field(n);
          let games: SwissGame[] = [];
          const pick = (a: string, b: string) => {
            const d = dice.next().value;
            return d === 0 ? null : d <= 4 ? a : b;
          };
          for (let round = 1; round <= rounds; round++)
            games = playRound(games, unwrap(pairSwissRound(players, games)), pick);
          const table = unwrap(swissStandings(players, games));
          expect(table.map((s) => s.id).sort()).toEqual(players.map((p) => p.id).sort());
          expect(table.map((s) => s.rank)).toEqual(players.map((_, i) => i + 1));
          for (let i = 1; i < table.length; i++) expect(standingOrder(table[i - 1]!, table[i]!)).toBeLessThan(0);
          expect(table.reduce((sum, s) => sum + s.score, 0)).toBe(games.filter((g) => g.kind !== 'no-show').length);
          for (const s of table)
            expect(s.played + s.byes).toBe(Math.min(rounds, games.filter((g) => g.a === s.id || g.b === s.id).length));
        },
      ),
      { numRuns: 200 },
    );
  });
});
