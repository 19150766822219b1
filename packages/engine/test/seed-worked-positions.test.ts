import { describe, expect, it } from 'vitest';
import { BAR, type Dice, makePosition, type Position, rulesFor, samePosition, THEM } from '../src/index.js';

/**
 * The worked positions of seed 000 (Romanian rules page), written as the seed lists them:
 * every point in White's numbering, "W" for White's checkers and "B" for Black's.
 */
interface Listing {
  readonly white: Readonly<Record<number, number>>;
  readonly black: Readonly<Record<number, number>>;
  readonly whiteBar?: number;
  readonly blackBar?: number;
}

const bg = rulesFor('backgammon');

function position(l: Listing, onRoll: 'white' | 'black'): Position {
  const b = new Int8Array(52);
  const whiteBase = onRoll === 'white' ? 0 : THEM;
  const blackBase = onRoll === 'white' ? THEM : 0;
  let white = 0;
  let black = 0;
  for (const [p, n] of Object.entries(l.white)) {
    b[whiteBase + Number(p)] = n;
    white += n;
  }
  for (const [p, n] of Object.entries(l.black)) {
    b[blackBase + 25 - Number(p)] = n;
    black += n;
  }
  b[whiteBase + BAR] = l.whiteBar ?? 0;
  b[blackBase + BAR] = l.blackBar ?? 0;
  b[whiteBase] = 15 - white - (l.whiteBar ?? 0);
  b[blackBase] = 15 - black - (l.blackBar ?? 0);
  return makePosition('backgammon', b);
}

interface Example {
  readonly name: string;
  readonly before: Listing;
  readonly mover: 'white' | 'black';
  readonly dice: Dice;
  readonly steps: string;
  readonly after: Listing;
  readonly pips: { readonly white: number; readonly black: number };
}

const START: Listing = { white: { 6: 5, 8: 3, 13: 5, 24: 2 }, black: { 1: 2, 12: 5, 17: 3, 19: 5 } };
const AFTER_31: Listing = { white: { 5: 2, 6: 4, 8: 2, 13: 5, 24: 2 }, black: { 1: 2, 12: 5, 17: 3, 19: 5 } };
const BLOT: Listing = { white: { 5: 1, 6: 4, 8: 3, 13: 5, 24: 2 }, black: { 1: 2, 10: 1, 12: 5, 17: 3, 19: 4 } };
const HIT: Listing = {
  white: { 5: 2, 6: 3, 8: 3, 10: 1, 13: 4, 24: 2 },
  black: { 1: 2, 12: 5, 17: 3, 19: 4 },
  blackBar: 1,
};
const BEAROFF: Listing = {
  white: { 1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2 },
  black: { 19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2 },
};

const EXAMPLES: readonly Example[] = [
  {
    name: 'White 3-1 from the start: 8/5 6/5',
    before: START,
    mover: 'white',
    dice: [3, 1],
    steps: '8/5 6/5',
    after: AFTER_31,
    pips: { white: 163, black: 167 },
  },
  {
    name: 'Black 6-5: 24/13',
    before: AFTER_31,
    mover: 'black',
    dice: [6, 5],
    steps: '24/13',
    after: { white: AFTER_31.white, black: { 1: 1, 12: 6, 17: 3, 19: 5 } },
    pips: { white: 163, black: 156 },
  },
  {
    name: 'White 3-1 hits: 13/10* 6/5',
    before: BLOT,
    mover: 'white',
    dice: [3, 1],
    steps: '13/10* 6/5',
    after: HIT,
    pips: { white: 162, black: 186 },
  },
  {
    name: 'Black 6-2 enters: bar/23 13/7',
    before: HIT,
    mover: 'black',
    dice: [6, 2],
    steps: 'bar/23 13/7',
    after: { white: HIT.white, black: { 1: 2, 2: 1, 12: 4, 17: 3, 18: 1, 19: 4 } },
    pips: { white: 162, black: 178 },
  },
  {
    name: 'White 6-5 bears off: 6/off 5/off',
    before: BEAROFF,
    mover: 'white',
    dice: [6, 5],
    steps: '6/off 5/off',
    after: { white: { 1: 1, 2: 1, 3: 1, 4: 2, 5: 1, 6: 1 }, black: BEAROFF.black },
    pips: { white: 25, black: 57 },
  },
];

const pipsOf = (pos: Position, mover: 'white' | 'black') => {
  const [m, o] = bg.pips(pos);
  return mover === 'white' ? { white: m, black: o } : { white: o, black: m };
};

describe('seed 000: worked positions', () => {
  it('the start position has 167 pips a side', () => {
    expect(pipsOf(position(START, 'white'), 'white')).toEqual({ white: 167, black: 167 });
  });

  it.each(EXAMPLES)('$name', (ex) => {
    const before = position(ex.before, ex.mover);
    expect(bg.validate(before).ok).toBe(true);
    const opponent = ex.mover === 'white' ? 'black' : 'white';
    const expected = position(ex.after, opponent);
    const plays = bg.legalPlays(before, ex.dice);
    // Turn counters differ (the listing has none); the boards must be equal.
    const play = plays.find((p) => samePosition({ ...p.next, turns: [0, 0] }, expected));
    expect(play, `a legal play reaches the seed's position after ${ex.steps}`).toBeDefined();
    expect(pipsOf(expected, opponent)).toEqual(ex.pips);
  });
});
