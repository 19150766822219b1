import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGulBara, type Dice, makePosition, type Position, THEM } from '../src/index.js';
import { ends, type Points, positionOf } from './support/same-direction.js';

const gul = createGulBara();
const globalCount = createGulBara({ normalDoublesScope: 'global' });

const position = (mine: Points, theirs: Points, turns: readonly [number, number] = [5, 5], run = 0): Position =>
  positionOf(gul, mine, theirs, turns, run);

const START = position({ 24: 15 }, { 24: 15 }, [0, 0]);
const START_LATER = position({ 24: 15 }, { 24: 15 }, [3, 3]);
/** An open middle game: no point of mine is shared, nothing of either side is home. */
const MIDDLE = position(
  { 24: 3, 22: 2, 20: 2, 17: 2, 15: 2, 10: 2, 7: 2 },
  { 24: 3, 23: 2, 21: 2, 18: 2, 16: 2, 11: 2, 7: 2 },
);

interface Row {
  readonly name: string;
  readonly pos: Position;
  readonly dice: Dice;
  readonly plays: number;
  readonly source: string;
}

const ROWS: readonly Row[] = [
  {
    name: 'start 6-5',
    pos: START,
    dice: [6, 5],
    plays: 2,
    source: 'hand-checked: no head rule: 24/18 24/19, or 24/13',
  },
  {
    name: 'start 6-6, opening turns',
    pos: START,
    dice: [6, 6],
    plays: 1,
    source: 'hand-checked: 18/12 is his head, so 24/18(4)',
  },
  {
    name: 'start 2-2, opening turns',
    pos: START,
    dice: [2, 2],
    plays: 5,
    source: 'hand-checked: the 5 partitions of four steps along 24/22/20/18/16',
  },
  {
    name: 'start 1-1, opening turns',
    pos: START,
    dice: [1, 1],
    plays: 5,
    source: 'hand-checked: the 5 partitions of four steps along 24/23/22/21/20',
  },
  {
    name: 'start, block of fives',
    pos: START_LATER,
    dice: [5, 5],
    plays: 5,
    source: 'hand-checked: the 5 partitions of four steps along 24/19/14/9/4',
  },
  {
    name: 'start, block of fours',
    pos: START_LATER,
    dice: [4, 4],
    plays: 3,
    source: 'hand-checked: 16/12 is blocked, so partitions of 4 into parts <= 2: {2,2} {2,1,1} {1,1,1,1}',
  },
  {
    name: 'bearing off in a block of ones',
    pos: position({ 2: 3, 0: 12 }, { 24: 15 }, [3, 3]),
    dice: [1, 1],
    plays: 2,
    source: 'hand-checked: four ones over three checkers on 2: two off and one on 2, or one off and two on 1',
  },
];

describe('gul bara legal-play counts', () => {
  for (const row of ROWS) {
    it(`${row.name}: ${row.plays} (${row.source})`, () => {
      expect(gul.legalPlays(row.pos, row.dice)).toHaveLength(row.plays);
    });
  }
});

describe('gul bara opening turns', () => {
  it('plays doubles as four moves during the first three turns of each player', () => {
    const early = position({ 24: 15 }, { 24: 15 }, [2, 0]);
    const plays = gul.legalPlays(early, [5, 5]);
    expect(plays).toHaveLength(5);
    // The turn passed: the opponent is on roll and the mover's turn was counted.
    expect(plays.every((p) => p.next.run === 0 && p.next.turns[0] === 0 && p.next.turns[1] === 3)).toBe(true);
  });
  it('starts the run from the fourth turn', () => {
    const plays = gul.legalPlays(position({ 24: 15 }, { 24: 15 }, [3, 0]), [5, 5]);
    expect(plays.every((p) => p.next.run === 6 && p.next.turns[0] === 3 && p.next.turns[1] === 0)).toBe(true);
  });
  it("counts both sides' turns with the global scope", () => {
    const pos = position({ 24: 15 }, { 24: 15 }, [2, 1]);
    expect(gul.legalPlays(pos, [5, 5]).every((p) => p.next.run === 0)).toBe(true);
    expect(globalCount.legalPlays(pos, [5, 5]).every((p) => p.next.run === 6)).toBe(true);
  });
});

