import type { Network } from '@zar/bot';

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
 * The forward pass and the error signals of one example, left in `s`: `deltaOut` at the output
 * sums (for the cross-entropy of sigmoid outputs simply `output - target`) and `deltaHid` at the
 * hidden sums. Inputs are sparse (`idx`/`val`, `n` of them) plus `dense` values for the inputs
 * from `denseFrom` on. Returns the squared error, summed over outputs.
 */
export function backprop(
  net: Network,
  idx: Int32Array,
  val: Float32Array,
  n: number,
  denseFrom: number,
  dense: Float32Array,
  target: ArrayLike<number>,
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
  return loss;
}

/**
 * Adds `scale` times the gradient that `backprop` left in `s` to the arrays of `into`, which
 * has the shape of `net`: with `into` the net itself and `scale` = −α, one SGD step.
 */
export function addGradient(
  into: Network,
  idx: Int32Array,
  val: Float32Array,
  n: number,
  denseFrom: number,
  dense: Float32Array,
  scale: number,
  s: TrainScratch,
): void {
  const H = into.hidden;
  const K = into.outputs;
  const { w1, b1, w2, b2 } = into;
  const { hid, deltaOut, deltaHid } = s;
  for (let k = 0; k < K; k++) {
    const step = scale * (deltaOut[k] as number);
    const o = k * H;
    for (let h = 0; h < H; h++) w2[o + h] = (w2[o + h] as number) + step * (hid[h] as number);
    b2[k] = (b2[k] as number) + step;
  }
  for (let h = 0; h < H; h++) b1[h] = (b1[h] as number) + scale * (deltaHid[h] as number);
  for (let j = 0; j < n; j++) {
    const v = scale * (val[j] as number);
    const o = (idx[j] as number) * H;
    for (let h = 0; h < H; h++) w1[o + h] = (w1[o + h] as number) + v * (deltaHid[h] as number);
  }
  for (let j = 0; j < dense.length; j++) {
    const v = scale * (dense[j] as number);
    if (v === 0) continue;
    const o = (denseFrom + j) * H;
    for (let h = 0; h < H; h++) w1[o + h] = (w1[o + h] as number) + v * (deltaHid[h] as number);
  }
}

/**
 * One stochastic gradient step toward `target` (one probability per output) on the
 * cross-entropy of the sigmoid outputs. Returns the squared error before the step, summed
 * over outputs.
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
  const loss = backprop(net, idx, val, n, denseFrom, dense, target, s);
  addGradient(net, idx, val, n, denseFrom, dense, -alpha, s);
  return loss;
}
