import type { Network } from './network.js';
import { fastSigmoid } from './sigmoid.js';

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Hidden pre-activations from sparse inputs: `acc = b1 + sum val[j] * w1[idx[j]]`. */
export function accumulateSparse(net: Network, idx: Int32Array, val: Float32Array, n: number, acc: Float32Array): void {
  const H = net.hidden;
  const w1 = net.w1;
  acc.set(net.b1);
  for (let j = 0; j < n; j++) {
    const v = val[j] as number;
    const o = (idx[j] as number) * H;
    if (v === 1) for (let h = 0; h < H; h++) acc[h] = (acc[h] as number) + (w1[o + h] as number);
    else for (let h = 0; h < H; h++) acc[h] = (acc[h] as number) + v * (w1[o + h] as number);
  }
}

/**
 * Finishes a forward pass: `pre` holds the hidden pre-activations without the dense inputs,
 * which start at input `denseFrom` with values `dense`. Writes the hidden activations to
 * `hid` and the sigmoid outputs to `out` at `outAt`.
 */
export function finishForward(
  net: Network,
  pre: Float32Array,
  denseFrom: number,
  dense: Float32Array,
  hid: Float32Array,
  out: Float32Array,
  outAt: number,
): void {
  const H = net.hidden;
  for (let h = 0; h < H; h++) hid[h] = pre[h] as number;
  addDense(net, denseFrom, dense, hid);
  activate(net, hid, out, outAt);
}

/** Hidden activations in place (`hid` holds the pre-activations) and the sigmoid outputs to `out` at `outAt`. */
export function activate(net: Network, hid: Float32Array, out: Float32Array, outAt: number): void {
  const H = net.hidden;
  for (let h = 0; h < H; h++) hid[h] = fastSigmoid(hid[h] as number);
  const w2 = net.w2;
  for (let k = 0; k < net.outputs; k++) {
    let s = net.b2[k] as number;
    const o = k * H;
    for (let h = 0; h < H; h++) s += (w2[o + h] as number) * (hid[h] as number);
    out[outAt + k] = fastSigmoid(s);
  }
}

/**
 * Adds `val[j]` times input `idx[j]`'s column to `acc`, for j < n, four columns a pass: the
 * loads and stores of `acc` cost as much as the weights', and a pass reads and writes it once
 * for four columns (1.2 times as fast over all children as two columns a pass was).
 */
export function addColumns(net: Network, idx: Int32Array, val: Float64Array, n: number, acc: Float32Array): void {
  const H = net.hidden;
  const w1 = net.w1;
  let j = 0;
  for (; j + 4 <= n; j += 4) {
    const a = (idx[j] as number) * H;
    const b = (idx[j + 1] as number) * H;
    const c = (idx[j + 2] as number) * H;
    const d = (idx[j + 3] as number) * H;
    const va = val[j] as number;
    const vb = val[j + 1] as number;
    const vc = val[j + 2] as number;
    const vd = val[j + 3] as number;
    for (let h = 0; h < H; h++)
      acc[h] =
        (acc[h] as number) +
        va * (w1[a + h] as number) +
        vb * (w1[b + h] as number) +
        vc * (w1[c + h] as number) +
        vd * (w1[d + h] as number);
  }
  for (; j < n; j++) {
    const a = (idx[j] as number) * H;
    const va = val[j] as number;
    for (let h = 0; h < H; h++) acc[h] = (acc[h] as number) + va * (w1[a + h] as number);
  }
}

// The non-zero dense inputs of one `addDense` call, as a column list for `addColumns`.
const denseIdx = new Int32Array(1024);
const denseVal = new Float64Array(1024);

/** Adds to `acc` the columns of the dense inputs, each by its value `dense[j]`. */
export function addDense(net: Network, denseFrom: number, dense: Float32Array, acc: Float32Array): void {
  if (dense.length > denseIdx.length) throw new Error(`${dense.length} dense inputs: more than ${denseIdx.length}`);
  let n = 0;
  for (let j = 0; j < dense.length; j++) {
    const v = dense[j] as number;
    if (v === 0) continue;
    denseIdx[n] = denseFrom + j;
    denseVal[n++] = v;
  }
  addColumns(net, denseIdx, denseVal, n, acc);
}

/** The plain dense forward pass, the reference the fast paths are tested against. */
export function forwardDense(net: Network, x: ArrayLike<number>, out: Float32Array): void {
  const H = net.hidden;
  const hid = new Float64Array(H);
  for (let h = 0; h < H; h++) {
    let s = net.b1[h] as number;
    for (let i = 0; i < net.inputs; i++) s += (x[i] as number) * (net.w1[i * H + h] as number);
    hid[h] = sigmoid(s);
  }
  for (let k = 0; k < net.outputs; k++) {
    let s = net.b2[k] as number;
    for (let h = 0; h < H; h++) s += (net.w2[k * H + h] as number) * (hid[h] as number);
    out[k] = sigmoid(s);
  }
}
