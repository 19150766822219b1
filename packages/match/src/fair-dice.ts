/**
 * Provably fair dice, scheme `zar-dice-v1` (docs/fair-dice.md states it exactly). The server
 * commits to a secret seed before the first roll, each player adds a seed of his own, and
 * roll number i is HMAC-SHA-256(server seed, "zar-dice-v1:<client 0>:<client 1>:<i>") read
 * with rejection sampling. Once the server seed is revealed anyone can recompute every roll.
 *
 * SHA-256 and HMAC come from @noble/hashes (pinned): they run synchronously in Node and the
 * browser alike, where Web Crypto is async and could not serve a `DiceSource`.
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { type Dice, err, ok, type Result } from '@zar/engine';
import type { DiceSource } from './dice.js';

export const FAIR_DICE_SCHEME = 'zar-dice-v1';

/** The seeds that fix every roll of a match. */
export interface DiceSeeds {
  /** 32 bytes as 64 lowercase hex digits; secret until the match is over. */
  readonly serverSeed: string;
  /** Player 0's and player 1's seeds: 1 to 64 printable ASCII characters, no spaces. */
  readonly clientSeeds: readonly [string, string];
}

/** What a finished match's record carries so that its dice can be checked. */
export interface DiceProof extends DiceSeeds {
  readonly scheme: typeof FAIR_DICE_SCHEME;
  /** SHA-256 of the server seed's 32 bytes, lowercase hex, published before the first roll. */
  readonly commitment: string;
}

export type FairDiceErrorCode = 'ERR_DICE_SEED' | 'ERR_DICE_PROOF';

/** A server seed (and a commitment): 32 bytes as 64 lowercase hex digits. */
export const SERVER_SEED = /^[0-9a-f]{64}$/;
/**
 * A client seed. Visible ASCII only: a space at either end would be lost by a form that trims
 * its fields, and the seed would then verify as someone else's.
 */
export const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;
/** Bytes at or above 252 (= 6 · 42) are skipped, so each face has exactly 42 byte values. */
const BYTE_LIMIT = 252;

const isServerSeed = (s: unknown): s is string => typeof s === 'string' && SERVER_SEED.test(s);
const BAD_SERVER_SEED = err('ERR_DICE_SEED', 'the server seed is 64 lowercase hex digits (32 bytes)');

/** Checks seeds that came from outside (a request, a file, a command line). */
export function checkDiceSeeds(value: unknown): Result<DiceSeeds, 'ERR_DICE_SEED'> {
  const { serverSeed, clientSeeds } = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  if (!isServerSeed(serverSeed)) return BAD_SERVER_SEED;
  const seeds = Array.isArray(clientSeeds) ? (clientSeeds as unknown[]) : [];
  if (seeds.length !== 2 || !seeds.every((s) => typeof s === 'string' && CLIENT_SEED.test(s))) {
    return err('ERR_DICE_SEED', 'two client seeds, each 1 to 64 printable ASCII characters without spaces');
  }
  return ok({ serverSeed, clientSeeds: [seeds[0] as string, seeds[1] as string] });
}

/** SHA-256 of a checked server seed's bytes, lowercase hex. */
const commit = (serverSeed: string): string => bytesToHex(sha256(hexToBytes(serverSeed)));

/** The commitment to a server seed (what players see before the first roll). */
export function diceCommitment(serverSeed: string): Result<string, 'ERR_DICE_SEED'> {
  if (!isServerSeed(serverSeed)) return BAD_SERVER_SEED;
  return ok(commit(serverSeed));
}

/** The proof for checked seeds: the seeds with the commitment to the server seed. */
export function diceProof(seeds: unknown): Result<DiceProof, 'ERR_DICE_SEED'> {
  const checked = checkDiceSeeds(seeds);
  if (!checked.ok) return checked;
  const { serverSeed, clientSeeds } = checked.value;
  return ok({ scheme: FAIR_DICE_SCHEME, commitment: commit(serverSeed), serverSeed, clientSeeds });
}

/**
 * Reads a proof's shape (from a file: untrusted). It does not check the commitment or the
 * dice: a tampered proof must still read, so that `verifyDice` can say what is wrong.
 */
export function parseDiceProof(value: unknown): Result<DiceProof, 'ERR_DICE_PROOF'> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err('ERR_DICE_PROOF', 'a proof is {"scheme", "commitment", "serverSeed", "clientSeeds"}');
  }
  const { scheme, commitment, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest).filter((k) => k !== 'serverSeed' && k !== 'clientSeeds');
  if (extra.length > 0) return err('ERR_DICE_PROOF', `a proof has no field "${extra[0]}"`);
  if (scheme !== FAIR_DICE_SCHEME) {
    return err('ERR_DICE_PROOF', `the scheme is "${FAIR_DICE_SCHEME}", not ${JSON.stringify(scheme)}`);
  }
  if (typeof commitment !== 'string' || !SERVER_SEED.test(commitment)) {
    return err('ERR_DICE_PROOF', 'the commitment is 64 lowercase hex digits');
  }
  const seeds = checkDiceSeeds(rest);
  if (!seeds.ok) return err('ERR_DICE_PROOF', seeds.error.message);
  return ok({ scheme: FAIR_DICE_SCHEME, commitment, ...seeds.value });
}

