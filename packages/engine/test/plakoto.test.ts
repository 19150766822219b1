import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPlakoto,
  createRules,
  type Dice,
  makePosition,
  type Outcome,
  PIN_BASE,
  PLAKOTO_BOARD_LENGTH,
  type Play,
  type Position,
  rulesFor,
  samePosition,
  THEM,
} from '../src/index.js';

const plakoto = rulesFor('plakoto');

/**
 * A position seen from the side on roll. `mine` and `theirs` are keyed by MY point number
 * (their checkers on my q stand on their 25 − q); checkers not placed are borne off.
 * `pins` is keyed by my point: 1 = my checker there is pinned, -1 = I pin theirs.
 */
interface Layout {
  readonly mine: Readonly<Record<number, number>>;
  readonly theirs: Readonly<Record<number, number>>;
  readonly pins?: Readonly<Record<number, number>>;
}

function build(l: Layout): Position {
  const b = new Int8Array(PLAKOTO_BOARD_LENGTH);
  let mine = 0;
  let theirs = 0;
  for (const [q, n] of Object.entries(l.mine)) {
    b[Number(q)] = n;
    mine += n;
  }
  for (const [q, n] of Object.entries(l.theirs)) {
    b[THEM + 25 - Number(q)] = n;
    theirs += n;
  }
  b[0] = 15 - mine;
  b[THEM] = 15 - theirs;
  for (const [q, pin] of Object.entries(l.pins ?? {})) b[PIN_BASE + Number(q)] = pin;
  return makePosition('plakoto', b);
}

/** A play written as "from/to" per step, e.g. "10/7* 7/5". */
const text = (p: Play): string => p.steps.map((s) => `${s.from}/${s.to}${s.hit ? '*' : ''}`).join(' ');
/** My checkers on my point q after the play (the next position has me as the opponent). */
const mineAfter = (p: Play, q: number): number => p.next.board[THEM + q] ?? 0;
/** The one play after which my points hold the given counts (plays are deduplicated by board). */
const find = (plays: Play[], counts: Readonly<Record<number, number>>): Play => {
  const hits = plays.filter((p) => Object.entries(counts).every(([q, n]) => mineAfter(p, Number(q)) === n));
  if (hits.length !== 1) throw new Error(`${hits.length} plays match among ${plays.map(text).join(', ')}`);
  return hits[0] as Play;
};
/** The byte for the physical point that is my q, read from the next position (opponent on roll). */
const pinAfter = (p: Play, myPoint: number): number => p.next.board[PIN_BASE + 25 - myPoint] ?? 0;

const START = plakoto.start();

// Intermediate pin: my checker on 10 can land on their blot on my 7.
const PASS_THROUGH: Layout = { mine: { 24: 14, 10: 1 }, theirs: { 7: 1, 1: 14 } };
// My checker on 20 is pinned by a single opposing checker; the point is blocked for me.
const PINNED_20: Layout = { mine: { 24: 13, 20: 1, 18: 1 }, theirs: { 20: 1, 1: 14 }, pins: { 20: 1 } };
// My checker on 10 is pinned; my 13 cannot land there; their 14 on my 23 block 24/23.
const PINNED_10: Layout = { mine: { 24: 13, 13: 1, 10: 1 }, theirs: { 10: 1, 23: 14 }, pins: { 10: 1 } };
// One runner on 13, 14 checkers on my 1 that cannot move until bearing off; my 2 blocked.
const LARGER_DIE: Layout = { mine: { 13: 1, 1: 14 }, theirs: { 2: 2, 24: 13 } };
// 13/8 alone is a dead end (8/2 and 10/4 blocked), 13/7 10/5 plays both dice.
const MAX_DICE: Layout = { mine: { 13: 1, 10: 1, 1: 13 }, theirs: { 4: 2, 2: 2, 24: 11 } };
// All home, but my checker on 3 is pinned by a straggler.
const HOME_PINNED: Layout = { mine: { 6: 14, 3: 1 }, theirs: { 3: 1, 24: 14 }, pins: { 3: 1 } };
// The same without the straggler.
const HOME_FREE: Layout = { mine: { 6: 14, 3: 1 }, theirs: { 24: 15 } };