describe('gul bara doubles run', () => {
  it('keeps the same side on roll after a full block, turn not yet counted', () => {
    const plays = gul.legalPlays(START_LATER, [4, 4]);
    // 16/12 is his head: the partitions of four steps into parts of at most two.
    expect(ends(plays)).toEqual(['24:11 20:4', '24:12 20:2 16:1', '24:13 16:2']);
    for (const p of plays) {
      expect(p.next.run).toBe(5);
      expect(p.next.turns).toEqual([3, 3]);
      expect(p.next.board[THEM + 24]).toBe(15);
    }
  });
  it('plays the run block by block up to the sixes, then passes the turn', () => {
    let pos = START_LATER;
    const seen: number[] = [];
    for (let d = 3; d <= 6; d++) {
      const plays = gul.legalPlays(pos, [d, d]);
      seen.push(plays.length);
      const chosen = plays[0];
      if (!chosen) break;
      pos = chosen.next;
      if (d < 6) expect(pos.run).toBe(d + 1);
    }
    expect(seen.every((n) => n > 0)).toBe(true);
    expect(pos.run).toBe(0);
    expect(pos.turns).toEqual([3, 4]);
  });
  it('answers [] to any other dice while a run is on', () => {
    const mid = position({ 24: 11, 20: 4 }, { 24: 15 }, [3, 3], 5);
    expect(gul.legalPlays(mid, [4, 4])).toEqual([]);
    expect(gul.legalPlays(mid, [5, 4])).toEqual([]);
    expect(gul.legalPlays(mid, [5, 5]).length).toBeGreaterThan(0);
  });
  it('ends the run when a block is played short; the rest is lost', () => {
    // His checker on his 8 is my 20: 24/22 is the only two (my 1s cannot bear off yet).
    const pos = position({ 24: 1, 1: 14 }, { 24: 14, 8: 1 }, [3, 3]);
    const plays = gul.legalPlays(pos, [2, 2]);
    expect(plays.map((p) => p.steps.map((s) => `${s.from}/${s.to}`))).toEqual([['24/22']]);
    // The threes (22/19) would be playable, but the progression has stopped.
    expect(plays[0]?.next.run).toBe(0);
    expect(plays[0]?.next.turns).toEqual([3, 4]);
    expect(plays[0]?.next.board[THEM + 22]).toBe(1);
  });
  it('passes the turn when a block cannot be played at all', () => {
    // Fives go 24/19 and 20/15; his checkers on his 7 and 3 are my 19 and 15.
    const walled = position({ 24: 11, 20: 4 }, { 24: 13, 7: 1, 3: 1 }, [3, 3], 5);
    expect(gul.legalPlays(walled, [5, 5])).toEqual([]);
    const next = gul.pass(walled, [5, 5]);
    expect(next.run).toBe(0);
    expect(next.turns).toEqual([3, 4]);
  });
  it('does not prune a block by what it leaves for the next one', () => {
    const normal = gul.legalPlays(START, [3, 3]).map((p) => gul.swapSides(p.next).board.join());
    const block = gul.legalPlays(START_LATER, [3, 3]).map((p) => p.next.board.join());
    expect(block.sort()).toEqual(normal.sort());
  });
  it('continues while bearing off and stops when the last checker is off', () => {
    const pos = position({ 2: 3, 0: 12 }, { 24: 15 }, [3, 3]);
    const plays = gul.legalPlays(pos, [1, 1]);
    expect(ends(plays)).toEqual(['1:2 0:13', '2:1 0:14']);
    expect(plays.every((p) => p.next.run === 2)).toBe(true);
    const twos = position({ 1: 2, 0: 13 }, { 24: 15 }, [3, 3], 2);
    const [last] = gul.legalPlays(twos, [2, 2]);
    expect(last?.steps).toHaveLength(2);
    expect(last && gul.outcome(last.next)).toEqual({ winner: 'opponent', kind: 'gammon', points: 2 });
    // The 15th checker leaving on the fourth step of a block ends the turn too.
    const [done] = gul.legalPlays(position({ 2: 2, 0: 13 }, { 24: 15 }, [3, 3]), [1, 1]);
    expect(done?.next.run).toBe(0);
    expect(done && gul.outcome(done.next)?.winner).toBe('opponent');
  });
});

describe('gul bara run in an open middle game', () => {
  // Timing lives in the benchmark, not here: this checks the run is generated block by block.
  it('plays a 2-2 run block by block, each block four steps of its own number', () => {
    let pos = MIDDLE;
    const counts: number[] = [];
    for (let d = 2; d <= 6 && (d === 2 || pos.run === d); d++) {
      const plays = gul.legalPlays(pos, [d, d]);
      counts.push(plays.length);
      for (const p of plays) expect(p.steps.every((st) => st.die === d)).toBe(true);
      const chosen = plays[plays.length >> 1];
      if (!chosen) break;
      pos = chosen.next;
    }
    expect(counts).toHaveLength(5);
    expect(counts.every((n) => n > 0)).toBe(true);
  });
});

describe('gul bara validation', () => {
  it('accepts runs 2..6 and rejects others', () => {
    for (const run of [2, 6])
      expect(gul.validate(makePosition('gul-bara', START_LATER.board, [3, 3], run)).ok).toBe(true);
    for (const run of [1, 7, -1, 2.5]) {
      const r = gul.validate(makePosition('gul-bara', START_LATER.board, [3, 3], run));
      expect(r.ok ? '' : r.error.code).toBe('ERR_RUN');
    }
  });
});

describe('gul bara playouts', () => {
  const die = fc.integer({ min: 1, max: 6 });
  it('keeps every position valid through runs', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(die, die, fc.nat()), { minLength: 20, maxLength: 150 }), (turns) => {
        let pos = gul.start();
        for (const [d1, d2, pick] of turns) {
          if (gul.outcome(pos)) break;
          const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : [d1, d2];
          const plays = gul.legalPlays(pos, dice);
          for (const p of plays) {
            expect(gul.validate(p.next).ok).toBe(true);
            if (p.next.run > 0) expect(p.next.run).toBe(dice[0] + 1);
          }
          const chosen = plays[pick % Math.max(1, plays.length)];
          pos = chosen ? chosen.next : gul.pass(pos, dice);
        }
      }),
      { numRuns: 40 },
    );
  });
});
