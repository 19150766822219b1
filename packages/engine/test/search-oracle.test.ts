import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backgammonModel } from '../src/games/backgammon.js';
import { type Dice, makePosition, type Position, type Rules, rulesFor, THEM } from '../src/index.js';
import { generatePlays, playExists, type RawPlay, type TurnModel } from '../src/search.js';
import { diceList } from '../src/standard.js';
import { backgammonPositionArb } from './backgammon-arbitrary.js';
import { referenceAcceptedPlayExists, referencePlays } from './support/reference-search.js';
import { SEARCH_VARIANTS } from './support/variants.js';

/** A play as one line (a deep comparison of thousands of plays is what would take the time). */
const lineOf = (p: RawPlay): string =>
  `${p.board.constructor.name} ${p.board.join(',')} | ${p.steps.map((t) => `${t.from}/${t.to}/${t.die}${t.hit ? '*' : ''} ${Object.keys(t)}`).join(' ')} | ${p.used} ${p.usedLarger}`;

/** The hashed search finds what the string-keyed one finds: the same plays, order and steps. */
function expectSameSearch(model: TurnModel, board: Int8Array, dice: readonly number[]): void {
  const plays = generatePlays(model, board, dice);
  const expected = referencePlays(model, board, dice);
  expect(plays.map(lineOf)).toEqual(expected.map(lineOf));
  if (plays.length > 0) expect(plays[0]).toEqual(expected[0]);
  if (model.acceptFinal) {
    expect(playExists(model, board, dice)).toBe(referenceAcceptedPlayExists(model, board, dice));
  }
}

function expectSameForRoll(rules: Rules, pos: Position, dice: Dice): void {
  const model = rules.turnModel?.(pos, dice);
  if (!model) throw new Error(`${rules.game} has no turn model`);
  expectSameSearch(model, pos.board, diceList(dice));
}

const die = fc.integer({ min: 1, max: 6 });
const rollsArb = fc.array(fc.tuple(die, die), { minLength: 1, maxLength: 80 });
const picksArb = fc.array(fc.nat(), { minLength: 80, maxLength: 80 });

describe.each(SEARCH_VARIANTS)('%s: generatePlays agrees with the string-keyed search', (_name, rules) => {
  it('at every position of random games, for the roll played and another roll', () => {
    fc.assert(
      fc.property(rollsArb, rollsArb, picksArb, (rolls, others, picks) => {
        let pos = rules.start();
        for (let i = 0; i < rolls.length && !rules.outcome(pos); i++) {
          const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : (rolls[i] as Dice);
          expectSameForRoll(rules, pos, dice);
          expectSameForRoll(rules, pos, (others[i] ?? [6, 6]) as Dice);
          const plays = rules.legalPlays(pos, dice);
          const pick = plays[(picks[i] ?? 0) % Math.max(1, plays.length)];
          pos = pick ? pick.next : rules.pass(pos, dice);
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('backgammon: generatePlays agrees with the string-keyed search on random positions', () => {
  it('contact and bear-off, the bar included, every roll, either die first', () => {
    const bg = rulesFor('backgammon');
    fc.assert(
      fc.property(fc.oneof(backgammonPositionArb(), backgammonPositionArb(6)), (pos) => {
        for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) expectSameForRoll(bg, pos, [a, b]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('backgammon: the last checkers borne off', () => {
  const bg = rulesFor('backgammon');
  const endgame = (points: readonly number[]): Position => {
    const b = new Int8Array(52);
    for (const p of points) b[p] = (b[p] ?? 0) + 1;
    b[0] = 15 - points.length;
    b[THEM + 1] = 15;
    return makePosition('backgammon', b);
  };

  it('agree for every roll, either die first, with one to three checkers left', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }), (points) => {
        for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) expectSameForRoll(bg, endgame(points), [a, b]);
      }),
      { numRuns: 60 },
    );
  });

  it('a board that either die reaches is kept with the larger die', () => {
    const plays = generatePlays(backgammonModel, endgame([2]).board, [5, 6]);
    expect(plays.map((p) => p.steps)).toEqual([[{ from: 2, to: 0, die: 6, hit: false }]]);
  });
});

/**
 * A made-up game over any bytes, to reach what the five games do not: boards of odd lengths,
 * counts below zero or above 15, a turn counter, extra bytes that a step changes, one die or
 * two equal ones, and a judged finished play. Its steps transpose freely.
 */
function toyModel(boardLength: number, judged: boolean): TurnModel {
  const extra = (to: number): number => 26 + (to % (boardLength - 26));
  return {
    boardLength,
    target(b, from, die, turn) {
      if (from === 24 && (turn[0] ?? 0) >= 1) return -1;
      const to = Math.max(0, from - die);
      return (b[extra(to)] ?? 0) === 127 ? -1 : to;
    },
    apply(b, from, to, turn) {
      if (from === 24) turn[0] = (turn[0] ?? 0) + 1;
      b[from] = (b[from] ?? 0) - 1;
      b[to] = (b[to] ?? 0) + 1;
      const at = extra(to);
      const v = b[at] ?? 0;
      b[at] = v < 0 ? -v - 1 : v;
      return v < 0;
    },
    ...(judged ? { acceptFinal: (b: Int8Array) => ((b[1] ?? 0) + (b[2] ?? 0)) % 2 === 0 } : {}),
  };
}

const toyArb = fc
  .tuple(fc.integer({ min: 27, max: 90 }), fc.boolean(), fc.array(die, { minLength: 1, maxLength: 4 }))
  .chain(([length, judged, dice]) =>
    fc
      .tuple(
        fc.int8Array({ minLength: length, maxLength: length }),
        // Mostly empty points, so that four dice stay a search of hundreds of states, not millions.
        fc.array(fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, -1, 17), {
          minLength: 26,
          maxLength: 26,
        }),
      )
      .map(([bytes, mine]) => {
        const board = Int8Array.from(bytes);
        board.set(mine);
        const roll = dice.length === 3 ? [dice[0] ?? 1, dice[0] ?? 1, dice[0] ?? 1, dice[0] ?? 1] : dice;
        return { model: toyModel(length, judged), board, dice: roll };
      }),
  );

describe('a made-up game over any bytes: generatePlays agrees with the string-keyed search', () => {
  it('one to four dice, equal or not, with and without a judged finished play', () => {
    fc.assert(
      fc.property(toyArb, ({ model, board, dice }) => expectSameSearch(model, board, dice)),
      { numRuns: 500 },
    );
  });
});
