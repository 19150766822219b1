/**
 * Where dice come from. The engine never rolls (house rule 5): a match is driven by a
 * `DiceSource` — seeded for tests and replays, cryptographic for real play, scripted in tests.
 */
import { type Dice, err, ok, type Result } from '@zar/engine';

export interface DiceSource {
  /** Two dice for the player on roll. */
  roll(): Dice;
  /** One die each for the opening roll: [player 0's die, player 1's die]. Ties are the caller's to handle. */
  openingRoll(): [number, number];
}

/** The four 32-bit words of a xoshiro128** generator. */
export type DiceState = readonly [number, number, number, number];

export interface SeededDice extends DiceSource {
  /** The generator's state now; `restoreDice(state)` continues exactly from here. */
  state(): DiceState;
}

export type DiceErrorCode = 'ERR_DICE_STATE' | 'ERR_DICE_NO_CRYPTO';

/** The largest multiple of 6 not above 2^32: values at or above it are drawn again. */
const LIMIT_32 = 4294967292;
/** The same for one byte: 252 = 42 · 6. */
const LIMIT_8 = 252;

/** A die from uniform 32-bit words, without modulo bias: out-of-range words are redrawn. */
function dieFrom(next: () => number): number {
  for (;;) {
    const r = next();
    if (r < LIMIT_32) return (r % 6) + 1;
  }
}

function fromDraw(die: () => number): DiceSource {
  return { roll: () => [die(), die()], openingRoll: () => [die(), die()] };
}

// The PRNG is written here rather than imported: its only dependency (@noble/hashes, for the
// provably fair dice of fair-dice.ts) is no PRNG, and a stored match replays only while the
// algorithm stays bit-for-bit the same, which a library upgrade could silently break.
// xoshiro128** (Blackman & Vigna, 2018; prng.di.unimi.it) with its state filled by splitmix32
// (murmur3's fmix32 over a Weyl sequence), as its authors recommend.
// Never change these functions: every stored seed and state depends on them.

function fmix32(z: number): number {
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

function xoshiro128ss(s: number[]): () => number {
  return () => {
    const result = Math.imul(rotl(Math.imul(s[1] as number, 5), 7), 9) >>> 0;
    const t = (s[1] as number) << 9;
    s[2] = (s[2] as number) ^ (s[0] as number);
    s[3] = (s[3] as number) ^ (s[1] as number);
    s[1] = (s[1] as number) ^ (s[2] as number);
    s[0] = (s[0] as number) ^ (s[3] as number);
    s[2] = (s[2] as number) ^ t;
    s[3] = rotl(s[3] as number, 11);
    return result;
  };
}

/** 128 bits of state from a seed: each code unit is absorbed into four lanes, each then mixed once more. */
function stateOfSeed(seed: string): number[] {
  const lanes = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a];
  for (let k = 0; k < seed.length; k++) {
    for (let i = 0; i < 4; i++) lanes[i] = fmix32((lanes[i] as number) ^ seed.charCodeAt(k));
  }
  // splitmix32: the Weyl increment 0x9e3779b9 times the lane number, then fmix32.
  return lanes.map((h, i) => fmix32((h + Math.imul(i + 1, 0x9e3779b9)) | 0));
}

function seeded(s: number[]): SeededDice {
  const next = xoshiro128ss(s);
  const source = fromDraw(() => dieFrom(next));
  return { ...source, state: () => [s[0]! >>> 0, s[1]! >>> 0, s[2]! >>> 0, s[3]! >>> 0] };
}

/** A deterministic source. A number seed means the same as its decimal text (42 ≡ '42'). */
export function seededDice(seed: string | number): SeededDice {
  const s = stateOfSeed(String(seed));
  // xoshiro's one forbidden state; no seed is known to produce it, but never start from it.
  if (!s.some((w) => w !== 0)) s[0] = 1;
  return seeded(s);
}

/** Resumes a seeded source from a stored `state()` (untrusted: it comes back from storage). */
export function restoreDice(state: unknown): Result<SeededDice, 'ERR_DICE_STATE'> {
  const words = Array.isArray(state) ? (state as unknown[]) : [];
  const valid =
    words.length === 4 && words.every((w) => Number.isInteger(w) && (w as number) >= 0 && (w as number) < 2 ** 32);
  if (!valid || words.every((w) => w === 0)) {
    return err('ERR_DICE_STATE', 'dice state must be four 32-bit unsigned integers, not all zero');
  }
  return ok(seeded(words.map((w) => (w as number) | 0)));
}

interface RandomValues {
  getRandomValues(array: Uint8Array): unknown;
}

/**
 * Dice from the platform's cryptographic generator (`globalThis.crypto.getRandomValues`, in
 * browsers and Node ≥ 19). Bytes at or above 252 are discarded so that each face has exactly
 * 42 of the 252 byte values (no modulo bias). `random` replaces the generator in tests.
 */
export function cryptoDice(random?: RandomValues): Result<DiceSource, 'ERR_DICE_NO_CRYPTO'> {
  const platform = (globalThis as { crypto?: Partial<RandomValues> }).crypto;
  const generator = random ?? (typeof platform?.getRandomValues === 'function' ? (platform as RandomValues) : null);
  if (generator === null) return err('ERR_DICE_NO_CRYPTO', 'this platform has no crypto.getRandomValues');
  const buffer = new Uint8Array(64);
  let used = buffer.length;
  const die = (): number => {
    for (;;) {
      if (used === buffer.length) {
        generator.getRandomValues(buffer);
        used = 0;
      }
      const b = buffer[used++] as number;
      if (b < LIMIT_8) return (b % 6) + 1;
    }
  };
  return ok(fromDraw(die));
}

/**
 * A fixed list of rolls, handed out in order by `roll` and `openingRoll` alike (for tests).
 * Running out, or a die outside 1..6, is a bug in the test, so it throws.
 */
export function scriptedDice(rolls: readonly (readonly [number, number])[]): DiceSource & { remaining(): number } {
  for (const [a, b] of rolls) {
    if (![a, b].every((d) => Number.isInteger(d) && d >= 1 && d <= 6))
      throw new RangeError(`bad scripted roll ${a}-${b}`);
  }
  let next = 0;
  const take = (): [number, number] => {
    const r = rolls[next];
    if (r === undefined) throw new Error(`scripted dice exhausted after ${rolls.length} rolls`);
    next++;
    return [r[0], r[1]];
  };
  return { roll: take, openingRoll: take, remaining: () => rolls.length - next };
}
