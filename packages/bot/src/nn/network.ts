import type { Random } from '../random.js';

/**
 * A one-hidden-layer network, sigmoid everywhere, weights in Float32Arrays. The first layer is
 * stored input-major (`w1[i * hidden + h]`) so that one input's column is contiguous: adding a
 * sparse input, or the change of one point, touches `hidden` consecutive floats.
 */
export interface Network {
  readonly inputs: number;
  readonly hidden: number;
  readonly outputs: number;
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  /** Output-major: `w2[k * hidden + h]`. */
  readonly w2: Float32Array;
  readonly b2: Float32Array;
}

export function createNetwork(inputs: number, hidden: number, outputs: number): Network {
  return {
    inputs,
    hidden,
    outputs,
    w1: new Float32Array(inputs * hidden),
    b1: new Float32Array(hidden),
    w2: new Float32Array(outputs * hidden),
    b2: new Float32Array(outputs),
  };
}

/** Small uniform weights, scaled by fan-in, from a seeded generator. */
export function randomNetwork(inputs: number, hidden: number, outputs: number, random: Random): Network {
  const net = createNetwork(inputs, hidden, outputs);
  const fill = (a: Float32Array, scale: number) => {
    for (let i = 0; i < a.length; i++) a[i] = (2 * random() - 1) * scale;
  };
  fill(net.w1, 1 / Math.sqrt(30));
  fill(net.w2, 1 / Math.sqrt(hidden));
  return net;
}

export function cloneNetwork(net: Network): Network {
  return {
    inputs: net.inputs,
    hidden: net.hidden,
    outputs: net.outputs,
    w1: net.w1.slice(),
    b1: net.b1.slice(),
    w2: net.w2.slice(),
    b2: net.b2.slice(),
  };
}

/** Copies every weight of `from` into `to` (same shape). */
export function copyNetwork(from: Network, to: Network): void {
  to.w1.set(from.w1);
  to.b1.set(from.b1);
  to.w2.set(from.w2);
  to.b2.set(from.b2);
}