/**
 * Two faces from a stream of blocks: bytes in order, each below 252 giving the face
 * byte % 6 + 1, the others skipped; block k + 1 is asked for only when block k ran out.
 * HMAC blocks are 32 bytes; a `block` that never yields two accepted bytes never returns.
 */
export function diceFromBlocks(block: (k: number) => Uint8Array): Dice {
  const faces: number[] = [];
  for (let k = 0; faces.length < 2; k++) {
    for (const byte of block(k)) {
      if (byte < BYTE_LIMIT) faces.push((byte % 6) + 1);
      if (faces.length === 2) break;
    }
  }
  return [faces[0] as number, faces[1] as number];
}

/** Roll number `index` of checked seeds (the server seed's bytes as `key`). */
function rollAt(key: Uint8Array, seeds: DiceSeeds, index: number): Dice {
  const message = `${FAIR_DICE_SCHEME}:${seeds.clientSeeds[0]}:${seeds.clientSeeds[1]}:${index}`;
  return diceFromBlocks((k) => hmac(sha256, key, utf8ToBytes(k === 0 ? message : `${message}:${k}`)));
}

export interface FairDice extends DiceSource {
  /** How many rolls were drawn (opening attempts and rolls): the next roll's number. */
  drawn(): number;
}

/** Roll number `index` of seeds already checked (`checkDiceSeeds`), for any index. */
export function fairRolls(seeds: DiceSeeds): (index: number) => Dice {
  const key = hexToBytes(seeds.serverSeed);
  return (index) => rollAt(key, seeds, index);
}

/**
 * A `DiceSource` drawing from the seeds. Every draw, an opening attempt (ties too) or a
 * roll, takes the next roll number; an opening gives player 0 the first face. `next`
 * resumes a match: the number of dice-carrying actions already in its record.
 */
export function fairDice(seeds: unknown, next = 0): Result<FairDice, 'ERR_DICE_SEED'> {
  const checked = checkDiceSeeds(seeds);
  if (!checked.ok) return checked;
  if (!Number.isSafeInteger(next) || next < 0) return err('ERR_DICE_SEED', 'the next roll number is 0 or more');
  const rollOf = fairRolls(checked.value);
  let index = next;
  const draw = (): [number, number] => {
    const [a, b] = rollOf(index++);
    return [a, b];
  };
  return ok({ roll: draw, openingRoll: draw, drawn: () => index });
}

interface RandomValues {
  getRandomValues(array: Uint8Array): unknown;
}

function randomHex(bytes: number, random?: RandomValues): Result<string, 'ERR_DICE_NO_CRYPTO'> {
  const platform = (globalThis as { crypto?: Partial<RandomValues> }).crypto;
  const generator = random ?? (typeof platform?.getRandomValues === 'function' ? (platform as RandomValues) : null);
  if (generator === null) return err('ERR_DICE_NO_CRYPTO', 'this platform has no crypto.getRandomValues');
  const buffer = new Uint8Array(bytes);
  generator.getRandomValues(buffer);
  return ok(bytesToHex(buffer));
}

/** A new secret server seed: 32 bytes from the platform's cryptographic generator. */
export const randomServerSeed = (random?: RandomValues): Result<string, 'ERR_DICE_NO_CRYPTO'> => randomHex(32, random);

/** A client seed as a browser (or the CLI) makes one: 16 random bytes as 32 hex digits. */
export const randomClientSeed = (random?: RandomValues): Result<string, 'ERR_DICE_NO_CRYPTO'> => randomHex(16, random);

/**
 * Seeds fixed by a text, for reproducible local play and tests (`zar play --seed`): the
 * server seed is SHA-256("zar-dice-v1:server:" + text), client seed p the first 16 hex
 * digits of SHA-256("zar-dice-v1:client<p>:" + text). Never for play between people: anyone
 * who knows the text knows the dice.
 */
export function seedsFromText(text: string): DiceSeeds {
  const hash = (label: string): string => bytesToHex(sha256(utf8ToBytes(`${FAIR_DICE_SCHEME}:${label}:${text}`)));
  return { serverSeed: hash('server'), clientSeeds: [hash('client0').slice(0, 16), hash('client1').slice(0, 16)] };
}
