import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BAR,
  countShots,
  type Dice,
  directShotsByDistance,
  makePosition,
  type Position,
  rulesFor,
  THEM,
} from '../src/index.js';

/**
 * A backgammon position with every point in the side on roll's numbering: `mine` and
 * `theirs` map my point (25 = bar for `mine`) to a count; the rest of each side is off.
 */
function bgPosition(mine: Record<number, number>, theirs: Record<number, number>): Position {
  const b = new Int8Array(52);
  let n = 0;
  for (const [p, c] of Object.entries(mine)) {
    b[Number(p)] = c;
    n += c;
  }
  b[0] = 15 - n;
  n = 0;
  for (const [p, c] of Object.entries(theirs)) {
    b[THEM + 25 - Number(p)] = c;
    n += c;
  }
  b[THEM] = 15 - n;
  return makePosition('backgammon', b);
}

const simple = (distance: number): number => directShotsByDistance().find((r) => r.distance === distance)?.rolls ?? 0;

const shots = (pos: Position, point: number): { rolls: number; hitting: Dice[] } => {
  const r = countShots(pos, point);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

const rollText = (d: Dice): string => `${d[0]}-${d[1]}`;

describe('countShots: hand-checked positions', () => {
  // [what, my checkers, their checkers (my numbering), blot point, expected rolls, why]
  const rows: [string, Record<number, number>, Record<number, number>, number, number, string][] = [
    [
      'open board, one attacker 8 away',
      { 13: 1 },
      { 5: 1 },
      5,
      6,
      'hand-checked: 6-2, 5-3 (4 rolls), 4-4, 2-2 (2): the same as the simple table for distance 8',
    ],
    [
      'same, with points made on 11 and 7',
      { 13: 1 },
      { 5: 1, 11: 2, 7: 2 },
      5,
      3,
      'hand-checked: 6-2 lands on 7 or 11 either way (-2), 2-2 passes 11 (-1); 5-3 via 10 or 8 and 4-4 via 9 stay: 6 - 3',
    ],
    [
      'one attacker 3 away, own checker on the bar',
      { 25: 1, 8: 1 },
      { 5: 1 },
      5,
      13,
      'hand-checked: the bar takes one die, so 2-1 cannot hit (-2); 1-1 enters and still has 8/7/6/5*; every 3 enters with the other die and hits; 5-5 enters on 20 and goes on 20/15/10/5* (+1): 14 - 2 + 1',
    ],
    [
      'own checker on the bar, closed out',
      { 25: 1, 8: 1 },
      { 5: 1, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2 },
      5,
      0,
      'hand-checked: no die enters, so no roll moves the attacker at all',
    ],
    [
      'two attackers, 3 and 6 away',
      { 11: 1, 8: 1 },
      { 5: 1 },
      5,
      28,
      'hand-checked: any 3 or 6 (20 rolls), 2-1, 5-1, 4-2 (6), 1-1, 2-2 (2); 3-3 already counted: 28, not 14 + 17',
    ],
    [
      'maximum-dice rule forbids the hit with 6-1',
      { 20: 1, 8: 1 },
      { 7: 1, 1: 2, 14: 2 },
      7,
      9,
      'hand-checked: 1-1, 2-1, 3-1, 4-1, 5-1 hit (9); after 8/7* no 6 plays (7/1 and 20/14 blocked) while 20/19/13 plays both dice, so 6-1 must not hit',
    ],
    [
      'entering on the blot',
      { 25: 1 },
      { 22: 1 },
      22,
      14,
      'hand-checked: every 3 enters on 22 (11), 2-1 enters and moves on (2), 1-1 enters on 24 and walks to 22 (1): the table for distance 3',
    ],
  ];

  it.each(rows)('%s', (_what, mine, theirs, point, expected) => {
    expect(shots(bgPosition(mine, theirs), point).rolls).toBe(expected);
  });

  it('names the hitting rolls, larger die first (two attackers 3 and 6 away)', () => {
    const { hitting } = shots(bgPosition({ 11: 1, 8: 1 }, { 5: 1 }), 5);
    const names = hitting.map(rollText);
    // hand-checked: no 5-4, 5-5, 4-4, 4-1 or 5-2 reaches 5 from 8 or 11
    expect(names).not.toContain('5-4');
    expect(names).not.toContain('4-4');
    expect(names).toContain('5-1');
    expect(names).toContain('2-2');
    const total = hitting.reduce((n, [a, b]) => n + (a === b ? 1 : 2), 0);
    expect(total).toBe(28);
  });

  it('leaves 6-1 out when the maximum-dice rule forbids hitting with it', () => {
    const names = shots(bgPosition({ 20: 1, 8: 1 }, { 7: 1, 1: 2, 14: 2 }), 7).hitting.map(rollText);
    expect(names).not.toContain('6-1');
    expect(names).toContain('5-1');
  });
});

describe('countShots: errors', () => {
  const pos = bgPosition({ 13: 1, 8: 2 }, { 5: 1, 4: 2 });
  it.each([
    [5, true, 'hand-checked: a lone opponent checker'],
    [4, false, 'hand-checked: a made point is not a blot'],
    [9, false, 'hand-checked: an empty point'],
    [8, false, 'hand-checked: my own checkers'],
  ])('point %i is a blot: %s (%s)', (point, isBlot) => {
    const r = countShots(pos, point);
    expect(r.ok).toBe(isBlot);
    if (!r.ok) expect(r.error.code).toBe('ERR_NOT_A_BLOT');
  });

  it.each([0, 25, -3, 2.5])('rejects point %s as out of range', (point) => {
    const r = countShots(pos, point);
    expect(r.ok ? 'ok' : r.error.code).toBe('ERR_POINT');
  });

  it('rejects a game without hitting', () => {
    const r = countShots(rulesFor('plakoto').start(), 5);
    expect(r.ok ? 'ok' : r.error.code).toBe('ERR_WRONG_GAME');
  });

  it('rejects an invalid position', () => {
    const broken = bgPosition({ 13: 1 }, { 5: 1 });
    const b = broken.board.slice();
    b[0] = 3;
    const r = countShots(makePosition('backgammon', b), 5);
    expect(r.ok ? 'ok' : r.error.code).toBe('ERR_CHECKER_COUNT');
  });
});

describe('countShots: property', () => {
  it('one attacker, one blot d <= 6 away, open board: equals the simple table', () => {
    const scenario = fc.integer({ min: 1, max: 6 }).chain((d) =>
      fc.integer({ min: d + 1, max: BAR }).chain((attacker) => {
        const blot = attacker - d;
        // Checkers that can neither hit nor block: mine below the blot, theirs behind the attacker.
        const mine = blot > 1 ? fc.array(fc.integer({ min: 1, max: blot - 1 }), { maxLength: 14 }) : fc.constant([]);
        const theirs =
          attacker < 24 ? fc.array(fc.integer({ min: attacker + 1, max: 24 }), { maxLength: 14 }) : fc.constant([]);
        return fc.tuple(fc.constant(d), fc.constant(attacker), mine, theirs);
      }),
    );
    fc.assert(
      fc.property(scenario, ([d, attacker, mineExtra, theirExtra]) => {
        const mine: Record<number, number> = { [attacker]: 1 };
        for (const p of mineExtra) mine[p] = (mine[p] ?? 0) + 1;
        const theirs: Record<number, number> = { [attacker - d]: 1 };
        for (const p of theirExtra) theirs[p] = (theirs[p] ?? 0) + 1;
        expect(shots(bgPosition(mine, theirs), attacker - d).rolls).toBe(simple(d));
      }),
      { numRuns: 150 },
    );
  });
});
