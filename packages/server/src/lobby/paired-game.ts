import { randomInt } from 'node:crypto';
import { CLOCK_PRESETS, type PairingKind, pairingSettings, ratingPool } from '@zar/match';
import { newGameId } from '../common/ids.js';
import { diceSpecFor } from '../dice/dice.js';
import { newGameRow } from '../game/game-row.js';
import { humanSeat } from '../game/seats.js';
import type { GameRow } from '../store/types.js';

/** A player sent into a match by quick pairing. */
export interface PairedPlayer {
  readonly id: string;
  /** The name the seat shows (an account's, or a guest's derived one). */
  readonly name: string;
}

/**
 * The stored row of a match that quick pairing starts: both seats taken, being played at once,
 * never listed in the lobby, with the kind's settings, its preset clock, rated or casual as
 * asked, rated in the kind's pool, the first of its series. `players` is in seat order.
 */
export function pairedGameRow(
  kind: PairingKind,
  players: readonly [PairedPlayer, PairedPlayer],
  diceSeed: string | undefined,
  now: number,
): GameRow {
  const id = newGameId();
  const [a, b] = players;
  const seats = [humanSeat(a.id, a.name), humanSeat(b.id, b.name)] as const;
  return newGameRow({
    id,
    settings: pairingSettings(kind),
    players: [a.name, b.name],
    dice: diceSpecFor(diceSeed, id),
    seats,
    status: 'playing',
    clock: CLOCK_PRESETS[kind.clock],
    rated: kind.rated,
    pool: ratingPool(kind),
    now,
  });
}

/**
 * The two players in seat order. Pairing says only who waited longer (pairing.ts), which must
 * not decide the seat: the server draws it, as lichess draws colours in its pools.
 */
export function drawSeats<T>(pair: readonly [T, T], coin: () => number = () => randomInt(2)): readonly [T, T] {
  return coin() === 0 ? [pair[0], pair[1]] : [pair[1], pair[0]];
}
