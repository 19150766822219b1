import { type Dice, GAME_IDS, type GameId, makeZarPosition, rulesFor } from '@zar/engine';
import { type BoardCube, type BoardSetup, MONEY_CUBE } from '@zar/match';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardQuery, readBoardQuery } from '../src/analysis-board/link.js';

const die = fc.integer({ min: 1, max: 6 });

/** A position reached by random legal plays from the start, so that every one is a game's. */
function reached(game: GameId, moves: readonly (readonly [number, number, number])[]) {
  const rules = rulesFor(game);
  let position = rules.start();
  let onRoll: 0 | 1 = 0;
  for (const [a, b, pick] of moves) {
    if (rules.outcome(position) !== null) break;
    const dice: Dice = position.run > 0 ? [position.run, position.run] : [a, b];
    const plays = rules.legalPlays(position, dice);
    const play = plays[pick % Math.max(plays.length, 1)];
    const next = play === undefined ? rules.pass(position, dice) : play.next;
    if (!(next.run > 0 && rules.outcome(next) === null)) onRoll = onRoll === 0 ? 1 : 0;
    position = next;
  }
  return { position, onRoll };
}

const moneyCube = fc.record({
  value: fc.constantFrom(1, 2, 4, 8, 16, 32, 64),
  owner: fc.constantFrom('centre', 'onRoll', 'opponent'),
  jacoby: fc.boolean(),
  beaver: fc.boolean(),
});

const matchCube = fc.integer({ min: 1, max: 25 }).chain((length) =>
  fc.record({
    length: fc.constant(length),
    score: fc.tuple(fc.integer({ min: 0, max: length - 1 }), fc.integer({ min: 0, max: length - 1 })),
    value: fc.constantFrom(1, 2, 4, 8),
    owner: fc.constantFrom('centre', 'onRoll', 'opponent'),
  }),
);

/** A cube as an XGID holds it: centred at 1, or owned above 1. */
const cube: fc.Arbitrary<BoardCube> = fc.oneof(
  moneyCube.map((c) => ({ ...MONEY_CUBE, ...ownerFits(c), jacoby: c.jacoby, beaver: c.beaver })),
  matchCube.map((c) => ({ ...MONEY_CUBE, ...ownerFits(c), matchLength: c.length, score: c.score })),
);

function ownerFits(c: { value: number; owner: string }): Pick<BoardCube, 'value' | 'owner'> {
  if (c.value === 1 || c.owner === 'centre') return { value: 1, owner: 'centre' };
  return { value: c.value, owner: c.owner === 'onRoll' ? 'onRoll' : 'opponent' };
}

const setup: fc.Arbitrary<BoardSetup> = fc
  .record({
    game: fc.constantFrom(...GAME_IDS),
    moves: fc.array(fc.tuple(die, die, fc.nat()), { maxLength: 40 }),
    dice: fc.option(fc.tuple(die, die)),
    cube,
  })
  .map(({ game, moves, dice, cube }) => {
    const { position, onRoll } = reached(game, moves);
    const rolled: Dice | null =
      position.run > 0 ? [position.run, position.run] : dice === null ? null : [Math.max(...dice), Math.min(...dice)];
    const hasCube = rulesFor(game).hasCube && position.ended === null;
    return { game, position, onRoll, dice: rolled, cube: hasCube ? cube : game === 'backgammon' ? MONEY_CUBE : null };
  });

/** What a setup means, without the form it was read in. */
const meaning = (s: BoardSetup) => ({
  game: s.game,
  // An XGID keeps no turn counters: backgammon's rules never read them.
  position: makeZarPosition(s.game === 'backgammon' ? { ...s.position, turns: [0, 0] } : s.position),
  onRoll: s.onRoll,
  dice: s.dice,
  cube: s.cube,
});

describe('the analysis board link', () => {
  it('opens the same position, side on roll, dice, cube and score (every game)', () => {
    fc.assert(
      fc.property(setup, (s) => {
        const read = readBoardQuery(boardQuery(s));
        expect(read?.ok).toBe(true);
        if (read?.ok) expect(meaning(read.value)).toEqual(meaning(s));
      }),
      { numRuns: 300 },
    );
  });

  it('holds no setup without a position, and says why a broken one is not read', () => {
    expect(readBoardQuery('')).toBeNull();
    expect(readBoardQuery('?side=1')).toBeNull();
    const broken = readBoardQuery('?p=XGID%3Dnonsense');
    expect(broken?.ok).toBe(false);
  });

  it('reads an XGID pasted into the link as it stands', () => {
    const xgid = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10';
    const read = readBoardQuery(`?p=${encodeURIComponent(xgid)}`);
    expect(read?.ok && read.value.dice).toEqual([5, 2]);
  });
});