const COUNTS: readonly (readonly [string, Position, Dice, number, string])[] = [
  ['start', START, [3, 1], 2, 'hand-checked: 24/21 24/23 or 24/20; nothing blocks'],
  ['start', START, [6, 5], 2, 'hand-checked: 24/18 24/19 or 24/13'],
  [
    'start',
    START,
    [1, 1],
    5,
    'hand-checked: partitions of 4 moves over checkers from 24 (4, 3+1, 2+2, 2+1+1, 1+1+1+1)',
  ],
  ['start', START, [5, 5], 5, 'hand-checked: partitions of 4; 24/4 needs no bear-off'],
  ['start', START, [6, 6], 4, 'hand-checked: partitions of 4 except 24/off, bearing off needs all home'],
  ['pass through', build(PASS_THROUGH), [3, 2], 5, 'hand-checked: 24/21 24/22, 24/19, 24/21 10/8, 10/7* 24/22, 10/5'],
  [
    'pinned 20',
    build(PINNED_20),
    [4, 2],
    3,
    'hand-checked: 24/22 18/14, 24/18, 18/12; 24/20 blocked by a single pinner',
  ],
  [
    'pinned 20',
    build(PINNED_20),
    [2, 2],
    5,
    'hand-checked: k checkers 24/22 (22/20 blocked), 18 runs 4-k twos, k=0..4',
  ],
  ['pinned 10', build(PINNED_10), [3, 1], 3, 'hand-checked: 24/20, 24/21 13/12, 13/9; 13/10 and 24/23 blocked'],
  ['larger die', build(LARGER_DIE), [6, 5], 1, 'spec §3: only one die fits (7/2, 8/2 blocked), so the 6: 13/7'],
  ['max dice', build(MAX_DICE), [6, 5], 1, 'spec §3: 13/8 alone leaves the 6 unplayable; only 13/7 10/5 uses both'],
  ['home, pinned', build(HOME_PINNED), [2, 1], 1, 'spec §5: no bear-off while pinned, 3 is blocked: 6/5 6/4'],
  ['home, free', build(HOME_FREE), [2, 1], 5, 'hand-checked: 6/5 6/4, 6/3, 6/4 3/2, 6/5 3/1, 3/off'],
  ['home, pinned', build(HOME_PINNED), [6, 5], 1, 'spec §5: 6/off is barred by the pin, so only the 5: 6/1'],
  ['home, free', build(HOME_FREE), [6, 5], 1, 'hand-checked: 6/off 6/1 (the 5 cannot bear off past the 6 point)'],
];

describe('plakoto legal-play counts', () => {
  for (const [name, pos, dice, expected, source] of COUNTS) {
    it(`${name} ${dice.join('-')}: ${expected} (${source})`, () => {
      expect(plakoto.validate(pos).ok).toBe(true);
      expect(plakoto.legalPlays(pos, dice)).toHaveLength(expected);
    });
  }
});

describe('plakoto start', () => {
  it('has 15 checkers on each 24 point and 360 pips a side', () => {
    expect(START.board[24]).toBe(15);
    expect(START.board[THEM + 24]).toBe(15);
    expect(plakoto.pips(START)).toEqual([360, 360]);
  });
  it('is registered with the spec defaults', () => {
    expect(plakoto.options).toEqual({
      motherException: true,
      draw: 'counts-nothing',
      openingRoll: 'winner-rolls-again',
      laterGames: 'previous-winner',
    });
    const r = createRules('plakoto', { motherException: false });
    expect(r.ok && (r.value.options as { motherException: boolean }).motherException).toBe(false);
  });
});

