import type { Network } from './network.js';

/** Scratch for `trainStep`, sized for one network. */
export interface TrainScratch {
  readonly pre: Float32Array;
  readonly hid: Float32Array;
  readonly out: Float32Array;
  readonly deltaOut: Float32Array;
  readonly deltaHid: Float32Array;
}

export function trainScratch(net: Network): TrainScratch {
  return {
    pre: new Float32Array(net.hidden),
    hid: new Float32Array(net.hidden),
    out: new Float32Array(net.outputs),
    deltaOut: new Float32Array(net.outputs),
    deltaHid: new Float32Array(net.hidden),
  };
}

/**
 * One stochastic gradient step toward `target` (one probability per output) on the
 * cross-entropy of the sigmoid outputs, whose gradient at the output sums is simply
 * `output - target`. Inputs are sparse (`idx`/`val`, `n` of them) plus `dense` values for the
 * inputs from `denseFrom` on. Returns the squared error before the step, summed over outputs.
 */
export function trainStep(
  net: Network,
  idx: Int32Array,
  val: Float32Array,
  n: number,
  denseFrom: number,
  dense: Float32Array,
  target: ArrayLike<number>,
  alpha: number,
  s: TrainScratch,
): number {
  const H = net.hidden;
  const K = net.outputs;
  const { w1, b1, w2, b2 } = net;
  const { pre, hid, out, deltaOut, deltaHid } = s;
  pre.set(b1);
  for (let j = 0; j < n; j++) {
    const v = val[j] as number;
    const o = (idx[j] as number) * H;
    for (let h = 0; h < H; h++) pre[h] = (pre[h] as number) + v * (w1[o + h] as number);
  }
  for (let j = 0; j < dense.length; j++) {
    const v = dense[j] as number;
    if (v === 0) continue;
    const o = (denseFrom + j) * H;
    for (let h = 0; h < H; h++) pre[h] = (pre[h] as number) + v * (w1[o + h] as number);
  }
  for (let h = 0; h < H; h++) hid[h] = 1 / (1 + Math.exp(-(pre[h] as number)));
  let loss = 0;
  for (let k = 0; k < K; k++) {
    let z = b2[k] as number;
    const o = k * H;
    for (let h = 0; h < H; h++) z += (w2[o + h] as number) * (hid[h] as number);
    const y = 1 / (1 + Math.exp(-z));
    out[k] = y;
    const d = y - (target[k] as number);
    deltaOut[k] = d;
    loss += d * d;
  }
  for (let h = 0; h < H; h++) {
    let g = 0;
    for (let k = 0; k < K; k++) g += (deltaOut[k] as number) * (w2[k * H + h] as number);
    const a = hid[h] as number;
    deltaHid[h] = g * a * (1 - a);
  }
  for (let k = 0; k < K; k++) {
    const step = alpha * (deltaOut[k] as number);
    const o = k * H;
    for (let h = 0; h < H; h++) w2[o + h] = (w2[o + h] as number) - step * (hid[h] as number);
    b2[k] = (b2[k] as number) - step;
  }
  for (let h = 0; h < H; h++) b1[h] = (b1[h] as number) - alpha * (deltaHid[h] as number);
  for (let j = 0; j < n; j++) {
    const v = alpha * (val[j] as number);
    const o = (idx[j] as number) * H;
    for (let h = 0; h < H; h++) w1[o + h] = (w1[o + h] as number) - v * (deltaHid[h] as number);
  }
  for (let j = 0; j < dense.length; j++) {
    const v = alpha * (dense[j] as number);
    if (v === 0) continue;
    const o = (denseFrom + j) * H;
    for (let h = 0; h < H; h++) w1[o + h] = (w1[o + h] as number) - v * (deltaHid[h] as number);
  }
  return loss;
}
