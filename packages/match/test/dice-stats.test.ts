import { type GameId, unwrap } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DICE_ROLLS,
  type DiceTally,
  doublesCount,
  emptyTally,
  MATCH_DEFAULTS,
  type MatchRecord,
  mergeTallies,
  parseDiceTally,
  ROLL_PROBABILITIES,
  rollCount,
  rollIndex,
  seededDice,
  summarizeDice,
  tallyAll,
  tallyMatchPlayer,
  tallyPlayer,
} from '../src/index.js';
import type { GameAction } from '../src/types.js';
import { randomMatch, randomSettings, randomSource } from './support/random-match.js';

const record = (actions: readonly GameAction[], players: [string, string] = ['ann', 'ben']): MatchRecord => ({
  version: 1,
  settings: MATCH_DEFAULTS,
  players,
  actions,
});

const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);
const faceTotal = (t: DiceTally): number => sum(t.faces);

const die = fc.integer({ min: 1, max: 6 });
const diceAction: fc.Arbitrary<GameAction> = fc.oneof(
  fc.tuple(die, die).map(([a, b]) => ({ type: 'opening' as const, dice: [a, b] as const })),
  fc
    .tuple(fc.constantFrom(0 as const, 1 as const), die, die)
    .map(([player, a, b]) => ({ type: 'roll' as const, player, dice: [a, b] as const })),
  fc.constantFrom(0 as const, 1 as const).map((player) => ({ type: 'double' as const, player })),
);
const names = fc.constantFrom('ann', 'ben', 'cy');
const anyRecord = fc
  .tuple(fc.array(diceAction, { maxLength: 40 }), names, names)
  .map(([actions, a, b]) => record(actions, [a, b]));
const anyTally = fc.array(diceAction, { maxLength: 30 }).map((actions) => unwrap(tallyAll([record(actions)])));

describe('the 21 rolls', () => {
  it('lists each unordered roll once, low die first, with probabilities adding to 1', () => {
    expect(DICE_ROLLS).toHaveLength(21);
    expect(new Set(DICE_ROLLS.map(([a, b]) => `${a}-${b}`)).size).toBe(21);
    expect(DICE_ROLLS.every(([a, b]) => a <= b)).toBe(true);
    expect(sum(ROLL_PROBABILITIES)).toBeCloseTo(1, 14);
  });

  it('rollIndex finds each roll in either order', () => {
    DICE_ROLLS.forEach(([a, b], i) => {
      expect(rollIndex(a, b)).toBe(i);
      expect(rollIndex(b, a)).toBe(i);
    });
  });
});

describe('tallies of a match', () => {
  const actions: GameAction[] = [
    { type: 'opening', dice: [3, 3] }, // a tie, thrown again: still one face each
    { type: 'opening', dice: [6, 1] },
    { type: 'play', player: 0, play: '24/18 13/12' },
    { type: 'roll', player: 1, dice: [5, 2] },
    { type: 'roll', player: 0, dice: [4, 4] },
    { type: 'double', player: 1 },
    { type: 'roll', player: 1, dice: [2, 5] },
  ];

  it('counts the opening die as a face of its player but not as a roll', () => {
    const ann = unwrap(tallyMatchPlayer(record(actions), 0));
    expect(ann.faces).toEqual([0, 0, 1, 2, 0, 1]);
    expect(ann.openingDice).toBe(2);
    expect(rollCount(ann)).toBe(1);
    expect(doublesCount(ann)).toBe(1);
    expect(ann.rolls[rollIndex(4, 4)]).toBe(1);
  });

  it('counts 5-2 and 2-5 as the same roll', () => {
    const ben = unwrap(tallyMatchPlayer(record(actions), 1));
    expect(ben.faces).toEqual([1, 2, 1, 0, 2, 0]);
    expect(ben.rolls[rollIndex(2, 5)]).toBe(2);
    expect(doublesCount(ben)).toBe(0);
  });

  it('finds a player by name in each record, on either side', () => {
    const records = [record(actions, ['ann', 'ben']), record(actions, ['ben', 'ann']), record(actions, ['cy', 'dee'])];
    const ann = unwrap(tallyPlayer(records, 'ann'));
    expect(ann).toEqual(
      mergeTallies(unwrap(tallyMatchPlayer(records[0]!, 0)), unwrap(tallyMatchPlayer(records[1]!, 1))),
    );
    expect(unwrap(tallyPlayer(records, 'nobody'))).toEqual(emptyTally());
  });

  it('refuses a record whose dice are not two of 1..6, naming the record and action', () => {
    const bad = record([{ type: 'opening', dice: [6, 1] }, { type: 'roll', player: 0, dice: [7, 1] } as never]);
    const r = tallyAll([record(actions), bad]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_DICE_STATS_RECORD');
      expect(r.error.message).toContain('record 2');
      expect(r.error.message).toContain('action 2');
    }
    for (const junk of [
      { type: 'roll', player: 0 },
      { type: 'roll', player: 2, dice: [1, 2] },
      { type: 'opening', dice: [1.5, 2] },
      { type: 'opening', dice: [1, 2, 3] },
    ]) {
      expect(tallyAll([record([junk as never])]).ok).toBe(false);
    }
    expect(tallyAll([{ ...record([]), actions: 'none' } as never]).ok).toBe(false);
    expect(tallyAll([null as never]).ok).toBe(false);
  });
});

