import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasForbiddenBlock } from '../src/games/same-direction.js';
import {
  createLongNardy,
  type Dice,
  makePosition,
  type Play,
  type Position,
  samePosition,
  THEM,
} from '../src/index.js';
import { ends, mineAfter, type Points, positionOf } from './support/same-direction.js';

const nardy = createLongNardy();
const lenient = createLongNardy({ blockCheck: 'final' });

const position = (mine: Points, theirs: Points, turns: readonly [number, number] = [5, 5]): Position =>
  positionOf(nardy, mine, theirs, turns);
const headSteps = (play: Play): number => play.steps.filter((s) => s.from === 24).length;

const START = position({ 24: 15 }, { 24: 15 }, [0, 0]);

interface Row {
  readonly name: string;
  readonly pos: Position;
  readonly dice: Dice;
  readonly plays: number;
  readonly source: string;
}

const ROWS: readonly Row[] = [
  {
    name: 'start, first turn 6-5',
    pos: START,
    dice: [6, 5],
    plays: 1,
    source: 'hand-checked: one head checker, 24/18/13 and 24/19/13 end alike (spec §3)',
  },
  {
    name: 'start, first turn 6-6',
    pos: START,
    dice: [6, 6],
    plays: 1,
    source: 'spec §3: 24/18(2), 18/12 is the opponent head',
  },
  {
    name: 'start, first turn 4-4',
    pos: START,
    dice: [4, 4],
    plays: 1,
    source: 'hand-checked: two head checkers, each 24/20/16 (12 blocked) -> 24/16(2)',
  },
  {
    name: 'start, first turn 3-3',
    pos: START,
    dice: [3, 3],
    plays: 2,
    source: 'hand-checked: two head checkers of at most 3 steps each: {15,21} or {18,18}',
  },
  {
    name: 'start, first turn 5-5',
    pos: START,
    dice: [5, 5],
    plays: 1,
    source: 'spec §3: one head checker 24/19/14/9/4',
  },
  {
    name: 'start, first turn 2-2',
    pos: START,
    dice: [2, 2],
    plays: 1,
    source: 'spec §3: one head checker 24/16',
  },
  {
    name: 'start, first turn 1-1',
    pos: START,
    dice: [1, 1],
    plays: 1,
    source: 'spec §3: one head checker 24/20',
  },
  {
    name: 'block across the 1/24 corner, 2-1',
    pos: position({ 24: 11, 23: 1, 3: 1, 2: 1, 1: 1 }, { 24: 15 }),
    dice: [2, 1],
    plays: 10,
    source:
      'hand-checked: of 24/22, 23/21, 3/1 and 24/23, 23/22, 3/2, 2/1 (head once), every pair except 24/22 ' +
      'first (it closes 3-2-1-24-23-22); the ten boards are listed in the block test below',
  },
  {
    name: 'bear-off, 6-1 from 5 and 3',
    pos: position({ 5: 1, 3: 1, 0: 13 }, { 24: 15 }),
    dice: [6, 1],
    plays: 2,
    source: 'hand-checked: 6 only bears off the highest (5); 5/4 then 4/off, or 5/off plus 3/2 either order',
  },
];

describe('long nardy legal-play counts', () => {
  for (const row of ROWS) {
    it(`${row.name}: ${row.plays} (${row.source})`, () => {
      expect(nardy.legalPlays(row.pos, row.dice)).toHaveLength(row.plays);
    });
  }
});

describe('long nardy start', () => {
  it('has 15 on each head and 360 pips a side', () => {
    const start = nardy.start();
    expect(start.board[24]).toBe(15);
    expect(start.board[THEM + 24]).toBe(15);
    expect(nardy.pips(start)).toEqual([360, 360]);
    expect(nardy.validate(start).ok).toBe(true);
  });
  it("maps the opponent's head to my 12 and his home to my 13..18", () => {
    expect(nardy.theirPointToMine(24)).toBe(12);
    expect(nardy.theirPointToMine(1)).toBe(13);
    expect(nardy.theirPointToMine(6)).toBe(18);
    expect(nardy.theirPointToMine(13)).toBe(1);
  });
});

