import { rulesFor } from '@zar/engine';
import { DICE_ROLLS, type MatchState, newMatch, parseMatchSettings, replay, rollIndex } from '@zar/match';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseMatch } from '../src/analysis/analyse-match.js';
import { createLuckMeter, type LuckMeter, luckOfAction, meanOverRolls } from '../src/analysis/luck.js';
import { buildBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { classify, createEvaluator, type Evaluator, OVER } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { type CubeContext, type CubeOwner, contextOf, MONEY, matchView } from '../src/cube/context.js';
import { createCubeSearch } from '../src/cube/decision.js';
import { randomNetwork } from '../src/nn/network.js';
import { OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';
import { ROLLS } from '../src/rolls.js';
import { board } from './support/board.js';
import { clubRecord } from './support/club-match.js';
import { greedyGame } from './support/greedy-game.js';

let ev: Evaluator;
let meter: LuckMeter;
beforeAll(() => {
  const random = seededRandom(29);
  const nets = { contact: randomNetwork(INPUTS, 8, OUTPUTS, random), race: randomNetwork(INPUTS, 8, OUTPUTS, random) };
  ev = createEvaluator(nets, buildBearoffDatabase());
  meter = createLuckMeter(ev);
}, 60_000);

const NO_CUBE: CubeContext = { ...MONEY, enabled: false };

/** A context of money play or of a match score, with the cube at some value and owner. */
const contexts = fc
  .record({
    match: fc.boolean(),
    awayMe: fc.integer({ min: 1, max: 9 }),
    awayThem: fc.integer({ min: 1, max: 9 }),
    cubeLog: fc.integer({ min: 0, max: 2 }),
    owner: fc.constantFrom<CubeOwner>('centre', 'me', 'them'),
  })
  .map(({ match, awayMe, awayThem, cubeLog, owner }): CubeContext => {
    const value = 2 ** cubeLog;
    return {
      ...MONEY,
      value,
      owner: value === 1 ? 'centre' : owner,
      match: match ? matchView(awayMe, awayThem, false) : null,
    };
  });

/** A position of a greedy self-play game (side on roll's view) that is not over. */
const positions = fc.record({ seed: fc.integer({ min: 1, max: 10_000 }), at: fc.nat() }).map(({ seed, at }) => {
  const game = greedyGame(ev, seededRandom(seed)).filter((b) => classify(b) !== OVER);
  return game[at % game.length] as Int8Array;
});

describe('the luck of a roll', () => {
  it('averages to nothing over the 36 rolls, whose mean is the cube search’s 1-ply no-double equity', () => {
    fc.assert(
      fc.property(positions, contexts, (b, ctx) => {
        const equities = meter.rollEquities(b, ctx);
        const weighted = ROLLS.reduce((s, [d1, d2, w]) => s + w * meter.rollLuck(b, ctx, d1, d2), 0) / 36;
        expect(weighted).toBeCloseTo(0, 9);
        // The same average, reached the cube search's way (every play's cubeful value, 21 rolls).
        expect(meanOverRolls(equities)).toBeCloseTo(createCubeSearch(ev).decide(b, ctx, 1).noDouble, 9);
        for (const e of equities) expect(Number.isFinite(e)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('is nothing when every roll leads to the same: a dance against a closed board, a last checker borne off', () => {
    const closed = board({ 25: 1, 6: 5, 8: 3, 13: 4, 12: 2 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 });
    const lastChecker = board({ 1: 1 }, { 6: 5, 8: 3 });
    for (const b of [closed, lastChecker]) {
      const equities = meter.rollEquities(b, MONEY);
      for (const e of equities) expect(e).toBeCloseTo(equities[0] as number, 12);
      for (const [d1, d2] of ROLLS) expect(meter.rollLuck(b, MONEY, d1, d2)).toBeCloseTo(0, 12);
    }
    // The last checker wins whatever the roll.
    expect(meter.rollEquities(lastChecker, MONEY)[0]).toBeCloseTo(1, 9);
  });

  it('in a last-roll bearoff is the winning doubles’ 4 in 36 against the rest, exactly', () => {
    // Two checkers on the six point; the opponent bears off his last checker next turn.
    // 3-3, 4-4, 5-5 and 6-6 win (+1), every other roll loses (-1): the mean is -7/9.
    const lastRoll = board({ 6: 2 }, { 1: 1 });
    for (const ctx of [NO_CUBE, MONEY]) {
      expect(meter.rollLuck(lastRoll, ctx, 6, 6)).toBeCloseTo(16 / 9, 6);
      expect(meter.rollLuck(lastRoll, ctx, 3, 3)).toBeCloseTo(16 / 9, 6);
      expect(meter.rollLuck(lastRoll, ctx, 2, 1)).toBeCloseTo(-2 / 9, 6);
      expect(meter.rollLuck(lastRoll, ctx, 6, 5)).toBeCloseTo(-2 / 9, 6);
      expect(meter.rollLuck(lastRoll, ctx, 2, 2)).toBeCloseTo(-2 / 9, 6);
    }
  });

  it("lists the rolls in the dice statistics' order, so that their index finds each in either order", () => {
    expect(ROLLS.map(([a, b]) => [a, b])).toEqual(DICE_ROLLS);
    for (const [i, [a, b]] of ROLLS.entries()) {
      expect(rollIndex(a, b)).toBe(i);
      expect(rollIndex(b, a)).toBe(i);
    }
  });
});

/** The first state of a match of `cycle`, in the opening phase. */
function openingState(cycle: unknown, length = 0): MatchState {
  const settings = parseMatchSettings({ length, cycle });
  if (!settings.ok) throw new Error(settings.error.message);
  const m = newMatch(settings.value);
  expect(m.game.phase).toBe('opening');
  return m;
}

describe('the luck of the opening roll', () => {
  it('is the winner’s: his roll’s equity against the 30 ways the dice differ, which even out in money play', () => {
    const state = openingState([{ game: 'backgammon' }]);
    const start = rulesFor('backgammon').start().board;
    const equities = meter.rollEquities(start, MONEY);
    // Player 1 wins a 3-1 opening with his 3.
    const luck = luckOfAction(state, { type: 'opening', dice: [1, 3] }, meter);
    expect(luck?.player).toBe(1);
    // From the symmetric start, both sides' averages cancel: the luck is the roll's equity.
    expect(luck?.luck).toBeCloseTo(equities[rollIndex(3, 1)] as number, 9);
    expect(luckOfAction(state, { type: 'opening', dice: [4, 4] }, meter)).toBeNull();
    // Over the 30 openings, weighted alike, the winner's luck less the loser's averages 0.
    let sum = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        if (a === b) continue;
        const l = luckOfAction(state, { type: 'opening', dice: [a, b] }, meter);
        sum += l?.player === 0 ? l.luck : -(l?.luck ?? 0);
      }
    expect(sum / 30).toBeCloseTo(0, 9);
  });

  it('at an uneven match score still averages to nothing over the 30 openings, each for its winner', () => {
    const state = { ...openingState([{ game: 'backgammon' }], 7), score: [4, 1] as const };
    let sum = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        if (a === b) continue;
        const l = luckOfAction(state, { type: 'opening', dice: [a, b] }, meter);
        if (l === null) throw new Error('an opening with different dice is luck');
        // Player 0's view: his luck, or minus player 1's.
        sum += l.player === 0 ? l.luck : -l.luck;
      }
    expect(sum / 30).toBeCloseTo(0, 9);
  });

  it('where the winner rolls again (portes), is being on roll first: half his and his opponent’s roll averages', () => {
    const state = openingState([{ preset: 'portes' }]);
    const ctx = contextOf(state, 0);
    expect(ctx.enabled).toBe(false);
    expect(ctx.scoring.backgammon).toBe(2);
    // The start is the same for both sides: the luck is the mean of either.
    const mean = meanOverRolls(meter.rollEquities(state.game.position.board, ctx));
    const luck = luckOfAction(state, { type: 'opening', dice: [5, 2] }, meter);
    expect(luck?.player).toBe(0);
    expect(luck?.luck).toBeCloseTo(mean, 9);
  });
});

describe('a match’s luck', () => {
  it('is, for each player, the sum of the luck of the rolls that fell to him, every roll counted', async () => {
    const record = await clubRecord({ settings: { length: 3 }, diceSeed: 4, botSeeds: [5, 6], steps: 3000 });
    const a = analyseMatch(record, ev, { plies: 0, cubePlies: 0 });
    if (!a.ok) throw new Error(a.error.message);
    const states = replay(record);
    if (!states.ok) throw new Error(states.error.message);
    const sums = [0, 0];
    let rolls = 0;
    const own = createLuckMeter(ev);
    record.actions.forEach((action, i) => {
      const l = luckOfAction(states.value.states[i] as MatchState, action, own);
      if (action.type === 'roll') {
        expect(l).not.toBeNull();
        rolls++;
      }
      if (l) sums[l.player] = (sums[l.player] as number) + l.luck;
    });
    expect(rolls).toBeGreaterThan(20);
    expect(a.value.players[0].luck).toBeCloseTo(sums[0] as number, 9);
    expect(a.value.players[1].luck).toBeCloseTo(sums[1] as number, 9);
    expect(a.value.players[0].luck).not.toBe(0);
  }, 60_000);
});