describe('tally invariants (property)', () => {
  it('faces = 2 × rolls + opening dice, per player and for all', () => {
    fc.assert(
      fc.property(fc.array(anyRecord, { maxLength: 5 }), names, (records, name) => {
        for (const t of [unwrap(tallyAll(records)), unwrap(tallyPlayer(records, name))]) {
          expect(faceTotal(t)).toBe(2 * rollCount(t) + t.openingDice);
          expect(unwrap(parseDiceTally(JSON.parse(JSON.stringify(t))))).toEqual(t);
        }
      }),
    );
  });

  it('the whole is the merge of both sides, and of the records one by one', () => {
    fc.assert(
      fc.property(fc.array(anyRecord, { maxLength: 5 }), (records) => {
        const all = unwrap(tallyAll(records));
        const sides = records.flatMap((r) => [unwrap(tallyMatchPlayer(r, 0)), unwrap(tallyMatchPlayer(r, 1))]);
        expect(mergeTallies(...sides)).toEqual(all);
        expect(mergeTallies(...records.map((r) => unwrap(tallyAll([r]))))).toEqual(all);
      }),
    );
  });

  it('merging is associative and commutative, with the empty tally as identity', () => {
    fc.assert(
      fc.property(anyTally, anyTally, anyTally, (a, b, c) => {
        expect(mergeTallies(mergeTallies(a, b), c)).toEqual(mergeTallies(a, mergeTallies(b, c)));
        expect(mergeTallies(a, b)).toEqual(mergeTallies(b, a));
        expect(mergeTallies(a, emptyTally())).toEqual(a);
        expect(mergeTallies()).toEqual(emptyTally());
      }),
    );
  });

  it('holds on real matches of all five games played by the rules', () => {
    const games: readonly GameId[] = ['backgammon', 'long-nardy', 'plakoto', 'fevga', 'gul-bara'];
    fc.assert(
      fc.property(fc.constantFrom(...games), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (game, seed) => {
        const settings = randomSettings(game, randomSource(seed));
        const m = randomMatch(settings, seed, 300);
        const r: MatchRecord = { version: 1, settings, players: ['ann', 'ben'], actions: m.actions };
        const all = unwrap(tallyAll([r]));
        const dice = m.actions.filter((a) => a.type === 'roll').length;
        const openings = m.actions.filter((a) => a.type === 'opening').length;
        expect(rollCount(all)).toBe(dice);
        expect(all.openingDice).toBe(2 * openings);
        expect(faceTotal(all)).toBe(2 * dice + 2 * openings);
        expect(mergeTallies(unwrap(tallyPlayer([r], 'ann')), unwrap(tallyPlayer([r], 'ben')))).toEqual(all);
      }),
      { numRuns: 30 },
    );
  });
});

describe('parseDiceTally', () => {
  it('refuses what storage could hand back wrong', () => {
    const good = { faces: [1, 0, 0, 0, 0, 1], rolls: DICE_ROLLS.map((_, i) => (i === 5 ? 1 : 0)), openingDice: 0 };
    expect(parseDiceTally(good).ok).toBe(true);
    for (const bad of [
      null,
      'tally',
      { ...good, faces: [1, 0, 0, 0, 1] },
      { ...good, faces: [1, 0, 0, 0, 0, -1] },
      { ...good, rolls: good.rolls.slice(1) },
      { ...good, rolls: good.rolls.map(() => 0.5) },
      { ...good, openingDice: -1 },
      { ...good, openingDice: 2 },
    ]) {
      const r = parseDiceTally(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('ERR_DICE_TALLY');
    }
  });
});

describe('summarizeDice', () => {
  it('has no tests and no doubles share without dice', () => {
    const s = summarizeDice(emptyTally());
    expect(s).toMatchObject({ rolls: 0, doubles: 0, doublesShare: null, faceTest: null, rollTest: null });
  });

  it('finds perfectly even dice perfectly fair and loaded dice unfair', () => {
    const even = parseDiceTally({
      faces: [12, 12, 12, 12, 12, 12],
      rolls: ROLL_PROBABILITIES.map((p) => p * 36),
      openingDice: 0,
    });
    const s = summarizeDice(unwrap(even));
    expect(s.faceTest?.statistic).toBe(0);
    expect(s.faceTest?.pValue).toBe(1);
    expect(s.rollTest?.pValue).toBe(1);
    expect(s.doublesShare).toBeCloseTo(1 / 6, 14);
    // 6-6 rolled 600 times out of 1,000 rolls.
    const loaded = { ...emptyTally(), rolls: DICE_ROLLS.map((_, i) => (i === 20 ? 600 : 20)) };
    const t = summarizeDice(loaded);
    expect(t.rollTest?.degreesOfFreedom).toBe(20);
    expect(t.rollTest?.pValue).toBeLessThan(1e-12);
  });

  it('finds seeded dice fair over many rolls (fixed seeds)', () => {
    for (const seed of ['alpha', 'beta', 'gamma', 7, 2026]) {
      const dice = seededDice(seed);
      const actions: GameAction[] = [{ type: 'opening', dice: dice.openingRoll() }];
      for (let i = 0; i < 20_000; i++) actions.push({ type: 'roll', player: (i % 2) as 0 | 1, dice: dice.roll() });
      const s = summarizeDice(unwrap(tallyAll([record(actions)])));
      expect(s.rolls).toBe(20_000);
      expect(s.faceTest?.reliable).toBe(true);
      expect(s.rollTest?.reliable).toBe(true);
      expect(s.faceTest?.pValue).toBeGreaterThan(0.001);
      expect(s.rollTest?.pValue).toBeGreaterThan(0.001);
      expect(Math.abs((s.doublesShare ?? 0) - 1 / 6)).toBeLessThan(0.02);
    }
  });
});