describe('plakoto pins', () => {
  it('a pin on the intermediate point is released when the checker moves on', () => {
    const plays = plakoto.legalPlays(build(PASS_THROUGH), [3, 2]);
    // 10/7* 7/5 and 10/8 8/5 reach the same board: one play, no pin left behind.
    const through = find(plays, { 10: 0, 7: 0, 8: 0, 5: 1 });
    expect(pinAfter(through, 7)).toBe(0);
    // Their checker on my 7 is free again: in their numbering it stands on 18.
    expect(through.next.board[18]).toBe(1);
    const stays = find(plays, { 10: 0, 7: 1, 22: 1 });
    expect(stays.steps.some((st) => st.to === 7 && st.hit)).toBe(true);
    expect(pinAfter(stays, 7)).toBe(1);
  });

  it('the pinned checker cannot move and the pinned point is blocked for its owner', () => {
    const stays = find(plakoto.legalPlays(build(PASS_THROUGH), [3, 2]), { 10: 0, 7: 1, 22: 1 });
    // Opponent on roll: their checker on their 18 is pinned; their 24 checkers cannot reach 18 by 6-6.
    for (const dice of [[6, 6] as const, [1, 1] as const, [4, 2] as const]) {
      for (const p of plakoto.legalPlays(stays.next, dice)) {
        for (const s of p.steps) {
          expect(s.from).not.toBe(18);
          expect(s.to).not.toBe(18);
        }
      }
    }
  });

  it('stacking on a pin keeps the victim pinned until every pinner has left', () => {
    const pos = build({ mine: { 24: 13, 18: 1, 15: 1 }, theirs: { 15: 1, 1: 14 }, pins: { 15: -1 } });
    const plays = plakoto.legalPlays(pos, [3, 1]);
    const stacked = find(plays, { 18: 0, 15: 1, 14: 1 });
    expect(stacked.steps.every((s) => !s.hit)).toBe(true);
    expect(pinAfter(stacked, 15)).toBe(1);
    const left = find(plays, { 24: 12, 15: 0, 14: 1 });
    expect(pinAfter(left, 15)).toBe(0);
  });

  it('no bear-off while a checker is pinned, and bear-off resumes once it is free', () => {
    const pinned = plakoto.legalPlays(build(HOME_PINNED), [2, 1]);
    expect(pinned).toHaveLength(1);
    expect(pinned[0]?.steps.map((st) => `${st.from}/${st.to}`).sort()).toEqual(['6/4', '6/5']);
    const bearsOff = (p: Play): boolean => p.steps.some((st) => st.to === 0);
    for (const dice of [[2, 1] as const, [6, 5] as const]) {
      expect(plakoto.legalPlays(build(HOME_PINNED), dice).some(bearsOff)).toBe(false);
      expect(plakoto.legalPlays(build(HOME_FREE), dice).some(bearsOff)).toBe(true);
    }
    expect(plakoto.legalPlays(build(HOME_PINNED), [6, 5]).map(text)).toEqual(['6/1']);
  });

  it('max-dice and larger-die plays are the ones the spec names', () => {
    expect(plakoto.legalPlays(build(LARGER_DIE), [6, 5]).map(text)).toEqual(['13/7']);
    expect(plakoto.legalPlays(build(MAX_DICE), [6, 5]).map((p) => text(p).split(' ').sort().join(' '))).toEqual([
      '10/5 13/7',
    ]);
  });
});

describe('plakoto mother rule', () => {
  const MOTHER_WIN: Outcome = { winner: 'opponent', kind: 'mother', points: 2 };
  const mother = (p: Play): boolean => pinAfter(p, 1) === 1;

  it('pinning the mother ends the game for 2 points', () => {
    const pos = build({ mine: { 8: 14, 4: 1 }, theirs: { 1: 1, 19: 14 } });
    const plays = plakoto.legalPlays(pos, [3, 1]);
    expect(plays).toHaveLength(4);
    for (const p of plays) expect(plakoto.outcome(p.next)).toEqual(mother(p) ? MOTHER_WIN : null);
    const win = find(plays, { 4: 0, 1: 1, 7: 1 });
    expect(plakoto.legalPlays(win.next, [6, 5])).toEqual([]);
    expect(plakoto.validate(win.next).ok).toBe(true);
  });

  it('exception: the pinner still has a checker on his own 24, so play goes on', () => {
    const layout = { mine: { 24: 1, 8: 13, 4: 1 }, theirs: { 1: 1, 19: 14 } };
    const on = find(plakoto.legalPlays(build(layout), [3, 1]), { 4: 0, 1: 1, 7: 1 });
    expect(plakoto.outcome(on.next)).toBeNull();
    expect(pinAfter(on, 1)).toBe(1);
    expect(plakoto.legalPlays(on.next, [6, 5]).length).toBeGreaterThan(0);
    const strict = createPlakoto({ motherException: false });
    const off = find(strict.legalPlays(build(layout), [3, 1]), { 4: 0, 1: 1, 7: 1 });
    expect(strict.outcome(off.next)).toEqual(MOTHER_WIN);
  });

  it('both mothers pinned is a draw', () => {
    const pos = build({ mine: { 24: 1, 8: 13, 4: 1 }, theirs: { 24: 1, 1: 1, 19: 13 }, pins: { 24: 1 } });
    const draw = find(plakoto.legalPlays(pos, [3, 1]), { 4: 0, 1: 1, 7: 1 });
    expect(plakoto.outcome(draw.next)).toEqual({ winner: null, kind: 'draw', points: 0 });
    expect(plakoto.validate(draw.next).ok).toBe(true);
  });

  it('a mother pin standing from an earlier turn never ends the game later', () => {
    const pos = build({ mine: { 24: 1, 8: 13, 1: 1 }, theirs: { 1: 1, 19: 14 }, pins: { 1: -1 } });
    for (const rules of [plakoto, createPlakoto({ motherException: false })]) {
      const plays = rules.legalPlays(pos, [6, 5]);
      expect(plays.some((p) => p.next.board[THEM + 24] === 0 && mother(p))).toBe(true);
      for (const p of plays) expect(rules.outcome(p.next)).toBeNull();
    }
  });

  it('a mother pinned and released within the turn does not end the game', () => {
    const pos = build({ mine: { 3: 1, 2: 14 }, theirs: { 1: 1, 19: 14 } });
    const plays = plakoto.legalPlays(pos, [2, 1]);
    const released = find(plays, { 0: 1, 3: 0, 1: 0 });
    expect(plakoto.outcome(released.next)).toBeNull();
    for (const p of plays) expect(plakoto.outcome(p.next)).toEqual(mother(p) ? MOTHER_WIN : null);
  });

  it('a lone checker pinned elsewhere in the start quarter is an ordinary pin', () => {
    const pos = build({ mine: { 8: 14, 4: 1 }, theirs: { 2: 1, 19: 14 } });
    const pin = find(plakoto.legalPlays(pos, [2, 1]), { 4: 0, 2: 1, 7: 1 });
    expect(plakoto.outcome(pin.next)).toBeNull();
  });
});

