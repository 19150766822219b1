import {
  cloneNetwork,
  copyNetwork,
  type Network,
  parseNetwork,
  type SerializedNetwork,
  serializeNetwork,
} from '@zar/bot';
import { addGradient, backprop, trainScratch } from './backprop.js';

/**
 * Minibatch Adam (Kingma & Ba, 2015) for one network, for supervised refinement: per-weight
 * step sizes let the rarely active sparse inputs and the dense features learn at their own pace,
 * which plain SGD at one α does not (refinement with SGD stalled at a held-out error well above
 * what Adam reaches on the same labels; training/README.md, step 1e).
 */
export interface AdamTrainer {
  /** Adds one example's gradient to the batch; returns its squared error before any step. */
  add(
    idx: Int32Array,
    val: Float32Array,
    n: number,
    denseFrom: number,
    dense: Float32Array,
    target: ArrayLike<number>,
  ): number;
  /** Examples added since the last step. */
  readonly pending: number;
  /** One Adam step with the mean gradient of the pending examples, at learning rate `rate`. */
  step(rate: number): void;
  /** The moments, step count and pending batch, so a stopped run goes on as if never stopped. */
  state(): AdamState;
  /** Takes up the moments and step count of `state()`, from a trainer of a net of the same shape. */
  restore(state: AdamState): void;
}

/**
 * An Adam trainer's memory: its two moments and the pending batch's summed gradient, each shaped
 * as the network (float32, as they are kept), its step count and the examples pending.
 */
export interface AdamState {
  readonly steps: number;
  readonly pending: number;
  readonly first: SerializedNetwork;
  readonly second: SerializedNetwork;
  readonly gradient: SerializedNetwork;
}

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-8;

export function adamTrainer(net: Network): AdamTrainer {
  const scratch = trainScratch(net);
  const grad = cloneNetwork(net);
  const first = cloneNetwork(net);
  const second = cloneNetwork(net);
  for (const g of [grad, first, second]) for (const a of arraysOf(g)) a.fill(0);
  const params = arraysOf(net);
  const grads = arraysOf(grad);
  const firsts = arraysOf(first);
  const seconds = arraysOf(second);
  let pending = 0;
  let t = 0;
  return {
    add(idx, val, n, denseFrom, dense, target) {
      const loss = backprop(net, idx, val, n, denseFrom, dense, target, scratch);
      addGradient(grad, idx, val, n, denseFrom, dense, 1, scratch);
      pending++;
      return loss;
    },
    get pending() {
      return pending;
    },
    step(rate) {
      if (pending === 0) return;
      t++;
      const scale = 1 / pending;
      const c1 = 1 - BETA1 ** t;
      const c2 = 1 - BETA2 ** t;
      const lr = (rate * Math.sqrt(c2)) / c1;
      for (let a = 0; a < params.length; a++) {
        const w = params[a] as Float32Array;
        const g = grads[a] as Float32Array;
        const m = firsts[a] as Float32Array;
        const v = seconds[a] as Float32Array;
        for (let i = 0; i < w.length; i++) {
          const gi = (g[i] as number) * scale;
          const mi = BETA1 * (m[i] as number) + (1 - BETA1) * gi;
          const vi = BETA2 * (v[i] as number) + (1 - BETA2) * gi * gi;
          m[i] = mi;
          v[i] = vi;
          w[i] = (w[i] as number) - (lr * mi) / (Math.sqrt(vi) + EPSILON);
        }
        g.fill(0);
      }
      pending = 0;
    },
    state() {
      return {
        steps: t,
        pending,
        first: serializeNetwork(first),
        second: serializeNetwork(second),
        gradient: serializeNetwork(grad),
      };
    },
    restore(state) {
      for (const [from, to] of [
        [state.first, first],
        [state.second, second],
        [state.gradient, grad],
      ] as const) {
        const parsed = parseNetwork(from);
        if (!parsed.ok) throw new Error(`Adam's state: ${parsed.error.message}`);
        if (parsed.value.inputs !== to.inputs || parsed.value.hidden !== to.hidden)
          throw new Error(
            `Adam's state is for a ${parsed.value.inputs}-${parsed.value.hidden} net, not ${to.inputs}-${to.hidden}`,
          );
        copyNetwork(parsed.value, to);
      }
      t = state.steps;
      pending = state.pending;
    },
  };
}

function arraysOf(net: Network): Float32Array[] {
  return [net.w1, net.b1, net.w2, net.b2];
}
