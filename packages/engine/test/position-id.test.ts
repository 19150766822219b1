import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BAR,
  CHECKERS,
  makePosition,
  makePositionId,
  type Position,
  parsePositionId,
  rulesFor,
  THEM,
} from '../src/index.js';
import { backgammonPositionArb } from './backgammon-arbitrary.js';

const bg = rulesFor('backgammon');

interface GoldenId {
  readonly id: string;
  readonly onRoll: readonly number[];
  readonly notOnRoll: readonly number[];
  readonly how: string;
}

/** Written by packages/engine/tools/gnubg-fixture.py from gnubg 1.07's own output. */
const golden = JSON.parse(readFileSync(new URL('./fixtures/gnubg-position-ids.json', import.meta.url), 'utf8')) as {
  rows: GoldenId[];
};

/** A gnubg board half (index i = point i + 1, 24 = bar) into our side starting at `base`. */
function fromGnubg(onRoll: readonly number[], notOnRoll: readonly number[]): Position {
  const b = new Int8Array(52);
  for (const [base, half] of [
    [0, onRoll],
    [THEM, notOnRoll],
  ] as const) {
    let counted = 0;
    half.forEach((n, i) => {
      b[base + i + 1] = n;
      counted += n;
    });
    b[base] = CHECKERS - counted;
  }
  return makePosition('backgammon', b);
}

describe('gnubg Position ID', () => {
  it('the start is 4HPwATDgc/ABMA (spec backgammon.md §12.1)', () => {
    expect(makePositionId(bg.start())).toBe('4HPwATDgc/ABMA');
    const parsed = parsePositionId('4HPwATDgc/ABMA');
    expect(parsed.ok && parsed.value.board).toEqual(bg.start().board);
  });

  it.each(golden.rows.map((r) => [r.id, r] as const))('%s is what gnubg printed', (id, row) => {
    const pos = fromGnubg(row.onRoll, row.notOnRoll);
    expect(makePositionId(pos)).toBe(id);
    const parsed = parsePositionId(id);
    expect(parsed.ok && parsed.value.board).toEqual(pos.board);
  });

  it('writes the side not on roll first: swapping sides changes an asymmetric ID', () => {
    // gnubg printed 4HPhASLgc/ABMA with the side not on roll having played 24/21 13/9.
    const parsed = parsePositionId('4HPhASLgc/ABMA');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const b = parsed.value.board;
    expect([b[THEM + 24], b[THEM + 21], b[THEM + 13], b[THEM + 9]]).toEqual([1, 1, 4, 1]);
    expect([b[24], b[13]]).toEqual([2, 5]);
    expect(makePositionId(bg.swapSides(parsed.value))).not.toBe('4HPhASLgc/ABMA');
  });

  it("after gnubg's own 'move 8/5 6/5' from the start it printed sGfwATDgc/ABMA: the mover, now not on roll, first", () => {
    expect(golden.rows.some((r) => r.id === 'sGfwATDgc/ABMA' && r.how.includes("'move 8/5 6/5'"))).toBe(true);
    const parsed = parsePositionId('sGfwATDgc/ABMA');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const b = parsed.value.board;
    expect([b[THEM + 8], b[THEM + 6], b[THEM + 5]]).toEqual([2, 4, 2]);
    expect([b[8], b[6], b[5]]).toEqual([3, 5, 0]);
    const mover = bg.legalPlays(bg.start(), [3, 1]).find((p) => makePositionId(p.next) === 'sGfwATDgc/ABMA');
    expect(mover?.steps.map((s) => `${s.from}/${s.to}`).sort()).toEqual(['6/5', '8/5']);
  });

  it('counts checkers missing from board and bar as borne off', () => {
    const parsed = parsePositionId('AQAAAAAA/P8BAA');
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.board[BAR]).toBe(15);
    expect(parsed.value.board[THEM]).toBe(14);
    expect(parsed.value.board[THEM + 1]).toBe(1);
  });
});

const positionArb = backgammonPositionArb();

describe('Position ID round trip', () => {
  it('parse(make(pos)) gives the same board for random valid positions', () => {
    fc.assert(
      fc.property(positionArb, (pos) => {
        const parsed = parsePositionId(makePositionId(pos));
        expect(parsed.ok && parsed.value.board).toEqual(pos.board);
      }),
      { numRuns: 2000 },
    );
  });

  it('make(parse(id)) gives the same ID back', () => {
    fc.assert(
      fc.property(positionArb, (pos) => {
        const id = makePositionId(pos);
        const parsed = parsePositionId(id);
        expect(parsed.ok && makePositionId(parsed.value)).toBe(id);
      }),
    );
  });
});

describe('malformed Position IDs are error values', () => {
  const cases: readonly (readonly [string, string, string])[] = [
    ['', 'ERR_POSITION_ID', 'empty'],
    ['4HPwATDgc/ABM', 'ERR_POSITION_ID', '13 characters'],
    ['4HPwATDgc/ABMAA', 'ERR_POSITION_ID', '15 characters'],
    ['4HPwATDgc/AB=A', 'ERR_POSITION_ID', 'padding character inside'],
    ['4HPwATDgc-ABMA', 'ERR_POSITION_ID', 'not Base64'],
    ['4HPwATDgc/ABMB', 'ERR_POSITION_ID', 'padding bits of the last character set'],
    ['/////////////w', 'ERR_CHECKER_COUNT', 'all 80 bits set: more than 15 checkers'],
    ['AAAAAAAAAAAAAA', 'ERR_BOTH_FINISHED', 'no checkers at all: both sides borne off'],
    ['AQAAAAAA/P8BAQ', 'ERR_POSITION_ID', 'a bit set after both sides (bit 72)'],
    ['AAAAAAAAAAAAAQ', 'ERR_POSITION_ID', 'a bit set after both sides (bit 72), no checkers'],
  ];
  it.each(cases)('%s -> %s (%s)', (id, code) => {
    const r = parsePositionId(id);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.message.length).toBeGreaterThan(0);
    }
  });

  it('a point shared by both sides is rejected', () => {
    // Side not on roll: 15 on its point 1; side on roll: 15 on its point 24, the same point.
    const b = new Int8Array(52);
    b[24] = 15;
    b[THEM + 1] = 15;
    const r = parsePositionId(makePositionId(makePosition('backgammon', b)));
    expect(!r.ok && r.error.code).toBe('ERR_SHARED_POINT');
  });

  const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const idLike = fc.string({ unit: fc.constantFrom(...base64), minLength: 14, maxLength: 14 });
  it('never throws, whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), idLike), (s) => {
        const r = parsePositionId(s);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
    expect(parsePositionId(42 as unknown as string).ok).toBe(false);
  });
});
