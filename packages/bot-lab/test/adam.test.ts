import { cloneNetwork, DENSE_INPUTS, INPUTS, OUTPUTS, POINT_INPUTS, randomNetwork, seededRandom } from '@zar/bot';
import { describe, expect, it } from 'vitest';
import { adamTrainer } from '../training/adam.js';
import { addGradient, backprop, trainScratch } from '../training/backprop.js';

const idx = Int32Array.from([3, 50, 120, 199]);
const val = Float32Array.from([1, 1, 0.5, 1]);
const dense = new Float32Array(DENSE_INPUTS).fill(0.2);
const target = [0.9, 0.3, 0.05, 0.02, 0];

describe('Adam', () => {
  it('moves every weight with a gradient by the learning rate on its first step, against the gradient', () => {
    const net = randomNetwork(INPUTS, 8, OUTPUTS, seededRandom(3));
    const before = cloneNetwork(net);
    const grad = cloneNetwork(net);
    for (const a of [grad.w1, grad.b1, grad.w2, grad.b2]) a.fill(0);
    const s = trainScratch(net);
    backprop(net, idx, val, 4, POINT_INPUTS, dense, target, s);
    addGradient(grad, idx, val, 4, POINT_INPUTS, dense, 1, s);

    const adam = adamTrainer(net);
    adam.add(idx, val, 4, POINT_INPUTS, dense, target);
    adam.add(idx, val, 4, POINT_INPUTS, dense, target);
    expect(adam.pending).toBe(2);
    adam.step(0.01);
    expect(adam.pending).toBe(0);
    let moved = 0;
    let still = 0;
    const check = (w: Float32Array, w0: Float32Array, g: Float32Array) => {
      for (let i = 0; i < w.length; i++) {
        const gi = g[i] as number;
        const d = (w[i] as number) - (w0[i] as number);
        if (Math.abs(gi) > 1e-5) {
          // Bias-corrected first step: −rate · g / |g|, whatever the gradient's size.
          expect(d).toBeCloseTo(-0.01 * Math.sign(gi), 4);
          moved++;
        } else if (gi === 0) {
          expect(d).toBe(0);
          still++;
        }
      }
    };
    check(net.w1, before.w1, grad.w1);
    check(net.b1, before.b1, grad.b1);
    check(net.w2, before.w2, grad.w2);
    check(net.b2, before.b2, grad.b2);
    // Inputs 3, 50, 120, 199 and the dense ones have gradients; the other point inputs none.
    expect(moved).toBeGreaterThan((4 + DENSE_INPUTS) * 8);
    expect(still).toBeGreaterThanOrEqual((POINT_INPUTS - 4) * 8);
  });

  it('steps toward a fixed target lower the error', () => {
    const net = randomNetwork(INPUTS, 16, OUTPUTS, seededRandom(1));
    const adam = adamTrainer(net);
    const first = adam.add(idx, val, 4, POINT_INPUTS, dense, target);
    adam.step(0.01);
    let last = first;
    for (let i = 0; i < 200; i++) {
      last = adam.add(idx, val, 4, POINT_INPUTS, dense, target);
      adam.step(0.01);
    }
    expect(last).toBeLessThan(first / 10);
  });

  it('a step with nothing added changes nothing', () => {
    const net = randomNetwork(INPUTS, 4, OUTPUTS, seededRandom(2));
    const before = cloneNetwork(net);
    adamTrainer(net).step(0.1);
    expect(Array.from(net.w1)).toEqual(Array.from(before.w1));
    expect(Array.from(net.b2)).toEqual(Array.from(before.b2));
  });
});
