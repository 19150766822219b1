import { type Dice, GAME_IDS, type GameId, makeZarPosition, type Position, rulesFor, samePosition } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BoardCube,
  type BoardSetup,
  linkTextOf,
  MONEY_CUBE,
  makePositionText,
  type PositionText,
  readPositionText,
} from '../src/position-text.js';

const START = 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5';

function read(text: string): PositionText {
  const r = readPositionText(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

const codeOf = (text: string): string => {
  const r = readPositionText(text);
  return r.ok ? 'ok' : r.error.code;
};

describe('readPositionText', () => {
  it('reads the opening position in each form, with the same board', () => {
    const zar = read(START);
    const id = read('4HPwATDgc/ABMA');
    const gnubg = read('Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA');
    const xgid = read('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10');
    expect([zar.form, id.form, gnubg.form, xgid.form]).toEqual(['zar', 'position-id', 'position-id', 'xgid']);
    for (const r of [id, gnubg, xgid]) expect(samePosition(r.position, zar.position)).toBe(true);
    expect(zar.cube).toEqual(MONEY_CUBE);
    expect(id.cube).toEqual(MONEY_CUBE);
  });

  it("reads a Match ID's dice, score, cube and player on roll, from the side on roll", () => {
    // gnubg: player 1 on roll with 5-2 in a 7-point match at 2-4 (player 0 has 2), cube 2 owned by player 0.
    const text = makePositionText(
      {
        game: 'backgammon',
        position: read(START).position,
        onRoll: 1,
        dice: [5, 2],
        cube: { ...MONEY_CUBE, value: 2, owner: 'opponent', matchLength: 7, score: [4, 2] },
      },
      'position-id',
    );
    const r = read(text);
    expect(r).toMatchObject({ onRoll: 1, dice: [5, 2] });
    expect(r.cube).toEqual({ ...MONEY_CUBE, value: 2, owner: 'opponent', matchLength: 7, score: [4, 2] });
  });

  it('reads Zar text of every game, with dice larger first', () => {
    for (const game of GAME_IDS) {
      const r = read(`${makeZarPosition(rulesFor(game).start())}:dice=36`);
      expect(r).toMatchObject({ game, form: 'zar', dice: [6, 3], onRoll: 0 });
      expect(r.cube === null).toBe(game !== 'backgammon');
    }
  });

  it('refuses what it cannot read, each with its code', () => {
    expect(codeOf('')).toBe('ERR_POSITION_TEXT');
    expect(codeOf('x'.repeat(400))).toBe('ERR_POSITION_TEXT');
    expect(codeOf('4HPwATDgc/AB')).toBe('ERR_POSITION_ID');
    expect(codeOf('4HPwATDgc/ABMA:cAkAAAAAAAA')).toBe('ERR_MATCH_ID');
    expect(codeOf('chess:1/2')).toBe('ERR_UNKNOWN_GAME');
    expect(codeOf('backgammon:24x2/24x2')).not.toBe('ok');
    expect(codeOf(`${START}:dice=71`)).toBe('ERR_POSITION_TEXT');
    expect(codeOf('XGID=-b----E-C---eE---c-e----B-:0:0:3:00:0:0:0:0:10')).toBe('ERR_XGID_FIELD');
    expect(codeOf('XGID=-b----E-C---eE---c-e----B-:0:0:1')).toBe('ERR_XGID_FORMAT');
    // A gul bara run fixes the dice.
    const run = makeZarPosition({ ...rulesFor('gul-bara').start(), run: 3 });
    expect(codeOf(`${run}:dice=64`)).toBe('ERR_POSITION_TEXT');
    expect(codeOf(`${run}:dice=33:dice=33`)).toBe('ERR_POSITION_TEXT');
  });

  it('says where a Zar text goes wrong', () => {
    const r = readPositionText('backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6y5');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/character/);
  });
});

/** Positions met in a random game of `game`. */
function positionsOf(game: GameId, rolls: readonly Dice[], picks: readonly number[]): Position[] {
  const rules = rulesFor(game);
  const seen: Position[] = [];
  let pos = rules.start();
  for (let i = 0; i < rolls.length && !rules.outcome(pos); i++) {
    const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : (rolls[i] as Dice);
    const plays = rules.legalPlays(pos, dice);
    const pick = plays[(picks[i] ?? 0) % Math.max(1, plays.length)];
    pos = pick ? pick.next : rules.pass(pos, dice);
    if (!rules.outcome(pos)) seen.push(pos);
  }
  return seen;
}

function setupAt(position: Position, dice: Dice | null, cube: BoardCube | null = null, onRoll: 0 | 1 = 0): BoardSetup {
  const rolled = position.run > 0 ? ([position.run, position.run] as Dice) : dice;
  return {
    game: position.game,
    position,
    onRoll,
    dice: rolled,
    cube: position.game === 'backgammon' ? (cube ?? MONEY_CUBE) : null,
  };
}

const die = fc.integer({ min: 1, max: 6 });
/** Dice larger first, or none. */
const diceArb = fc.option(
  fc.tuple(die, die).map(([a, b]) => (a >= b ? [a, b] : [b, a]) as unknown as Dice),
  { nil: null },
);
const walk = (games: readonly GameId[]) =>
  fc.tuple(
    fc.constantFrom(...games),
    fc.array(fc.tuple(die, die), { minLength: 1, maxLength: 60 }),
    fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
  );

/** A cube and match as a Match ID and an XGID can both hold them. */
const cubeArb = (beaver: boolean): fc.Arbitrary<BoardCube> =>
  fc
    .record({
      log: fc.integer({ min: 0, max: 6 }),
      owner: fc.constantFrom('centre', 'onRoll', 'opponent'),
      doubled: fc.boolean(),
      length: fc.constantFrom(0, 1, 3, 5, 7, 11),
      a: fc.nat(),
      b: fc.nat(),
      flag: fc.boolean(),
      beaverFlag: fc.boolean(),
    })
    .map(({ log, owner, doubled, length, a, b, flag, beaverFlag }) => {
      const money = length === 0;
      const score: [number, number] = money ? [a % 30, b % 30] : [a % length, b % length];
      const crawford = !money && flag && (score[0] === length - 1) !== (score[1] === length - 1);
      const value = crawford ? 1 : 2 ** log;
      return {
        value,
        owner: value === 1 ? 'centre' : (owner as BoardCube['owner']),
        doubled: doubled && !crawford,
        matchLength: length,
        score,
        crawford,
        jacoby: money && flag,
        beaver: money && beaver && beaverFlag,
      };
    });

/** The setup as read back, dice dropped while a double waits for its answer. */
const expected = (s: BoardSetup): BoardSetup => (s.cube?.doubled ? { ...s, dice: null } : s);

function expectSame(back: PositionText, s: BoardSetup, keepsTurns = true): void {
  const want = expected(s);
  expect(back.game).toBe(want.game);
  const pos = keepsTurns ? want.position : { ...want.position, turns: [0, 0] as const };
  expect(samePosition(back.position, pos)).toBe(true);
  expect(back.onRoll).toBe(want.onRoll);
  expect(back.dice).toEqual(want.dice);
  expect(back.cube).toEqual(want.cube);
}

describe('round trips: reading what was written gives the setup back', () => {
  it('Zar text with dice, every game', () => {
    fc.assert(
      fc.property(walk(GAME_IDS), diceArb, ([game, rolls, picks], dice) => {
        for (const pos of positionsOf(game, rolls as Dice[], picks)) {
          const s = setupAt(pos, dice);
          expectSame(read(makePositionText(s, 'zar')), s);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('Position ID with its Match ID', () => {
    fc.assert(
      fc.property(walk(['backgammon']), diceArb, cubeArb(false), fc.constantFrom(0, 1), (w, dice, cube, onRoll) => {
        for (const pos of positionsOf('backgammon', w[1] as Dice[], w[2])) {
          const s = setupAt(pos, dice, cube, onRoll as 0 | 1);
          expectSame(read(makePositionText(s, 'position-id')), s, false);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('XGID, which is also the link of a backgammon setup', () => {
    fc.assert(
      fc.property(walk(['backgammon']), diceArb, cubeArb(true), fc.constantFrom(0, 1), (w, dice, cube, onRoll) => {
        for (const pos of positionsOf('backgammon', w[1] as Dice[], w[2])) {
          const s = setupAt(pos, dice, cube, onRoll as 0 | 1);
          const text = makePositionText(s, 'xgid');
          expect(linkTextOf(s)).toBe(text);
          expectSame(read(text), s, false);
        }
      }),
      { numRuns: 40 },
    );
  });
});