describe('plakoto validate', () => {
  const withByte = (pos: Position, i: number, v: number): Position => {
    const b = pos.board.slice();
    b[i] = v;
    return makePosition('plakoto', b);
  };
  const code = (pos: Position): string | null => {
    const r = plakoto.validate(pos);
    return r.ok ? null : r.error.code;
  };
  const pinned7 = build({ mine: { 24: 14, 7: 1 }, theirs: { 7: 1, 1: 14 }, pins: { 7: -1 } });

  it('accepts the start and a consistent pin', () => {
    expect(code(START)).toBeNull();
    expect(code(pinned7)).toBeNull();
  });
  it('rejects pins the counts do not allow', () => {
    expect(code(withByte(pinned7, PIN_BASE + 7, 2))).toBe('ERR_PIN');
    const noPinner = build({ mine: { 24: 14, 7: 1 }, theirs: { 1: 15 }, pins: { 7: 1 } });
    expect(code(noPinner)).toBe('ERR_PIN');
    expect(code(withByte(START, PIN_BASE + 10, -1))).toBe('ERR_PIN');
    expect(code(withByte(START, PIN_BASE, 1))).toBe('ERR_PIN');
    const two = build({ mine: { 24: 14, 7: 1 }, theirs: { 7: 2, 1: 13 }, pins: { 7: -1 } });
    expect(code(two)).toBe('ERR_PIN');
    const stacked = build({ mine: { 24: 13, 7: 2 }, theirs: { 7: 1, 1: 14 }, pins: { 7: 1 } });
    expect(code(stacked)).toBe('ERR_PIN');
  });
  it('rejects both colours on a point without a pin', () => {
    expect(code(withByte(pinned7, PIN_BASE + 7, 0))).toBe('ERR_SHARED_POINT');
  });
  it('rejects an early end the board does not show', () => {
    const ended = makePosition('plakoto', START.board, [0, 0], 0, { winner: 'opponent', kind: 'mother', points: 2 });
    expect(code(ended)).toBe('ERR_PIN');
  });
  it('rejects wrong lengths and runs', () => {
    expect(code(makePosition('plakoto', new Int8Array(52)))).toBe('ERR_BOARD_LENGTH');
    expect(code(makePosition('plakoto', START.board, [0, 0], 3))).toBe('ERR_RUN');
  });
});

describe('plakoto properties', () => {
  const die = fc.integer({ min: 1, max: 6 });
  const game = fc.array(fc.tuple(die, die, fc.nat()), { maxLength: 80 });

  /** Plays random legal plays from the start; visits every position reached. */
  function playout(moves: readonly (readonly [number, number, number])[], visit: (p: Position) => void): void {
    let pos = START;
    visit(pos);
    for (const [a, b, pick] of moves) {
      if (plakoto.outcome(pos)) return;
      const plays = plakoto.legalPlays(pos, [a, b]);
      pos = plays.length === 0 ? plakoto.pass(pos, [a, b]) : (plays[pick % plays.length] as Play).next;
      visit(pos);
    }
  }

  it('every reached position validates, and swapSides twice is the identity', () => {
    fc.assert(
      fc.property(game, (moves) => {
        playout(moves, (pos) => {
          expect(plakoto.validate(pos).ok).toBe(true);
          const swapped = plakoto.swapSides(pos);
          expect(plakoto.validate(swapped).ok).toBe(true);
          expect(samePosition(plakoto.swapSides(swapped), pos)).toBe(true);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('swapSides moves a pin to the mirrored point and flips its sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.constantFrom(1, -1), (q, pin) => {
        const b = new Int8Array(PLAKOTO_BOARD_LENGTH);
        b[PIN_BASE + q] = pin;
        const swapped = plakoto.swapSides(makePosition('plakoto', b)).board;
        for (let p = 1; p <= 24; p++) expect(swapped[PIN_BASE + p]).toBe(p === 25 - q ? -pin : 0);
      }),
    );
  });
});
