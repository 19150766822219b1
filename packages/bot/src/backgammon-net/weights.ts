import type { Result } from '@zar/engine';
import { type NetworkErrorCode, parseNetwork, type SerializedNetwork, serializeNetwork } from '../nn/serialize.js';
import { OUTPUTS } from '../probabilities.js';
import type { EvaluatorNets } from './evaluator.js';
import { INPUTS } from './inputs.js';

export const WEIGHTS_FORMAT = 'zar-evaluator/1';

/**
 * The committed weights of an evaluator: its contact and race nets, a crashed net where the
 * weights split gnubg's crashed positions off the contact net, and the record of how they were made.
 */
export interface EvaluatorWeights {
  readonly format: typeof WEIGHTS_FORMAT;
  readonly contact: SerializedNetwork;
  readonly race: SerializedNetwork;
  readonly crashed?: SerializedNetwork;
  readonly record: Record<string, unknown>;
}

export type WeightsErrorCode = NetworkErrorCode | 'ERR_WEIGHTS_FORMAT' | 'ERR_WEIGHTS_INPUTS';

export function serializeEvaluatorWeights(nets: EvaluatorNets, record: Record<string, unknown>): EvaluatorWeights {
  return {
    format: WEIGHTS_FORMAT,
    contact: serializeNetwork(nets.contact),
    race: serializeNetwork(nets.race),
    ...(nets.crashed ? { crashed: serializeNetwork(nets.crashed) } : {}),
    record,
  };
}

/** Parses evaluator weights from their JSON value; the caller reads the file (fetch, fs). */
export function parseEvaluatorWeights(value: unknown): Result<EvaluatorNets, WeightsErrorCode> {
  const v = value as Partial<EvaluatorWeights> | null;
  if (typeof v !== 'object' || v === null || v.format !== WEIGHTS_FORMAT) {
    return {
      ok: false,
      error: { code: 'ERR_WEIGHTS_FORMAT', message: `expected an object with format "${WEIGHTS_FORMAT}"` },
    };
  }
  const contact = parseNetwork(v.contact);
  if (!contact.ok)
    return { ok: false, error: { code: contact.error.code, message: `contact: ${contact.error.message}` } };
  const race = parseNetwork(v.race);
  if (!race.ok) return { ok: false, error: { code: race.error.code, message: `race: ${race.error.message}` } };
  const crashed = v.crashed === undefined ? null : parseNetwork(v.crashed);
  if (crashed && !crashed.ok)
    return { ok: false, error: { code: crashed.error.code, message: `crashed: ${crashed.error.message}` } };
  const nets = { contact: contact.value, race: race.value, ...(crashed ? { crashed: crashed.value } : {}) };
  for (const net of Object.values(nets)) {
    if (net.inputs !== INPUTS || net.outputs !== OUTPUTS) {
      return {
        ok: false,
        error: {
          code: 'ERR_WEIGHTS_INPUTS',
          message: `a net is ${net.inputs}-${net.hidden}-${net.outputs}; this encoder needs ${INPUTS} inputs and ${OUTPUTS} outputs`,
        },
      };
    }
  }
  return { ok: true, value: nets };
}
