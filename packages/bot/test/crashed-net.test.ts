import { fastPlaysBuffer, rulesFor } from '@zar/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BearoffDatabase, createBearoffDatabase } from '../src/backgammon-net/bearoff/database.js';
import { isCrashed } from '../src/backgammon-net/crashed.js';
import { CONTACT, classify, createEvaluator, type EvaluatorNets } from '../src/backgammon-net/evaluator.js';
import { INPUTS } from '../src/backgammon-net/inputs.js';
import { parseEvaluatorWeights, serializeEvaluatorWeights } from '../src/backgammon-net/weights.js';
import { cloneNetwork, randomNetwork } from '../src/nn/network.js';
import { OUTPUTS } from '../src/probabilities.js';
import { seededRandom } from '../src/random.js';
import { board } from './support/board.js';

let db: BearoffDatabase;
beforeAll(() => {
  db = createBearoffDatabase();
});

const random = seededRandom(33);
const contact = randomNetwork(INPUTS, 16, OUTPUTS, random);
const race = randomNetwork(INPUTS, 8, OUTPUTS, random);
const crashed = randomNetwork(INPUTS, 12, OUTPUTS, random);

// Crashed for the side on roll: 7 checkers left, 2 of them spares on its 1-point; contact with the opponent's anchor.
const crashedBoard = board({ 1: 3, 2: 1, 3: 1, 4: 1, 24: 1 }, { 20: 2, 6: 5, 5: 4, 4: 4 });
const start = rulesFor('backgammon').start().board.slice(0, 52);

/** Every child's five probabilities for roll d1-d2. */
function children(nets: EvaluatorNets, b: Int8Array, d1: number, d2: number): Float32Array {
  const plays = fastPlaysBuffer();
  const probs = new Float32Array((plays.length / 52) * OUTPUTS);
  const n = createEvaluator(nets, db).evaluateChildren(b, d1, d2, plays, probs);
  return probs.slice(0, n * OUTPUTS);
}

describe("gnubg's crashed positions", () => {
  it('are contact positions where a side has six checkers or fewer to play with, its deep spares aside', () => {
    expect(classify(crashedBoard)).toBe(CONTACT);
    expect(isCrashed(crashedBoard)).toBe(true);
    expect(isCrashed(start)).toBe(false);
    // The same position seen by the other side (rotation 26) is crashed too.
    const turned = new Int8Array(52);
    turned.set(crashedBoard.subarray(26), 0);
    turned.set(crashedBoard.subarray(0, 26), 26);
    expect(isCrashed(turned, 26)).toBe(true);
    // Eight checkers left, no spares deep: not crashed.
    expect(isCrashed(board({ 3: 2, 4: 2, 5: 2, 6: 1, 24: 1 }, { 20: 2, 6: 5, 5: 4, 4: 4 }))).toBe(false);
  });
});

describe('a crashed net in the weights', () => {
  it('files without one parse to the two nets alone, as before', () => {
    const parsed = parseEvaluatorWeights(JSON.parse(JSON.stringify(serializeEvaluatorWeights({ contact, race }, {}))));
    expect(parsed.ok && Object.keys(parsed.value)).toEqual(['contact', 'race']);
  });

  it('round-trips through the weights file', () => {
    const file = JSON.parse(JSON.stringify(serializeEvaluatorWeights({ contact, race, crashed }, {})));
    const parsed = parseEvaluatorWeights(file);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.crashed?.hidden).toBe(12);
    expect(Array.from(parsed.value.crashed?.w1 ?? [])).toEqual(Array.from(crashed.w1));
  });

  it("evaluates crashed positions, and a position's crashed children, with it; the others as before", () => {
    const out = new Float32Array(OUTPUTS);
    const withCrashed = createEvaluator({ contact, race, crashed }, db);
    const byNet = (nets: EvaluatorNets, b: Int8Array) => {
      createEvaluator(nets, db).evaluate(b, out);
      return Array.from(out);
    };
    expect(byNet({ contact: crashed, race }, crashedBoard)).toEqual(byNet({ contact, race, crashed }, crashedBoard));
    expect(byNet({ contact, race }, start)).toEqual(byNet({ contact, race, crashed }, start));
    // The children: the incremental sums give what evaluating each child alone gives.
    const plays = fastPlaysBuffer();
    const probs = new Float32Array((plays.length / 52) * OUTPUTS);
    const n = withCrashed.evaluateChildren(crashedBoard, 6, 5, plays, probs);
    let crashedChildren = 0;
    for (let k = 0; k < n; k++) {
      const child = plays.slice(k * 52, k * 52 + 52);
      withCrashed.evaluateRot(child, 26, out, 0);
      for (let j = 0; j < OUTPUTS; j++) expect(probs[k * OUTPUTS + j]).toBeCloseTo(out[j] as number, 5);
      if (classify(child, 26) === CONTACT && isCrashed(child, 26)) crashedChildren++;
    }
    expect(crashedChildren).toBeGreaterThan(0);
    expect(Array.from(children({ contact, race, crashed }, crashedBoard, 6, 5))).not.toEqual(
      Array.from(children({ contact, race }, crashedBoard, 6, 5)),
    );
    // A crashed net equal to the contact net changes nothing, to the bit.
    for (const [d1, d2] of [
      [6, 5],
      [3, 1],
      [2, 2],
    ] as const)
      for (const b of [crashedBoard, start])
        expect(Array.from(children({ contact, race, crashed: cloneNetwork(contact) }, b, d1, d2))).toEqual(
          Array.from(children({ contact, race }, b, d1, d2)),
        );
  });
});
