import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAR, type Dice, makePosition, type Position, type Rules, rulesFor, THEM } from '../src/index.js';
import { backgammonPositionArb } from './backgammon-arbitrary.js';
import { positionOf } from './support/same-direction.js';
import { rulesOf, SEARCH_VARIANTS } from './support/variants.js';

/** Every roll: the 15 of two different dice and the 6 doubles. */
const ROLLS: readonly Dice[] = (() => {
  const rolls: Dice[] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) rolls.push([b, a]);
  return rolls;
})();

/** Checks `hasPlay` against `legalPlays` for every roll of `pos` (during a gul bara run, the rolls that are not its block's too). */
function checkEveryRoll(rules: Rules, pos: Position): void {
  for (const dice of ROLLS) {
    const expected = rules.legalPlays(pos, dice).length > 0;
    if (rules.hasPlay(pos, dice) !== expected) {
      throw new Error(`${rules.game} ${JSON.stringify(dice)} at ${Array.from(pos.board).join(',')} run ${pos.run}`);
    }
  }
}

/** Plays a random game, checking every position reached before its play is chosen. */
function walk(rules: Rules, rolls: readonly Dice[], picks: readonly number[]): void {
  let pos = rules.start();
  for (let i = 0; i < rolls.length; i++) {
    checkEveryRoll(rules, pos);
    if (rules.outcome(pos)) return;
    const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : (rolls[i] as Dice);
    const plays = rules.legalPlays(pos, dice);
    const pick = plays[(picks[i] ?? 0) % Math.max(1, plays.length)];
    pos = pick ? pick.next : rules.pass(pos, dice);
  }
}

const die = fc.integer({ min: 1, max: 6 });
const rollsArb = fc.array(fc.tuple(die, die), { minLength: 1, maxLength: 120 });
const picksArb = fc.array(fc.nat(), { minLength: 120, maxLength: 120 });

/** The options that change the search (a finished play judged at the end, or every step on its way), and fevga without its prime rule. */
const VARIANTS: readonly [string, Rules][] = [
  ...SEARCH_VARIANTS,
  ['fevga, no prime rule', rulesOf('fevga', { prime: 'none' })],
];

describe.each(VARIANTS)('%s: hasPlay says whether legalPlays finds any play', (_name, rules) => {
  it('over random games, every roll of every position reached', () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => walk(rules, rolls, picks)),
      { numRuns: 30 },
    );
  });
});

describe('backgammon: hasPlay on random positions', () => {
  it('agrees with legalPlays for every roll, contact and bear-off, the bar included', () => {
    fc.assert(
      fc.property(fc.oneof(backgammonPositionArb(), backgammonPositionArb(6)), (pos) => {
        checkEveryRoll(rulesFor('backgammon'), pos);
      }),
      { numRuns: 300 },
    );
  });

  it('the start has a play for every roll; a closed board with a checker on the bar has none', () => {
    const bg = rulesFor('backgammon');
    for (const dice of ROLLS) expect(bg.hasPlay(bg.start(), dice)).toBe(true);
    const closed = new Int8Array(52);
    closed[BAR] = 1;
    closed[13] = 14;
    for (let q = 1; q <= 6; q++) closed[THEM + q] = 2; // his home board, where I enter
    closed[THEM + 7] = 3;
    const pos = makePosition('backgammon', closed);
    expect(bg.validate(pos).ok).toBe(true);
    for (const dice of ROLLS) {
      expect(bg.hasPlay(pos, dice)).toBe(false);
      expect(bg.legalPlays(pos, dice)).toEqual([]);
    }
  });
});

describe('long nardy, block judged on the final play: hasPlay', () => {
  it('is false when checkers can move but every play ends behind a block of six', () => {
    const rules = rulesOf('long-nardy', { blockCheck: 'final' });
    // My 1..6 held, his 15 checkers behind them on his 23 (my 11): bearing off keeps the block.
    const pos = positionOf(rules, { 1: 2, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3 }, { 23: 15 });
    expect(rules.legalPlays(pos, [6, 5])).toEqual([]);
    expect(rules.hasPlay(pos, [6, 5])).toBe(false);
    checkEveryRoll(rules, pos);
  });
});
