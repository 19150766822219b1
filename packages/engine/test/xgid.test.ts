import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BAR,
  type Dice,
  makeXgid,
  type Position,
  parseXgid,
  rulesFor,
  samePosition,
  THEM,
  XGID_DEFAULTS,
  type XgidInfo,
} from '../src/index.js';

const bg = rulesFor('backgammon');
const START_XGID = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10';

function parsed(text: string) {
  const r = parseXgid(text);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** A side as gnubg's board() gives it: points 1..24, then the bar. */
const sideOf = (p: Position, base: number): number[] => Array.from(p.board.subarray(base + 1, base + BAR + 1));

describe('XGID start position', () => {
  it('reads the spec start XGID (backgammon.md §12.3) as the start with default fields', () => {
    const { position, info } = parsed(START_XGID);
    expect(samePosition(position, bg.start())).toBe(true);
    expect(info).toEqual(XGID_DEFAULTS);
  });
  it('writes the start position as the spec start XGID', () => {
    expect(makeXgid(bg.start())).toBe(START_XGID);
  });
});

interface GnubgRow {
  readonly xgid: string;
  /** gnubg.board()[1] and [0]: side on roll and opponent, points 1..24 then bar. */
  readonly onRoll: readonly number[];
  readonly opponent: readonly number[];
  readonly expected: Partial<XgidInfo>;
}

// Source of every row: gnubg 1.07 `set xgid <row>` then gnubg.board() (index 1 = the player
// on roll) and gnubg.cubeinfo() (cube, owner, score, match length, Crawford, Jacoby) and
// gnubg.posinfo() (dice). gnubg's score pair is (not on roll, on roll).
const GNUBG_ROWS: readonly GnubgRow[] = [
  {
    // Turn 1: bottom is on roll; top owns the 2-cube; 7-point match at bottom 2, top 3.
    xgid: 'XGID=a-B-BBC-A---bB---c-d--bB-A:1:-1:1:42:2:3:0:7:10',
    onRoll: [0, 2, 0, 2, 2, 3, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1],
    opponent: [0, 0, 2, 0, 0, 4, 0, 3, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    expected: { cube: 2, cubeOwner: 'opponent', onRoll: 'bottom', dice: [4, 2], score: [2, 3], matchLength: 7 },
  },
  {
    // The same drawing with turn -1: top is on roll, so the sides swap and top owns the cube.
    xgid: 'XGID=a-B-BBC-A---bB---c-d--bB-A:1:-1:-1:42:2:3:0:7:10',
    onRoll: [0, 0, 2, 0, 0, 4, 0, 3, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    opponent: [0, 2, 0, 2, 2, 3, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1],
    expected: { cube: 2, cubeOwner: 'onRoll', onRoll: 'top', dice: [4, 2], score: [3, 2], matchLength: 7 },
  },
  {
    // Money game, top on roll, bottom owns the 4-cube, Jacoby and beavers (CJ 3).
    xgid: 'XGID=aA--BCbBB----a---c-dA-b--A:2:1:-1:00:0:0:3:0:10',
    onRoll: [0, 0, 2, 0, 0, 4, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1],
    opponent: [1, 0, 0, 2, 3, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    expected: { cube: 4, cubeOwner: 'opponent', onRoll: 'top', jacoby: true, beaver: true },
  },
  {
    // Bottom doubled to 8 (decision pending), top owned the cube; 5-point match, 4-1.
    xgid: 'XGID=b-Ca-aD--A-----------c-bb-:3:-1:1:D:4:1:0:5:10',
    onRoll: [0, 3, 0, 0, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    opponent: [2, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2],
    expected: { cube: 8, cubeOwner: 'opponent', cubeAction: 'doubled', score: [4, 1], matchLength: 5 },
  },
  {
    // Crawford game of a 4-point match, bottom rolled 5-1.
    xgid: 'XGID=b-Ca-aD--A-----------c-bb-:0:0:1:51:3:2:1:4:10',
    onRoll: [0, 3, 0, 0, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    opponent: [2, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2],
    expected: { dice: [5, 1], score: [3, 2], matchLength: 4, crawford: true },
  },
];

describe('XGID against gnubg', () => {
  it.each(GNUBG_ROWS)('$xgid', (row) => {
    const { position, info } = parsed(row.xgid);
    expect(sideOf(position, 0)).toEqual(row.onRoll);
    expect(sideOf(position, THEM)).toEqual(row.opponent);
    expect(info).toEqual({ ...XGID_DEFAULTS, ...row.expected });
    expect(makeXgid(position, info)).toBe(row.xgid);
  });

  it('hand-checked: the first row, point by point', () => {
    // Char 25 "A" is bottom's bar (1), char 2 "B" two bottom checkers on bottom's 2, char 0
    // "a" one top checker on top's bar, char 12 "b" two top checkers on bottom's 12 = top's
    // 13. Bottom has 15 on the board, top 12, so top has borne off 3.
    const { position } = parsed(GNUBG_ROWS[0]?.xgid ?? '');
    const b = position.board;
    expect([b[BAR], b[2], b[THEM + BAR], b[THEM + 13], b[0], b[THEM]]).toEqual([1, 2, 1, 2, 0, 3]);
  });
});

const die = fc.integer({ min: 1, max: 6 });
const infoArb: fc.Arbitrary<XgidInfo> = fc
  .record({
    cubeLog: fc.integer({ min: 0, max: 10 }),
    cubeOwner: fc.constantFrom('centre', 'onRoll', 'opponent'),
    onRoll: fc.constantFrom('bottom', 'top'),
    roll: fc.oneof(fc.tuple(die, die), fc.constantFrom(null, 'doubled', 'beavered', 'raccooned')),
    matchLength: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 25 })),
    scores: fc.tuple(fc.nat(), fc.nat()),
    flags: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
    maxLog: fc.integer({ min: 10, max: 12 }),
  })
  .map((r) => {
    const match = r.matchLength > 0;
    const score = (s: number) => (match ? s % r.matchLength : s % 100);
    return {
      cube: 2 ** r.cubeLog,
      cubeOwner: r.cubeOwner,
      onRoll: r.onRoll,
      dice: Array.isArray(r.roll) ? (r.roll as Dice) : null,
      cubeAction: typeof r.roll === 'string' ? r.roll : 'none',
      score: [score(r.scores[0]), score(r.scores[1])],
      matchLength: r.matchLength,
      crawford: match && r.flags[0],
      jacoby: !match && r.flags[1],
      beaver: !match && r.flags[2],
      maxCube: 2 ** r.maxLog,
    } as XgidInfo;
  });

/** A random backgammon position reached by legal play from the start. */
const positionArb = fc
  .tuple(fc.array(fc.tuple(die, die), { maxLength: 50 }), fc.array(fc.nat(), { minLength: 50, maxLength: 50 }))
  .map(([rolls, picks]) => {
    let pos = bg.start();
    rolls.forEach((dice, i) => {
      if (bg.outcome(pos)) return;
      const plays = bg.legalPlays(pos, dice);
      pos = plays[(picks[i] ?? 0) % Math.max(1, plays.length)]?.next ?? bg.pass(pos, dice);
    });
    // An XGID carries no turn counters.
    return { ...pos, turns: [0, 0] as const };
  });

describe('XGID round trip', () => {
  it('parseXgid(makeXgid(pos, info)) gives back pos and info', () => {
    fc.assert(
      fc.property(positionArb, infoArb, (pos, info) => {
        const text = makeXgid(pos, info);
        const back = parsed(text);
        expect(samePosition(back.position, pos)).toBe(true);
        expect(back.info).toEqual(info);
        expect(makeXgid(back.position, back.info)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

describe('malformed XGIDs are error values', () => {
  const board = '-b----E-C---eE---c-e----B-';
  const ERRORS: readonly [string, string, string][] = [
    ['', 'ERR_XGID_FORMAT', '10 fields'],
    [`XGID=${board}:0:0:1:00`, 'ERR_XGID_FORMAT', 'not 5'],
    [`XGID=${board.slice(1)}:0:0:1:00:0:0:0:0:10`, 'ERR_XGID_BOARD', 'not 25'],
    [`XGID=-b----E-C---eE---c-e----B*:0:0:1:00:0:0:0:0:10`, 'ERR_XGID_BOARD', 'character 26'],
    [`XGID=A${board.slice(1)}:0:0:1:00:0:0:0:0:10`, 'ERR_XGID_BOARD', "top player's bar"],
    [`XGID=${board.slice(0, 25)}a:0:0:1:00:0:0:0:0:10`, 'ERR_XGID_BOARD', "bottom player's bar"],
    [`XGID=-b----P-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`, 'ERR_XGID_BOARD', 'bottom player has 26'],
    [`XGID=${board}:0:0:0:00:0:0:0:0:10`, 'ERR_XGID_FIELD', 'turn'],
    [`XGID=${board}:0:2:1:00:0:0:0:0:10`, 'ERR_XGID_FIELD', 'cube position'],
    [`XGID=${board}:x:0:1:00:0:0:0:0:10`, 'ERR_XGID_FIELD', 'cube'],
    [`XGID=${board}:0:0:1:70:0:0:0:0:10`, 'ERR_XGID_FIELD', 'dice'],
    [`XGID=${board}:0:0:1:6:0:0:0:0:10`, 'ERR_XGID_FIELD', 'dice'],
    [`XGID=${board}:0:0:1:00:7:0:0:7:10`, 'ERR_XGID_FIELD', 'less than the match length'],
    [`XGID=${board}:0:0:1:00:0:0:2:7:10`, 'ERR_XGID_FIELD', 'Crawford'],
    [`XGID=${board}:0:0:1:00:0:0:4:0:10`, 'ERR_XGID_FIELD', 'Crawford/Jacoby'],
    [`XGID=${board}:0:0:1:00:-1:0:0:0:10`, 'ERR_XGID_FIELD', 'bottom score'],
  ];
  it.each(ERRORS)('%j -> %s', (text, code, words) => {
    const r = parseXgid(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.message).toContain(words);
  });

  it('the backgammon rules judge the board', () => {
    // hand-checked: no checker drawn means both sides have borne off all 15.
    const r = parseXgid('XGID=--------------------------:0:0:1:00:0:0:0:0:10');
    expect(!r.ok && r.error.code).toBe('ERR_BOTH_FINISHED');
  });

  it('accepts an XGID without the prefix or the cube limit', () => {
    const r = parseXgid('-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0');
    expect(r.ok && samePosition(r.value.position, bg.start()) && r.value.info.maxCube).toBe(1024);
  });

  it('refuses to write a position of another game', () => {
    expect(() => makeXgid(rulesFor('plakoto').start())).toThrow();
  });
});
