import type { Result } from '@zar/engine';
import { fromBase64, toBase64 } from './base64.js';
import { createNetwork, type Network } from './network.js';

export const NETWORK_FORMAT = 'zar-nn/1';

/**
 * A network as committed: JSON with its shape and every weight as little-endian float32,
 * base64, in the order w1, b1, w2, b2. `meta` carries the training record.
 */
export interface SerializedNetwork {
  readonly format: typeof NETWORK_FORMAT;
  readonly inputs: number;
  readonly hidden: number;
  readonly outputs: number;
  readonly weights: string;
  readonly meta?: Record<string, unknown>;
}

export type NetworkErrorCode = 'ERR_NETWORK_FORMAT' | 'ERR_NETWORK_SHAPE' | 'ERR_NETWORK_WEIGHTS';

function parts(net: Network): Float32Array[] {
  return [net.w1, net.b1, net.w2, net.b2];
}

export function serializeNetwork(net: Network, meta?: Record<string, unknown>): SerializedNetwork {
  const total = parts(net).reduce((n, a) => n + a.length, 0);
  const bytes = new Uint8Array(total * 4);
  const view = new DataView(bytes.buffer);
  let o = 0;
  for (const a of parts(net)) {
    for (let i = 0; i < a.length; i++, o += 4) view.setFloat32(o, a[i] as number, true);
  }
  const base = {
    format: NETWORK_FORMAT,
    inputs: net.inputs,
    hidden: net.hidden,
    outputs: net.outputs,
    weights: toBase64(bytes),
  } as const;
  return meta ? { ...base, meta } : base;
}

/** Parses a network from its JSON value (already `JSON.parse`d: this module reads no files). */
export function parseNetwork(value: unknown): Result<Network, NetworkErrorCode> {
  const v = value as Partial<SerializedNetwork> | null;
  if (typeof v !== 'object' || v === null || v.format !== NETWORK_FORMAT) {
    return {
      ok: false,
      error: { code: 'ERR_NETWORK_FORMAT', message: `expected an object with format "${NETWORK_FORMAT}"` },
    };
  }
  const { inputs, hidden, outputs, weights } = v;
  const dims = [inputs, hidden, outputs];
  if (!dims.every((d) => Number.isInteger(d) && (d as number) > 0 && (d as number) <= 4096)) {
    return { ok: false, error: { code: 'ERR_NETWORK_SHAPE', message: `bad shape ${JSON.stringify(dims)}` } };
  }
  const net = createNetwork(inputs as number, hidden as number, outputs as number);
  const bytes = typeof weights === 'string' ? fromBase64(weights) : null;
  const total = parts(net).reduce((n, a) => n + a.length, 0);
  if (bytes === null || bytes.length !== total * 4) {
    return {
      ok: false,
      error: { code: 'ERR_NETWORK_WEIGHTS', message: `weights must be base64 of ${total} float32 values` },
    };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 0;
  for (const a of parts(net)) {
    for (let i = 0; i < a.length; i++, o += 4) a[i] = view.getFloat32(o, true);
  }
  return { ok: true, value: net };
}
