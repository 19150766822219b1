import { unwrap } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consolationEntrants,
  consolationReady,
  createKnockout,
  drawConsolation,
  firstMatchRounds,
  type Knockout,
  type KnockoutMatch,
  knockoutPending,
  recordKnockoutNoShow,
  recordKnockoutResult,
  type TournamentPlayer,
} from '../src/tournament/index.js';
import { field } from './support/tournament-field.js';

const ids = (players: readonly TournamentPlayer[] | null) => (players === null ? null : players.map((p) => p.id));

const win = (k: Knockout, match: string, winner: string) => unwrap(recordKnockoutResult(k, match, winner, 'win'));

/** The loser of a match played or forfeited; null for a bye or a no-show. */
const loser = (m: KnockoutMatch) => (m.kind === 'win' || m.kind === 'forfeit' ? (m.winner === m.a ? m.b : m.a) : null);

describe('consolationEntrants', () => {
  it('without byes: the round-1 losers, drawn once round 1 is decided, before round 2 is played', () => {
    let k = unwrap(createKnockout(field(8)));
    expect(firstMatchRounds(k)).toBe(1);
    k = win(k, 'R1-1', 'p1');
    k = win(k, 'R1-2', 'p5');
    k = win(k, 'R1-3', 'p2');
    expect(consolationReady(k)).toBe(false);
    expect(consolationEntrants(k)).toBeNull();
    expect(unwrap(drawConsolation(k))).toBeNull();
    k = unwrap(recordKnockoutResult(k, 'R1-4', 'p6', 'forfeit'));
    expect(consolationReady(k)).toBe(true);
    // Seed order of the main draw; the forfeit's loser (p3) enters too.
    expect(ids(consolationEntrants(k))).toEqual(['p3', 'p4', 'p7', 'p8']);
    const c = unwrap(drawConsolation(k))!;
    expect(c.rounds[0]!.map((m) => `${m.a}-${m.b}`)).toEqual(['p3-p8', 'p4-p7']);
    expect(c.thirdPlace).toBe(false);
  });

  it('with byes: a bye is not a match, so a bye holder who loses in round 2 enters; drawn after round 2', () => {
    // 6 players: p1 and p2 have round-1 byes.
    let k = unwrap(createKnockout(field(6)));
    expect(firstMatchRounds(k)).toBe(2);
    k = win(k, 'R1-2', 'p4');
    k = win(k, 'R1-4', 'p6');
    expect(consolationReady(k)).toBe(false);
    k = win(k, 'R2-1', 'p4');
    expect(consolationEntrants(k)).toBeNull();
    k = win(k, 'R2-2', 'p2');
    expect(consolationReady(k)).toBe(true);
    // p5 and p3 lost their first match in round 1, p1 his in round 2; p6 won his first match and
    // lost his second, p2 and p4 are in the final.
    expect(ids(consolationEntrants(k))).toEqual(['p1', 'p3', 'p5']);
    const c = unwrap(drawConsolation(k))!;
    expect(c.rounds[0]!.map((m) => `${m.a}-${m.b}:${m.kind}`)).toEqual(['p1-null:bye', 'p3-p5:null']);
  });

  it('leaves out a player who withdrew, and both players of a no-show', () => {
    let k = unwrap(createKnockout(field(8)));
    k = unwrap(recordKnockoutNoShow(k, 'R1-1'));
    k = win(k, 'R1-2', 'p4');
    k = unwrap(recordKnockoutResult(k, 'R1-3', 'p2', 'forfeit'));
    k = win(k, 'R1-4', 'p3');
    expect(ids(consolationEntrants(k))).toEqual(['p5', 'p6', 'p7']);
    expect(ids(consolationEntrants(k, new Set(['p7', 'p3'])))).toEqual(['p5', 'p6']);
  });

  it('has no consolation with fewer than 2 entrants', () => {
    const two = win(unwrap(createKnockout(field(2))), 'R1-1', 'p2');
    expect(ids(consolationEntrants(two))).toEqual(['p1']);
    expect(unwrap(drawConsolation(two))).toBeNull();
    const four = win(win(unwrap(createKnockout(field(4))), 'R1-1', 'p1'), 'R1-2', 'p2');
    expect(unwrap(drawConsolation(four, new Set(['p3'])))).toBeNull();
    expect(unwrap(drawConsolation(four))?.rounds[0]?.map((m) => `${m.a}-${m.b}`)).toEqual(['p3-p4']);
  });

  it('with 3 players: the round-1 loser and the final loser (the bye holder played his first match in it)', () => {
    let k = win(unwrap(createKnockout(field(3))), 'R1-2', 'p2');
    expect(consolationReady(k)).toBe(false);
    k = win(k, 'R2-1', 'p2');
    expect(ids(consolationEntrants(k))).toEqual(['p1', 'p3']);
  });
});