describe('long nardy head rule', () => {
  it('first-turn 6-6 plays 24/18(2) and loses two sixes', () => {
    const [play] = nardy.legalPlays(START, [6, 6]);
    expect(play?.steps.map((s) => `${s.from}/${s.to}`)).toEqual(['24/18', '24/18']);
    expect(play && mineAfter(play)).toBe('24:13 18:2');
  });
  it('first-turn 3-3 takes two head checkers', () => {
    expect(ends(nardy.legalPlays(START, [3, 3]))).toEqual(['24:13 18:2', '24:13 21:1 15:1']);
  });
  it('first-turn 5-5 takes only one head checker', () => {
    expect(ends(nardy.legalPlays(START, [5, 5]))).toEqual(['24:14 4:1']);
  });
  it('a later 6-6 takes one checker from the head', () => {
    // His checker on his 22 is my 10; my 20, 14, 8, 2 are open, my 12 is his head.
    const pos = position({ 24: 14, 20: 1 }, { 24: 14, 22: 1 }, [1, 1]);
    const plays = nardy.legalPlays(pos, [6, 6]);
    expect(ends(plays)).toEqual(['24:13 18:1 2:1']);
    expect(plays.every((p) => headSteps(p) === 1)).toBe(true);
  });
  it("the second player's first turn has the exception too, and max dice decides", () => {
    // White's checker on his 6 is my 18: each head checker can only reach 21 with threes.
    const pos = position({ 24: 15 }, { 24: 14, 6: 1 }, [0, 1]);
    expect(ends(nardy.legalPlays(pos, [3, 3]))).toEqual(['24:13 21:2']);
    expect(nardy.legalPlays(pos, [6, 6])).toEqual([]);
  });
  it('when only head moves remain, one die is played: the larger', () => {
    // His checker on his 1 is my 13, so 24/18/13 and 24/19/13 are blocked; my 1 cannot move.
    const pos = position({ 24: 14, 1: 1 }, { 24: 14, 1: 1 });
    const plays = nardy.legalPlays(pos, [6, 5]);
    expect(plays.map((p) => p.steps.map((s) => `${s.from}/${s.to}`))).toEqual([['24/18']]);
  });
});

describe('long nardy block rule', () => {
  const cornered = position({ 24: 11, 23: 1, 3: 1, 2: 1, 1: 1 }, { 24: 15 });
  it('forbids closing six points across the 1/24 corner', () => {
    expect(ends(nardy.legalPlays(cornered, [2, 1]))).toEqual(
      [
        '24:10 23:1 21:1 3:1 2:1 1:1', // 23/21 24/23
        '24:11 20:1 3:1 2:1 1:1', // 23/20
        '24:11 21:1 2:2 1:1', // 23/21 3/2
        '24:11 21:1 3:1 1:2', // 23/21 2/1
        '24:10 23:2 2:1 1:2', // 3/1 24/23
        '24:11 22:1 2:1 1:2', // 3/1 23/22
        '24:11 23:1 1:3', // 3/1 2/1
        '24:10 22:2 3:1 2:1 1:1', // 23/22 24/22
        '24:10 23:1 22:1 2:2 1:1', // 3/2 24/22
        '24:10 23:1 22:1 3:1 1:2', // 2/1 24/22
      ].sort(),
    );
  });
  it('allows the same block once an opposing checker is ahead of it', () => {
    // A harmless 20/19 keeps the block 3-2-1-24-23-22 standing after 24/22.
    const closed = '24:9 23:1 22:1 19:1 3:1 2:1 1:1';
    const blocked = position({ 24: 10, 23: 1, 20: 1, 3: 1, 2: 1, 1: 1 }, { 24: 15 });
    expect(ends(nardy.legalPlays(blocked, [2, 1]))).not.toContain(closed);
    // His checker on his 5 (my 17) is ahead of the block's front, his 10 (my 22).
    const passed = position({ 24: 10, 23: 1, 20: 1, 3: 1, 2: 1, 1: 1 }, { 24: 14, 5: 1 });
    expect(ends(nardy.legalPlays(passed, [2, 1]))).toContain(closed);
  });
  it('counts an opposing checker already in his home as ahead', () => {
    // Two on 23, so 23/17 and 24/19 keep all of 19..24.
    const quarter = { 24: 9, 23: 2, 22: 1, 21: 1, 20: 1, 1: 1 };
    const full = (plays: Play[]) => plays.some((p) => [24, 23, 22, 21, 20, 19].every((q) => p.next.board[THEM + q]));
    expect(full(nardy.legalPlays(position(quarter, { 24: 15 }), [6, 5]))).toBe(false);
    // His 3 is my 15, inside his home and ahead of my 19..24 (his 7..12).
    expect(full(nardy.legalPlays(position(quarter, { 24: 14, 3: 1 }), [6, 5]))).toBe(true);
  });
  it('judges every step by default, the finished play as an option', () => {
    // 2-2: a head checker can only travel via 22, which closes 3-2-1-24-23-22; with four on
    // 23 and on 3 (and 2, 1 unable to move) no other step can open that block first.
    const pos = position({ 24: 4, 23: 4, 19: 1, 3: 4, 2: 1, 1: 1 }, { 24: 15 });
    const strict = nardy.legalPlays(pos, [2, 2]);
    const loose = lenient.legalPlays(pos, [2, 2]);
    expect(strict.length).toBeGreaterThan(0);
    expect(strict.every((p) => headSteps(p) === 0)).toBe(true);
    // The same checker going on, 22/20, breaks the block within the same turn.
    expect(loose.some((p) => headSteps(p) === 1)).toBe(true);
    for (const p of loose) expect(hasForbiddenBlock(nardy.swapSides(p.next).board)).toBe(false);
  });
});

