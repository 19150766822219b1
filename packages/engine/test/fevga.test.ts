import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFevga, type Dice, makePosition, type Play, type Position, samePosition, THEM } from '../src/index.js';
import { ends, type Points, positionOf } from './support/same-direction.js';

const fevga = createFevga();
const noPrimeRule = createFevga({ prime: 'none' });
const nardyBlock = createFevga({ prime: 'long-nardy' });
const lenient = createFevga({ restrictionCheck: 'final' });

const position = (mine: Points, theirs: Points, turns: readonly [number, number] = [5, 5]): Position =>
  positionOf(fevga, mine, theirs, turns);
const stepsOf = (play: Play | undefined): string[] => (play ? play.steps.map((s) => `${s.from}/${s.to}`) : []);

const START = position({ 24: 15 }, { 24: 15 }, [0, 0]);
/** Start quarter 20..24 held, 19 open; his checkers on my 15..18 stop every five but 24/19. */
const QUARTER = position({ 24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 2: 1, 1: 1 }, { 24: 11, 6: 1, 5: 1, 4: 1, 3: 1 });
/** All his checkers on his 20 (my 8), my checkers on the six points in front: my 7..2. */
const TRAPPED = position({ 24: 9, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1 }, { 20: 15 });

interface Row {
  readonly name: string;
  readonly rules?: typeof fevga;
  readonly pos: Position;
  readonly dice: Dice;
  readonly plays: number;
  readonly source: string;
}

const ROWS: readonly Row[] = [
  { name: 'start 6-5', pos: START, dice: [6, 5], plays: 1, source: 'spec §3: one checker, 24/13 either way' },
  { name: 'start 6-1', pos: START, dice: [6, 1], plays: 1, source: 'spec §3: one checker, 24/17 either way' },
  { name: 'start 6-6', pos: START, dice: [6, 6], plays: 1, source: 'spec §3 example: 24/18, 18/12 blocked' },
  {
    name: 'start 5-5',
    pos: START,
    dice: [5, 5],
    plays: 2,
    source: "Zar's decisions: 24/9 passes his start, so the last five is 9/4 or 24/19",
  },
  { name: 'start 4-4', pos: START, dice: [4, 4], plays: 1, source: 'hand-checked: 24/20/16, 16/12 blocked' },
  { name: 'start 3-3', pos: START, dice: [3, 3], plays: 1, source: 'hand-checked: 24/21/18/15, 15/12 blocked' },
  { name: 'start 2-2', pos: START, dice: [2, 2], plays: 1, source: 'hand-checked: 24/22/20/18/16' },
  { name: 'start 1-1', pos: START, dice: [1, 1], plays: 1, source: 'hand-checked: 24/23/22/21/20' },
  {
    name: 'first checker on 13, 2-1',
    // His checker on his 13 is my 1.
    pos: position({ 24: 14, 13: 1 }, { 24: 14, 13: 1 }),
    dice: [2, 1],
    plays: 2,
    source: "Zar's decisions: 13/12 is blocked; 13/11 passes, then 11/10 or 24/23",
  },
  {
    name: 'first checker stuck, 6-2',
    // His checker on his 20 is my 8: 14/8 and 14/12 are blocked.
    pos: position({ 24: 14, 14: 1 }, { 24: 14, 20: 1 }),
    dice: [6, 2],
    plays: 0,
    source: 'spec §7: the other checkers stay frozen, both dice are lost',
  },
  {
    name: 'start quarter closed only by the last die, 5-5',
    pos: QUARTER,
    dice: [5, 5],
    plays: 0,
    source: 'spec §7: 24/19 fills 19..24 and is the only five',
  },
  {
    name: 'start quarter judged on the final position, 5-5',
    rules: lenient,
    pos: QUARTER,
    dice: [5, 5],
    plays: 2,
    source: 'hand-checked: the fives must leave 19 empty: 24/4, or 24/14(2)',
  },
  {
    name: 'trapped opponent, 6-1, must open',
    pos: TRAPPED,
    dice: [6, 1],
    plays: 12,
    source: "Zar's decisions: 14 plays, less 24/18/17 and 24/18 24/23 which keep 7..2 closed",
  },
  {
    name: 'trapped opponent, 6-1, no prime rule',
    rules: noPrimeRule,
    pos: TRAPPED,
    dice: [6, 1],
    plays: 14,
    source: 'hand-checked: 6 is 24/18 or 7/1, then 1 from 24, 18 or any of 7..2',
  },
  {
    name: 'bear-off, 6-1 from 5 and 3',
    pos: position({ 5: 1, 3: 1, 0: 13 }, { 24: 15 }),
    dice: [6, 1],
    plays: 2,
    source: 'hand-checked: 6 only bears off the highest (5); 5/4 then 4/off, or 5/off plus 3/2',
  },
];

describe('fevga legal-play counts', () => {
  for (const row of ROWS) {
    it(`${row.name}: ${row.plays} (${row.source})`, () => {
      expect((row.rules ?? fevga).legalPlays(row.pos, row.dice)).toHaveLength(row.plays);
    });
  }
});