/** Every match that holds a player's first match by the rules' own words, found the long way. */
function firstMatchLosers(k: Knockout, withdrawn: ReadonlySet<string>): string[] {
  const rounds = k.rounds.slice(0, firstMatchRounds(k)).flat();
  const out: string[] = [];
  for (const p of k.seeds) {
    const first = rounds.find((m) => m.a !== null && m.b !== null && (m.a === p.id || m.b === p.id));
    if (first !== undefined && loser(first) === p.id && !withdrawn.has(p.id)) out.push(p.id);
  }
  return out;
}

describe('consolation properties', () => {
  const outcome = fc.constantFrom('a', 'b', 'a', 'b', 'forfeit', 'no-show');

  it('every first-match loser enters exactly once, nobody with only byes, never before the first matches are decided', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.infiniteStream(fc.tuple(outcome, fc.nat())),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 5 }),
        (n, dice, out) => {
          const withdrawn = new Set(out.filter((i) => i <= n).map((i) => `p${i}`));
          let k = unwrap(createKnockout(field(n)));
          let drawn: string[] | null = null;
          for (let pending = knockoutPending(k); pending.length > 0; pending = knockoutPending(k)) {
            const [what, pick] = dice.next().value;
            const m = pending[pick % pending.length]!;
            k = unwrap(
              what === 'no-show'
                ? recordKnockoutNoShow(k, m.id)
                : recordKnockoutResult(k, m.id, what === 'b' ? m.b! : m.a!, what === 'forfeit' ? 'forfeit' : 'win'),
            );
            const entrants = ids(consolationEntrants(k, withdrawn));
            const firstRounds = k.rounds.slice(0, firstMatchRounds(k));
            const decided =
              firstRounds.length === firstMatchRounds(k) && firstRounds.flat().every((x) => x.kind !== null);
            // Never before every first match is decided; once drawn, the same entrants for good.
            expect(entrants !== null).toBe(decided);
            if (drawn !== null) expect(entrants).toEqual(drawn);
            drawn = entrants;
          }
          const entrants = drawn ?? [];
          expect(new Set(entrants).size).toBe(entrants.length);
          expect(entrants).toEqual(firstMatchLosers(k, withdrawn));
          for (const id of entrants) {
            expect(withdrawn.has(id)).toBe(false);
            // Each entrant played (or forfeited) a match against an opponent, and lost it.
            const lost = k.rounds.flat().filter((m) => m.a !== null && m.b !== null && loser(m) === id);
            expect(lost.length).toBeGreaterThan(0);
          }
          // With a full bracket (no byes), exactly round 1's losers.
          if ((n & (n - 1)) === 0) {
            const r1 = k.rounds[0]!.map(loser).filter((id): id is string => id !== null && !withdrawn.has(id));
            expect([...entrants].sort()).toEqual(r1.sort());
          }
          const c = unwrap(drawConsolation(k, withdrawn));
          expect(c === null ? [] : c.seeds.map((p) => p.id)).toEqual(entrants.length < 2 ? [] : entrants);
        },
      ),
      { numRuns: 300 },
    );
  });
});
