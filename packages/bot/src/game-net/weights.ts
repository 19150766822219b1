import type { GameId, Result } from '@zar/engine';
import type { Network } from '../nn/network.js';
import { type NetworkErrorCode, parseNetwork, type SerializedNetwork, serializeNetwork } from '../nn/serialize.js';
import { OUTPUTS } from '../probabilities.js';
import { GAME_INPUTS } from './encode.js';

export const GAME_NET_FORMAT = 'zar-game-net/1';

/** A game's committed net and the record of how it was made (weights/<game>.json). */
export interface GameNetWeights {
  readonly format: typeof GAME_NET_FORMAT;
  readonly game: GameId;
  readonly net: SerializedNetwork;
  readonly record: Record<string, unknown>;
}

export type GameNetWeightsErrorCode =
  | NetworkErrorCode
  | 'ERR_WEIGHTS_FORMAT'
  | 'ERR_WEIGHTS_GAME'
  | 'ERR_WEIGHTS_INPUTS';

export function serializeGameNetWeights(game: GameId, net: Network, record: Record<string, unknown>): GameNetWeights {
  return { format: GAME_NET_FORMAT, game, net: serializeNetwork(net), record };
}

/** Parses a game's weights from their JSON value; the caller reads the file. */
export function parseGameNetWeights(value: unknown, game: GameId): Result<Network, GameNetWeightsErrorCode> {
  const v = value as Partial<GameNetWeights> | null;
  if (typeof v !== 'object' || v === null || v.format !== GAME_NET_FORMAT) {
    return {
      ok: false,
      error: { code: 'ERR_WEIGHTS_FORMAT', message: `expected an object with format "${GAME_NET_FORMAT}"` },
    };
  }
  if (v.game !== game) {
    return {
      ok: false,
      error: { code: 'ERR_WEIGHTS_GAME', message: `these weights are for ${String(v.game)}, not ${game}` },
    };
  }
  const net = parseNetwork(v.net);
  if (!net.ok) return net;
  if (net.value.inputs !== GAME_INPUTS || net.value.outputs !== OUTPUTS) {
    const { inputs, hidden, outputs } = net.value;
    return {
      ok: false,
      error: {
        code: 'ERR_WEIGHTS_INPUTS',
        message: `the net is ${inputs}-${hidden}-${outputs}; the game encoding needs ${GAME_INPUTS} inputs and ${OUTPUTS} outputs`,
      },
    };
  }
  return { ok: true, value: net.value };
}
