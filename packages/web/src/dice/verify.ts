import { hex } from './hex.js';

/*
 * "Verify the dice" in the browser: the derivation of docs/fair-dice.md (zar-dice-v1) written
 * again on Web Crypto, so a player checks the server's dice with his browser's own SHA-256 and
 * HMAC rather than with code the server sent him for it (and the page carries no hash library:
 * @zar/match's verifyDice uses @noble/hashes, synchronously; Web Crypto is async). The unit
 * tests hold the two to the same answers.
 */

/** What a finished match's JSON file carries for the check (protocol MatchFile, read only). */
export interface DiceRecord {
  readonly proof?: {
    readonly commitment: string;
    readonly serverSeed: string;
    readonly clientSeeds: readonly [string, string];
  };
  readonly actions: readonly { readonly type: string; readonly dice?: readonly number[] }[];
}

export type Dice = readonly [number, number];

/** One dice-carrying action that checked: its index in the actions, its roll number, its dice. */
export interface CheckedRoll {
  readonly action: number;
  readonly roll: number;
  readonly type: 'opening' | 'roll';
  readonly dice: Dice;
}

export type DiceVerdict =
  /** Every opening attempt and roll is the one the seeds give. */
  | { readonly kind: 'ok'; readonly rolls: readonly CheckedRoll[] }
  /** A match from before verifiable dice (or seeded test dice): nothing to check. */
  | { readonly kind: 'no-proof' }
  /** This browser has no Web Crypto here (a page served over plain http is not a secure context). */
  | { readonly kind: 'unavailable' }
  /** The revealed server seed does not hash to the commitment published before the first roll. */
  | { readonly kind: 'commitment'; readonly published: string; readonly computed: string }
  /** The first roll that the seeds do not give, after the ones that checked. */
  | {
      readonly kind: 'mismatch';
      readonly checked: readonly CheckedRoll[];
      readonly action: number;
      readonly roll: number;
      readonly type: 'opening' | 'roll';
      readonly expected: Dice;
      readonly recorded: Dice;
    };

const SCHEME = 'zar-dice-v1';
/** Bytes at or above 252 (= 6 · 42) are skipped, so each face has exactly 42 byte values. */
const BYTE_LIMIT = 252;
const SERVER_SEED = /^[0-9a-f]{64}$/;

/** A checked server seed's 32 bytes. */
function seedBytes(seed: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(seed.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** SHA-256 of the server seed's bytes (not its text), lowercase hex: what the commitment must be. */
export async function commitmentOf(serverSeed: string): Promise<string> {
  if (!SERVER_SEED.test(serverSeed)) return '';
  return hex(await crypto.subtle.digest('SHA-256', seedBytes(serverSeed)));
}

/** Roll number i from the seeds: blocks HMAC(seed, M), HMAC(seed, M:1)…, bytes below 252 give faces. */
export function rollsOf(serverSeed: string, clientSeeds: readonly [string, string]) {
  const key = crypto.subtle.importKey('raw', seedBytes(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  return async (index: number): Promise<Dice> => {
    const message = `${SCHEME}:${clientSeeds[0]}:${clientSeeds[1]}:${index}`;
    const faces: number[] = [];
    for (let k = 0; faces.length < 2; k++) {
      const text = k === 0 ? message : `${message}:${k}`;
      const block = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(text)));
      for (const byte of block) {
        if (byte < BYTE_LIMIT) faces.push((byte % 6) + 1);
        if (faces.length === 2) break;
      }
    }
    return [faces[0] as number, faces[1] as number];
  };
}

const diceOf = (a: DiceRecord['actions'][number]): Dice => [a.dice?.[0] ?? 0, a.dice?.[1] ?? 0];

/**
 * Checks a record's dice as @zar/match's verifyDice does, in the same order: the commitment
 * first, then every opening attempt and roll in order, stopping at the first that differs.
 * The proof's shape is the schema's business (MatchFileSchema); a malformed seed fails the
 * commitment rather than throwing.
 */
export async function verifyDiceInBrowser(record: DiceRecord): Promise<DiceVerdict> {
  if (record.proof === undefined) return { kind: 'no-proof' };
  if (globalThis.crypto?.subtle === undefined) return { kind: 'unavailable' };
  try {
    return await verifyProof(record.proof, record.actions);
  } catch {
    // Web Crypto refused (a browser's policy, a key it will not import): say it could not check.
    return { kind: 'unavailable' };
  }
}

async function verifyProof(
  proof: NonNullable<DiceRecord['proof']>,
  actions: DiceRecord['actions'],
): Promise<DiceVerdict> {
  const computed = await commitmentOf(proof.serverSeed);
  if (computed !== proof.commitment) return { kind: 'commitment', published: proof.commitment, computed };
  const rollAt = rollsOf(proof.serverSeed, proof.clientSeeds);
  const checked: CheckedRoll[] = [];
  for (const [action, a] of actions.entries()) {
    if (a.type !== 'opening' && a.type !== 'roll') continue;
    const roll = checked.length;
    const expected = await rollAt(roll);
    const recorded = diceOf(a);
    if (expected[0] !== recorded[0] || expected[1] !== recorded[1]) {
      return { kind: 'mismatch', checked, action, roll, type: a.type, expected, recorded };
    }
    checked.push({ action, roll, type: a.type, dice: expected });
  }
  return { kind: 'ok', rolls: checked };
}
