import { makePosition, type Outcome, type Play, rulesFor } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { denseGameInputs, GAME_INPUTS } from '../../src/game-net/encode.js';
import { createGameEvaluator, gameOutcomeProbabilities } from '../../src/game-net/evaluator.js';
import { parseGameNetWeights, serializeGameNetWeights } from '../../src/game-net/weights.js';
import { forwardDense } from '../../src/nn/forward.js';
import { randomNetwork } from '../../src/nn/network.js';
import { equityOf, OUTPUTS } from '../../src/probabilities.js';
import { seededRandom } from '../../src/random.js';
import { NET_GAMES, randomGame } from './positions.js';

const probs = (o: Outcome) => {
  const out = new Float32Array(OUTPUTS);
  gameOutcomeProbabilities(o, out, 0);
  return Array.from(out);
};

describe('game-net evaluator', () => {
  it('gives finished games their exact values from the outcome (types.ts: winner from the final side on roll)', () => {
    // hand-checked: 1 point is a single win, 2 a gammon (mars, or plakoto's mother pin), 3 a backgammon.
    expect(probs({ winner: 'onRoll', kind: 'single', points: 1 })).toEqual([1, 0, 0, 0, 0]);
    expect(probs({ winner: 'opponent', kind: 'single', points: 1 })).toEqual([0, 0, 0, 0, 0]);
    expect(probs({ winner: 'opponent', kind: 'gammon', points: 2 })).toEqual([0, 0, 0, 1, 0]);
    expect(probs({ winner: 'onRoll', kind: 'mother', points: 2 })).toEqual([1, 1, 0, 0, 0]);
    expect(probs({ winner: 'opponent', kind: 'backgammon', points: 3 })).toEqual([0, 0, 0, 1, 1]);
    // plakoto.md §4: both mothers pinned is a draw, worth 0: half a win, no gammons.
    const draw = probs({ winner: null, kind: 'draw', points: 0 });
    expect(draw).toEqual([0.5, 0, 0, 0, 0]);
    expect(equityOf(draw)).toBe(0);
  });

  it('values a finished position by its outcome, whatever the net says', () => {
    const ev = createGameEvaluator(randomNetwork(GAME_INPUTS, 8, OUTPUTS, seededRandom(3)));
    const rules = rulesFor('fevga');
    // The side on roll has borne off nothing; the opponent all 15: a mars against the side on roll.
    const b = new Int8Array(52);
    b[26] = 15;
    b[6] = 15;
    const out = new Float32Array(OUTPUTS);
    ev.evaluate(rules, makePosition('fevga', b), out, 0);
    expect(Array.from(out)).toEqual([0, 0, 0, 1, 0]);
  });

  it('the sparse forward pass matches the dense reference on reached positions', () => {
    const net = randomNetwork(GAME_INPUTS, 16, OUTPUTS, seededRandom(5));
    const ev = createGameEvaluator(net);
    const out = new Float32Array(OUTPUTS);
    const ref = new Float32Array(OUTPUTS);
    for (const game of NET_GAMES) {
      const rules = rulesFor(game);
      for (const pos of randomGame(game, 7)) {
        if (rules.outcome(pos)) continue;
        ev.evaluate(rules, pos, out, 0);
        forwardDense(net, denseGameInputs(rules, pos), ref);
        for (let k = 0; k < OUTPUTS; k++) expect(out[k]).toBeCloseTo(ref[k] as number, 5);
      }
    }
  });

  it('values a play from its mover: turned round when the opponent is on roll, as it stands mid-run', () => {
    const ev = createGameEvaluator(randomNetwork(GAME_INPUTS, 16, OUTPUTS, seededRandom(6)));
    const rules = rulesFor('gul-bara');
    const direct = new Float32Array(OUTPUTS);
    const viaPlay = new Float32Array(OUTPUTS);
    let runs = 0;
    let passes = 0;
    for (let seed = 1; seed <= 6; seed++) {
      for (const pos of randomGame('gul-bara', seed)) {
        if (rules.outcome(pos)) continue;
        const dice: [number, number] = pos.run > 0 ? [pos.run, pos.run] : [2, 2];
        for (const play of rules.legalPlays(pos, dice) as Play[]) {
          ev.evaluatePlay(rules, play, viaPlay, 0);
          ev.evaluate(rules, play.next, direct, 0);
          const e = equityOf(direct);
          if (play.next.run > 0) {
            runs++;
            expect(equityOf(viaPlay)).toBeCloseTo(e, 5);
          } else {
            passes++;
            expect(equityOf(viaPlay)).toBeCloseTo(-e, 5);
          }
        }
      }
    }
    expect(runs).toBeGreaterThan(0);
    expect(passes).toBeGreaterThan(0);
  });

  it('weights round-trip and are refused for another game or shape', () => {
    const net = randomNetwork(GAME_INPUTS, 4, OUTPUTS, seededRandom(8));
    const json = JSON.parse(JSON.stringify(serializeGameNetWeights('plakoto', net, { games: 0 })));
    const back = parseGameNetWeights(json, 'plakoto');
    expect(back.ok && Array.from(back.value.w1)).toEqual(Array.from(net.w1));
    const wrongGame = parseGameNetWeights(json, 'fevga');
    expect(!wrongGame.ok && wrongGame.error.code).toBe('ERR_WEIGHTS_GAME');
    const small = serializeGameNetWeights('plakoto', randomNetwork(10, 4, OUTPUTS, seededRandom(8)), {});
    const wrongShape = parseGameNetWeights(JSON.parse(JSON.stringify(small)), 'plakoto');
    expect(!wrongShape.ok && wrongShape.error.code).toBe('ERR_WEIGHTS_INPUTS');
    const other = parseGameNetWeights({ format: 'zar-evaluator/1' }, 'plakoto');
    expect(!other.ok && other.error.code).toBe('ERR_WEIGHTS_FORMAT');
  });
});
