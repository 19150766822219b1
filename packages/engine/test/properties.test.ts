import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  borneOff,
  checkersOf,
  type Dice,
  GAME_IDS,
  type GameId,
  mine,
  onBar,
  type Play,
  type Position,
  pinnedOn,
  rulesFor,
  samePosition,
  THEM,
  theirs,
  theirsOnMyPoint,
} from '../src/index.js';

/** Plays a random game for up to `turns` plays; calls `check` before each play is applied. */
function walk(
  game: GameId,
  rolls: readonly Dice[],
  picks: readonly number[],
  check: (pos: Position, dice: Dice, plays: Play[]) => void,
): Position {
  const rules = rulesFor(game);
  let pos = rules.start();
  for (let i = 0; i < rolls.length; i++) {
    if (rules.outcome(pos)) break;
    const dice: Dice = pos.run > 0 ? [pos.run, pos.run] : (rolls[i] as Dice);
    const plays = rules.legalPlays(pos, dice);
    check(pos, dice, plays);
    const pick = plays[(picks[i] ?? 0) % Math.max(1, plays.length)];
    pos = pick ? pick.next : rules.pass(pos, dice);
  }
  return pos;
}

const die = fc.integer({ min: 1, max: 6 });
const rollsArb = fc.array(fc.tuple(die, die), { minLength: 1, maxLength: 80 });
const picksArb = fc.array(fc.nat(), { minLength: 80, maxLength: 80 });

/** The mover's view of a play's result: mid-run (gul bara) the mover is still on roll. */
const moverSide = (next: Position): number => (next.run > 0 ? 0 : THEM);

describe.each(GAME_IDS)('%s invariants over random games', (game) => {
  const rules = rulesFor(game);

  it('the start position is valid', () => {
    expect(rules.validate(rules.start()).ok).toBe(true);
  });

  it('every legal play keeps 15 checkers a side and leaves a valid position', () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => {
        walk(game, rolls, picks, (_pos, _dice, plays) => {
          for (const play of plays) {
            const v = rules.validate(play.next);
            if (!v.ok) throw new Error(`${v.error.code}: ${v.error.message}`);
            expect(checkersOf(play.next.board, 0)).toBe(15);
            expect(checkersOf(play.next.board, THEM)).toBe(15);
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it("the mover's pips fall by exactly the pips played", () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => {
        walk(game, rolls, picks, (pos, _dice, plays) => {
          const before = rules.pips(pos)[0];
          for (const play of plays) {
            const played = play.steps.reduce((sum, s) => sum + (s.from - s.to), 0);
            const after = rules.pips(play.next)[moverSide(play.next) === 0 ? 0 : 1];
            expect(after).toBe(before - played);
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it('every step of a play uses a die of the roll', () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => {
        walk(game, rolls, picks, (_pos, dice, plays) => {
          for (const play of plays) {
            for (const s of play.steps) expect(dice).toContain(s.die);
            expect(play.steps.length).toBeLessThanOrEqual(dice[0] === dice[1] ? 4 : 2);
          }
        });
      }),
      { numRuns: 30 },
    );
  });

  it('plays are distinct by resulting position', () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => {
        walk(game, rolls, picks, (_pos, _dice, plays) => {
          const keys = new Set(plays.map((p) => `${p.next.run}|${[...p.next.board].join(',')}`));
          expect(keys.size).toBe(plays.length);
        });
      }),
      { numRuns: 30 },
    );
  });

  it('all plays of a roll use the same number of dice', () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => {
        walk(game, rolls, picks, (_pos, _dice, plays) => {
          const counts = new Set(plays.map((p) => p.steps.length));
          expect(counts.size).toBeLessThanOrEqual(1);
        });
      }),
      { numRuns: 30 },
    );
  });

  it('swapSides twice is the identity', () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => {
        const end = walk(game, rolls, picks, () => {});
        expect(samePosition(rules.swapSides(rules.swapSides(end)), end)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('swapSides exchanges the pip counts', () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => {
        const end = walk(game, rolls, picks, () => {});
        const [a, b] = rules.pips(end);
        expect(rules.pips(rules.swapSides(end))).toEqual([b, a]);
      }),
      { numRuns: 40 },
    );
  });

  it('the named board readers see the same checkers from either side', () => {
    fc.assert(
      fc.property(rollsArb, picksArb, (rolls, picks) => {
        const end = walk(game, rolls, picks, () => {});
        const b = end.board;
        const swapped = rules.swapSides(end).board;
        for (const [side, other] of [
          ['onRoll', 'opponent'],
          ['opponent', 'onRoll'],
        ] as const) {
          expect(onBar(swapped, side)).toBe(onBar(b, other));
          expect(borneOff(swapped, side)).toBe(borneOff(b, other));
        }
        for (let q = 1; q <= 24; q++) {
          expect(theirs(swapped, q)).toBe(mine(b, q));
          // The opponent on my point q is, after the swap, the side on roll on its own number of it.
          expect(theirsOnMyPoint(rules, b, q)).toBe(mine(swapped, rules.theirPointToMine(q)));
          const pin = pinnedOn(b, q);
          const flipped = pin === null ? null : pin === 'onRoll' ? 'opponent' : 'onRoll';
          expect(pinnedOn(swapped, rules.theirPointToMine(q))).toBe(flipped);
        }
      }),
      { numRuns: 40 },
    );
  });
});
