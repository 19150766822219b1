import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type EvaluatorNets, INPUTS, parseNetwork, type SerializedNetwork, serializeNetwork } from '@zar/bot';
import { widenNetwork } from './nets.js';

/** Everything a TD run needs to continue exactly where it stopped. */
export interface TdCheckpoint {
  readonly kind: 'zar-td-checkpoint/1';
  readonly options: Record<string, number | string | boolean>;
  /** Rounds trained so far; the next round to train is this one. */
  readonly rounds: number;
  readonly games: number;
  readonly positions: number;
  /** Wall time spent training, summed over every session of the run. */
  readonly elapsedMs: number;
  readonly nets: SerializedNets;
  /** The weights the round in flight at the checkpoint was sent with (one round behind). */
  readonly dispatched: { readonly contact: SerializedNetwork; readonly race: SerializedNetwork };
  /**
   * Set when the checkpoint was made from a committed weights file (`train import`): the
   * checkpoints behind those weights are not on this machine, so their history is the file's
   * record, which `export` carries on from.
   */
  readonly imported?: { readonly weights: string; readonly record: Record<string, unknown> };
}

/** A checkpoint's nets: contact and race, and a crashed net where one was split off the contact net. */
export interface SerializedNets {
  readonly contact: SerializedNetwork;
  readonly race: SerializedNetwork;
  readonly crashed?: SerializedNetwork;
}

export function serializeNets(nets: EvaluatorNets): SerializedNets {
  return {
    contact: serializeNetwork(nets.contact),
    race: serializeNetwork(nets.race),
    ...(nets.crashed ? { crashed: serializeNetwork(nets.crashed) } : {}),
  };
}

/**
 * The nets of a TD checkpoint or a committed weights file, widened to this encoder's inputs
 * when they were trained with fewer dense features (see `widenNetwork`).
 */
export function startingNets(path: string): EvaluatorNets {
  const v = JSON.parse(readFileSync(path, 'utf8')) as { nets?: { contact: unknown; race: unknown } } & {
    contact?: unknown;
    race?: unknown;
  };
  const serialized = v.nets ?? { contact: v.contact, race: v.race };
  const one = (what: string, value: unknown) => {
    const net = parseNetwork(value);
    if (!net.ok) throw new Error(`${path}: ${what} net: ${net.error.message}`);
    return widenNetwork(net.value, INPUTS);
  };
  return { contact: one('contact', serialized.contact), race: one('race', serialized.race) };
}

export function parseNets(v: { contact: unknown; race: unknown; crashed?: unknown }): EvaluatorNets {
  const contact = parseNetwork(v.contact);
  const race = parseNetwork(v.race);
  const crashed = v.crashed === undefined ? null : parseNetwork(v.crashed);
  if (!contact.ok) throw new Error(`contact net: ${contact.error.message}`);
  if (!race.ok) throw new Error(`race net: ${race.error.message}`);
  if (crashed && !crashed.ok) throw new Error(`crashed net: ${crashed.error.message}`);
  const nets = { contact: contact.value, race: race.value, ...(crashed ? { crashed: crashed.value } : {}) };
  for (const net of Object.values(nets))
    if (net.inputs !== INPUTS) throw new Error(`the nets take ${net.inputs} inputs; this encoder makes ${INPUTS}`);
  return nets;
}

/** Writes through a temporary file, so an interrupted write never leaves a torn checkpoint. */
export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, path);
}

export function readCheckpoint(path: string): TdCheckpoint | null {
  if (!existsSync(path)) return null;
  const v = JSON.parse(readFileSync(path, 'utf8')) as TdCheckpoint;
  if (v.kind !== 'zar-td-checkpoint/1') throw new Error(`${path} is not a TD checkpoint`);
  return v;
}
