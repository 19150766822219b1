import { describe, expect, it } from 'vitest';
import { type Dice, rulesFor } from '../src/index.js';
import { build, stepsText } from './support/build.js';

const bg = rulesFor('backgammon');

describe('backgammon start', () => {
  it('has 167 pips a side', () => {
    expect(bg.pips(bg.start())).toEqual([167, 167]);
  });
});

/**
 * Hand-checked positions for the rules of spec backgammon.md §4–§6. Each row says why the
 * count is what it is; the full gnubg-generated table is in backgammon-gnubg.test.ts.
 */
const ROWS: readonly {
  name: string;
  mine: Parameters<typeof build>[1];
  theirs: Parameters<typeof build>[2];
  dice: Dice;
  plays: readonly string[];
  source: string;
}[] = [
  {
    name: 'only the smaller die can be played (6 blocked everywhere)',
    mine: { points: { 24: 1, 6: 14 } },
    theirs: { points: { 7: 2, 12: 2, 13: 11 } },
    dice: [6, 5],
    plays: ['24/19', '6/1'],
    source:
      'hand-checked: 24/18 and 19/13 land on made points, home checkers may not bear off while 24 is out; §5.2 "if only the smaller one can be played, play it"',
  },
  {
    name: 'the 1 must be played first to make the 6 legal',
    mine: { points: { 19: 1, 6: 14 } },
    theirs: { points: { 12: 2, 24: 13 } },
    dice: [6, 1],
    plays: ['19/18 18/12'],
    source: 'hand-checked: 19/13 is blocked, 19/18/12 is open, home 6s cannot move; §5.3 both orders',
  },
  {
    name: 'either die alone, never both: the larger must be played',
    mine: { points: { 13: 1, 1: 14 } },
    theirs: { points: { 23: 2, 6: 13 } },
    dice: [6, 5],
    plays: ['13/7'],
    source: 'hand-checked: 13/7/2 and 13/8/2 end on a made point, checkers on 1 cannot bear off; §5.2 larger die',
  },
  {
    name: 'dance: closed board with a checker on the bar',
    mine: { points: { 6: 14 }, bar: 1 },
    theirs: { points: { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 } },
    dice: [6, 5],
    plays: [],
    source: 'hand-checked: every entry point 19..24 is made; §4 "the whole roll is forfeited"',
  },
  {
    name: 'two on the bar, one entering number',
    mine: { points: { 6: 13 }, bar: 2 },
    theirs: { points: { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5 } },
    dice: [6, 5],
    plays: ['bar/19'],
    source:
      'hand-checked: only 25-6=19 is open; the second checker cannot enter with the 5, so nothing else moves (§4 bar first)',
  },
  {
    name: 'bar first, then the rest of the roll',
    mine: { points: { 6: 13, 8: 1 }, bar: 1 },
    theirs: { points: { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5 } },
    dice: [6, 2],
    plays: ['bar/19 19/17', 'bar/19 8/6', 'bar/19 6/4'],
    source:
      'hand-checked: bar/23 is blocked so the 6 enters; the 2 is then free (§15 "after entering, remaining dice must be played")',
  },
  {
    name: 'bear-off: a higher die takes the highest checker only when none is above',
    mine: { points: { 5: 1, 3: 1 } },
    theirs: { points: { 7: 15 } },
    dice: [6, 4],
    plays: ['5/off 3/off', '5/1 3/off'],
    source:
      'hand-checked: 6 bears off from 5 (nothing higher); 4 then bears off the 3 or (4 first) 5/1 and 6 takes the 3; 3/off with the 4 needs the 5 gone first (§6)',
  },
  {
    name: 'bear-off is never compulsory',
    mine: { points: { 6: 2, 2: 1 } },
    theirs: { points: { 7: 15 } },
    dice: [6, 2],
    plays: ['6/off 6/4', '6/off 2/off'],
    source: 'spec §6: "a 6-2 may be played 6/off 6/4 or 6/off 2/off"',
  },
  {
    name: 'hitting on the way: 13/7*/4',
    mine: { points: { 13: 1, 1: 14 } },
    theirs: { points: { 18: 1, 19: 2, 1: 12 } },
    dice: [6, 3],
    plays: ['13/7* 7/4', '13/10 10/4'],
    source:
      'hand-checked: the 6 hits on 7 (their 18) going on to 4; 13/10/4 reaches the same point without hitting; 13/7*, 13/10 alone are not maximal',
  },
];

describe('backgammon: hand-checked legal plays', () => {
  it.each(ROWS)('$name', (row) => {
    const pos = build('backgammon', row.mine, row.theirs);
    expect(bg.validate(pos).ok).toBe(true);
    const got = bg.legalPlays(pos, row.dice).map((p) => stepsText(p.steps));
    const canon = (s: string) => s.split(' ').sort().join(' ');
    expect(got.map(canon).sort()).toEqual(row.plays.map(canon).sort());
  });
});