describe('fevga first-checker rule', () => {
  it('gives every die to the first checker until it passes his start', () => {
    expect(ends(fevga.legalPlays(START, [6, 6]))).toEqual(['24:14 18:1']);
    expect(ends(fevga.legalPlays(START, [5, 5]))).toEqual(['24:13 19:1 9:1', '24:14 4:1']);
  });
  it('a first checker on my 12 has not passed', () => {
    // His head is empty (his 15 stand on his 20, my 8), so my 12 is open; 12/8 is blocked.
    const onTwelve = position({ 24: 14, 12: 1 }, { 20: 15 });
    expect(fevga.legalPlays(onTwelve, [4, 4])).toEqual([]);
    const onEleven = position({ 24: 14, 11: 1 }, { 20: 15 });
    expect(fevga.legalPlays(onEleven, [4, 4]).length).toBeGreaterThan(0);
  });
  it('plays the smaller die when the first checker cannot take the larger', () => {
    // His checkers on his 22 and 19 are my 10 and 7.
    const pos = position({ 24: 14, 16: 1 }, { 24: 13, 22: 1, 19: 1 });
    expect(fevga.legalPlays(pos, [6, 3]).map(stepsOf)).toEqual([['16/13']]);
  });
  it('frees the other checkers for the rest of the roll once it passes', () => {
    // His checker on his 19 (my 7) stops 10/7 and 13/7: the three goes to the head.
    const pos = position({ 24: 14, 16: 1 }, { 24: 14, 19: 1 });
    expect(ends(fevga.legalPlays(pos, [6, 3]))).toEqual(['24:13 21:1 10:1']);
  });
});

describe('fevga start quarter', () => {
  it('is judged after every step by default', () => {
    // The only six is 20/14 (his checkers hold my 15..18); 24/19 is legal only after it.
    expect(ends(fevga.legalPlays(QUARTER, [6, 5]))).toEqual([
      '24:8 23:1 22:1 21:1 19:1 14:1 2:1 1:1',
      '24:9 23:1 22:1 21:1 9:1 2:1 1:1',
    ]);
  });
  it('allows passing through a full quarter when judged on the final position', () => {
    expect(ends(lenient.legalPlays(QUARTER, [5, 5]))).toEqual([
      '24:7 23:1 22:1 21:1 20:1 14:2 2:1 1:1',
      '24:8 23:1 22:1 21:1 20:1 4:1 2:1 1:1',
    ]);
  });
});

describe('fevga prime rules', () => {
  it('makes the player open a prime that traps all his checkers', () => {
    const kept = ['24:7 23:1 18:1 7:1 6:1 5:1 4:1 3:1 2:1', '24:8 17:1 7:1 6:1 5:1 4:1 3:1 2:1'];
    const all = ends(noPrimeRule.legalPlays(TRAPPED, [6, 1]));
    expect(all).toEqual(expect.arrayContaining(kept));
    expect(ends(fevga.legalPlays(TRAPPED, [6, 1]))).toEqual(all.filter((e) => !kept.includes(e)));
  });
  it('keeps every play when none can open the prime', () => {
    // His 15 on his 19 (my 7) behind my 6..1; a six cannot move a home checker (no bear-off
    // yet), so 6-6 only moves head checkers (24/18/12/6): 4 ways to split four steps.
    const pos = position({ 24: 9, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1 }, { 19: 15 });
    const plays = fevga.legalPlays(pos, [6, 6]);
    expect(ends(plays)).toEqual(ends(noPrimeRule.legalPlays(pos, [6, 6])));
    expect(plays).toHaveLength(4);
  });
  it('offers the long nardy block rule instead, across the 1/24 corner', () => {
    const pos = position({ 24: 10, 23: 1, 20: 1, 3: 1, 2: 1, 1: 1 }, { 24: 15 });
    const closed = '24:9 23:1 22:1 19:1 3:1 2:1 1:1';
    expect(ends(fevga.legalPlays(pos, [2, 1]))).toContain(closed);
    expect(ends(nardyBlock.legalPlays(pos, [2, 1]))).not.toContain(closed);
  });
});

describe('fevga basics', () => {
  it('starts with 15 on each head', () => {
    const start = fevga.start();
    expect(start.board[24]).toBe(15);
    expect(start.board[THEM + 24]).toBe(15);
    expect(fevga.pips(start)).toEqual([360, 360]);
  });
  it('scores 1 and 2', () => {
    expect(fevga.outcome(position({ 0: 15 }, { 0: 2, 1: 13 }))?.points).toBe(1);
    expect(fevga.outcome(position({ 0: 15 }, { 1: 15 }))?.points).toBe(2);
  });
  it('rejects a doubles run', () => {
    const r = fevga.validate(makePosition('fevga', START.board, [3, 3], 2));
    expect(r.ok ? '' : r.error.code).toBe('ERR_RUN');
  });
});

describe('fevga playouts', () => {
  const die = fc.integer({ min: 1, max: 6 });
  it('keeps the start quarter open and every position valid', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(die, die, fc.nat()), { minLength: 20, maxLength: 120 }), (turns) => {
        let pos = fevga.start();
        for (const [d1, d2, pick] of turns) {
          if (fevga.outcome(pos)) break;
          const plays = fevga.legalPlays(pos, [d1, d2]);
          for (const p of plays) {
            expect(fevga.validate(p.next).ok).toBe(true);
            expect([19, 20, 21, 22, 23, 24].every((q) => p.next.board[THEM + q])).toBe(false);
          }
          const chosen = plays[pick % Math.max(1, plays.length)];
          pos = chosen ? chosen.next : fevga.pass(pos, [d1, d2]);
          expect(samePosition(fevga.swapSides(fevga.swapSides(pos)), pos)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});
