import { createGameEvaluator, OUTPUTS, seededRandom } from '@zar/bot';
import { rulesFor } from '@zar/engine';
import { describe, expect, it } from 'vitest';
import { createGameTdTrainer, gameLambdaReturns, playSelfPlayGame } from '../../training/game-td.js';
import { GAME_TD_DEFAULTS, type GameTdOptions, initialGameNet, trainGames } from '../../training/game-td-run.js';

const row = (a: Float32Array, t: number) => Array.from(a.subarray(t * OUTPUTS, (t + 1) * OUTPUTS));

describe('game TD(λ)', () => {
  // Three positions: the last a finished game lost by its side on roll with a gammon.
  const values = new Float32Array(3 * OUTPUTS);
  values.set([0.3, 0.1, 0, 0.2, 0], OUTPUTS);
  values.set([0, 0, 0, 1, 0], 2 * OUTPUTS);
  const returns = new Float32Array(3 * OUTPUTS);

  it('sides alternating: λ = 1 turns the result round at each step, λ = 0 takes the next value turned round', () => {
    gameLambdaReturns(values, [false, false], 3, 1, returns);
    expect(row(returns, 1)).toEqual([1, 1, 0, 0, 0]);
    expect(row(returns, 0)).toEqual([0, 0, 0, 1, 0]);
    gameLambdaReturns(values, [false, false], 3, 0, returns);
    // Position 0's return is position 1's value seen from the other side: win 1 − 0.3.
    expect(returns[0]).toBeCloseTo(0.7, 6);
    expect(returns[3]).toBeCloseTo(0.1, 6);
  });

  it('the same side still on roll (a gul bara run): no turn between positions 0 and 1', () => {
    gameLambdaReturns(values, [true, false], 3, 1, returns);
    // Position 1's side won a gammon (position 2's side lost one)...
    expect(row(returns, 1)).toEqual([1, 1, 0, 0, 0]);
    // ...and position 0 is that same side, so its return is not turned round.
    expect(row(returns, 0)).toEqual([1, 1, 0, 0, 0]);
    gameLambdaReturns(values, [true, false], 3, 0, returns);
    expect(row(returns, 0).map((x) => Number(x.toFixed(6)))).toEqual([0.3, 0.1, 0, 0.2, 0]);
  });

  it('self-play marks exactly the gul bara run blocks as same-side continuations', () => {
    const rules = rulesFor('gul-bara');
    const ev = createGameEvaluator(initialGameNet(4, 8));
    let same = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const g = playSelfPlayGame(rules, ev, seededRandom(seed));
      expect(g.sameSide.length).toBe(g.positions.length - 1);
      g.sameSide.forEach((s, t) => {
        expect(s).toBe((g.positions[t + 1]?.run ?? 0) > 0);
        if (s) same++;
      });
      expect(rules.outcome(g.positions[g.positions.length - 1] ?? rules.start())).not.toBeNull();
    }
    expect(same).toBeGreaterThan(0);
  });

  it('a seeded two-game run reproduces identical weights; another seed does not', () => {
    const run = (seed: number) => {
      const o: GameTdOptions = { ...GAME_TD_DEFAULTS, game: 'plakoto', seed, hidden: 8 };
      const net = initialGameNet(seed, o.hidden);
      let steps = 0;
      trainGames(o, net, 0, 2, (_g, _loss, s) => {
        steps += s;
      });
      return { steps, w1: Array.from(net.w1), w2: Array.from(net.w2) };
    };
    const a = run(5);
    const b = run(5);
    const c = run(6);
    expect(a.steps).toBeGreaterThan(0);
    expect(b.w1).toEqual(a.w1);
    expect(b.w2).toEqual(a.w2);
    expect(c.w1).not.toEqual(a.w1);
  });

  it('training steps move the net toward its λ-returns', () => {
    const rules = rulesFor('fevga');
    const ev = createGameEvaluator(initialGameNet(2, 8));
    const trainer = createGameTdTrainer(ev);
    const game = playSelfPlayGame(rules, ev, seededRandom(2));
    const first = trainer.trainGame(rules, game, 0.1, 0.7);
    let last = first;
    for (let i = 0; i < 30; i++) last = trainer.trainGame(rules, game, 0.1, 0.7);
    expect(last.steps).toBe(first.steps);
    expect(last.loss).toBeLessThan(first.loss);
  });
});
