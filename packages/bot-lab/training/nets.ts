import {
  copyNetwork,
  createNetwork,
  type EvaluatorNets,
  INPUTS,
  type Network,
  OUTPUTS,
  type Random,
  randomNetwork,
  seededRandom,
} from '@zar/bot';

/** The weights of a network as plain arrays, for postMessage. */
export interface NetWeights {
  readonly hidden: number;
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  readonly w2: Float32Array;
  readonly b2: Float32Array;
}

export interface NetsWeights {
  readonly contact: NetWeights;
  readonly race: NetWeights;
}

export function initialNets(seed: number, contactHidden: number, raceHidden: number): EvaluatorNets {
  const random = seededRandom(seed ^ 0x5eed);
  return {
    contact: randomNetwork(INPUTS, contactHidden, OUTPUTS, random),
    race: randomNetwork(INPUTS, raceHidden, OUTPUTS, random),
  };
}

export function weightsOf(nets: EvaluatorNets): NetsWeights {
  const one = (n: Network): NetWeights => ({
    hidden: n.hidden,
    w1: n.w1.slice(),
    b1: n.b1.slice(),
    w2: n.w2.slice(),
    b2: n.b2.slice(),
  });
  return { contact: one(nets.contact), race: one(nets.race) };
}

export function netsFromWeights(w: NetsWeights): EvaluatorNets {
  const one = (x: NetWeights): Network => {
    const n = createNetwork(INPUTS, x.hidden, OUTPUTS);
    copyNetwork({ ...n, w1: x.w1, b1: x.b1, w2: x.w2, b2: x.b2 }, n);
    return n;
  };
  return { contact: one(w.contact), race: one(w.race) };
}

export function loadWeights(into: EvaluatorNets, w: NetsWeights): void {
  copyNetwork({ ...into.contact, ...w.contact }, into.contact);
  copyNetwork({ ...into.race, ...w.race }, into.race);
}

/**
 * A copy of `net` taking `inputs` inputs, the new ones (after the old) with zero weights, so it
 * computes exactly what `net` did until training gives the new inputs a say. This is how a
 * trained net is carried over to an encoder with more dense features.
 */
export function widenNetwork(net: Network, inputs: number): Network {
  if (inputs < net.inputs) throw new Error(`cannot narrow a ${net.inputs}-input net to ${inputs}`);
  const wide = createNetwork(inputs, net.hidden, net.outputs);
  wide.w1.set(net.w1);
  wide.b1.set(net.b1);
  wide.w2.set(net.w2);
  wide.b2.set(net.b2);
  return wide;
}

/**
 * A copy of `net` with `hidden` hidden units, the new ones (after the old) with small random
 * first-layer weights and zero output weights, so it computes exactly what `net` did: training
 * from a net that already plays keeps what it knows and gives the new units their say.
 */
export function growHidden(net: Network, hidden: number, random: Random): Network {
  if (hidden < net.hidden) throw new Error(`cannot shrink a ${net.hidden}-unit net to ${hidden}`);
  const grown = createNetwork(net.inputs, hidden, net.outputs);
  for (let i = 0; i < net.inputs; i++)
    for (let h = 0; h < hidden; h++)
      grown.w1[i * hidden + h] = h < net.hidden ? (net.w1[i * net.hidden + h] as number) : (2 * random() - 1) * 0.05;
  grown.b1.set(net.b1);
  for (let k = 0; k < net.outputs; k++) grown.w2.set(net.w2.subarray(k * net.hidden, (k + 1) * net.hidden), k * hidden);
  grown.b2.set(net.b2);
  return grown;
}