describe('long nardy edge cases', () => {
  it("the opponent's head blocks my 12 while it holds a checker", () => {
    // His checkers on his 20 are my 8.
    const held = position({ 24: 14, 18: 1 }, { 24: 1, 20: 14 });
    expect(ends(nardy.legalPlays(held, [6, 6]))).toEqual(['24:13 18:2']);
    // Emptied (his last one went to his 23, my 11): 24/18/12/6 and 18/12 make the only board.
    const emptied = position({ 24: 14, 18: 1 }, { 23: 1, 20: 14 });
    const plays = nardy.legalPlays(emptied, [6, 6]);
    expect(ends(plays)).toEqual(['24:13 12:1 6:1']);
    expect(plays[0]?.steps).toHaveLength(4);
  });
  it('bears off a higher die only from the highest point', () => {
    const pos = position({ 3: 1, 2: 2, 0: 12 }, { 24: 15 });
    expect(ends(nardy.legalPlays(pos, [6, 5]))).toEqual(['2:1 0:14']);
  });
  it('loses a roll that cannot be played and passes the turn', () => {
    const pos = position({ 24: 15 }, { 24: 14, 6: 1 }, [0, 1]);
    expect(nardy.legalPlays(pos, [6, 6])).toEqual([]);
    const next = nardy.pass(pos, [6, 6]);
    expect(next.turns).toEqual([1, 1]);
    expect(next.board[THEM + 24]).toBe(15);
  });
  it('scores oin 1 and mars 2, never a draw', () => {
    const oin = position({ 0: 15 }, { 0: 1, 3: 14 });
    expect(nardy.outcome(oin)).toEqual({ winner: 'onRoll', kind: 'single', points: 1 });
    const mars = position({ 3: 15 }, { 0: 15 });
    expect(nardy.outcome(mars)).toEqual({ winner: 'opponent', kind: 'gammon', points: 2 });
    expect(nardy.legalPlays(mars, [3, 1])).toEqual([]);
  });
});

describe('long nardy validation', () => {
  const b = () => START.board.slice();
  it('rejects a point held by both sides', () => {
    const board = b();
    board[24] = 14;
    board[12] = 1; // my 12 is his 24, where his 15 stand
    const r = nardy.validate(makePosition('long-nardy', board));
    expect(r.ok ? '' : r.error.code).toBe('ERR_SHARED_POINT');
  });
  it('rejects a bar, a doubles run and another game', () => {
    const board = b();
    board[24] = 14;
    board[25] = 1;
    const bar = nardy.validate(makePosition('long-nardy', board));
    expect(bar.ok ? '' : bar.error.code).toBe('ERR_BAR_NOT_ALLOWED');
    const run = nardy.validate(makePosition('long-nardy', b(), [3, 3], 4));
    expect(run.ok ? '' : run.error.code).toBe('ERR_RUN');
    const game = nardy.validate(makePosition('fevga', b()));
    expect(game.ok ? '' : game.error.code).toBe('ERR_WRONG_GAME');
  });
});

describe('long nardy playouts', () => {
  const die = fc.integer({ min: 1, max: 6 });
  it('keeps every rule along random games', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(die, die, fc.nat()), { minLength: 20, maxLength: 120 }), (turns) => {
        let pos = nardy.start();
        for (const [d1, d2, pick] of turns) {
          if (nardy.outcome(pos)) break;
          const plays = nardy.legalPlays(pos, [d1, d2]);
          const first = pos.turns[0] === 0 && d1 === d2 && [3, 4, 6].includes(d1);
          for (const p of plays) {
            expect(headSteps(p)).toBeLessThanOrEqual(first ? 2 : 1);
            expect(nardy.validate(p.next).ok).toBe(true);
            expect(hasForbiddenBlock(nardy.swapSides(p.next).board)).toBe(false);
          }
          const chosen = plays[pick % Math.max(1, plays.length)];
          pos = chosen ? chosen.next : nardy.pass(pos, [d1, d2]);
          expect(samePosition(nardy.swapSides(nardy.swapSides(pos)), pos)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});
