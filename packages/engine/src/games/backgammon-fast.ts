import { BAR, BOARD_LENGTH, CHECKERS, THEM } from '../types.js';

/**
 * Backgammon legal plays for the bot's hot loops: the same plays as
 * `rulesFor('backgammon').legalPlays`, without allocating. Scratch boards live in one
 * preallocated buffer, results go into a buffer the caller owns, and duplicates are found
 * through an open-addressing table keyed by a Zobrist hash kept up to date move by move.
 *
 * Each result is the 52-byte board right after the play, still from the mover's view (the
 * mover at bytes 0..25): `swapHalves` of it is `Play.next.board`. Keeping the mover's view
 * lets boards be copied as 13 words; an evaluator reads the halves the other way round.
 *
 * Unlike the rest of the engine, this file indexes the typed arrays directly instead of
 * through the named readers of board.ts (`mine`, `theirs`, `onBar`): it works at offsets
 * into one shared scratch buffer (`base + q`, `base + OPP - q`), which the readers, taking a
 * board of its own, cannot express without a `subarray` per step, and it is the bot's
 * innermost loop, where that allocation would cost.
 */
export interface FastPlayGenerator {
  /**
   * Writes the board after every legal play of `die1`-`die2` from `board` (the side on
   * roll's view, 52 bytes or more; extra bytes are ignored) into `out` at `k * 52`, and
   * returns how many there are. 0 means the roll cannot be played, or the game is over.
   * `out` must start on a 4-byte boundary, as `fastPlaysBuffer()` does.
   */
  generate(board: Int8Array, die1: number, die2: number, out: Int8Array): number;
}

/** More than the most distinct plays any backgammon position has for one roll. */
export const FAST_MAX_PLAYS = 4096;

/** A result buffer large enough for any position and roll. */
export function fastPlaysBuffer(): Int8Array {
  return new Int8Array(FAST_MAX_PLAYS * BOARD_LENGTH);
}

const L = BOARD_LENGTH;
const WORDS = L / 4;
const TABLE_BITS = 13;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
/** The opponent's count on the physical point that is the mover's point q is at OPP - q. */
const OPP = THEM + BAR;
/** Scratch boards: depths 0..4, then one for checking a hash match. */
const CHECK = 5 * L;

/** Zobrist keys, one per (byte, count); a fixed sequence (splitmix32), not randomness. */
const ZOBRIST = (() => {
  const z = new Int32Array(L * 16);
  let x = 0x9e3779b9;
  for (let i = 0; i < z.length; i++) {
    x = (x + 0x9e3779b9) | 0;
    let t = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35);
    z[i] = t ^ (t >>> 16);
  }
  return z;
})();

const key = (i: number, count: number): number => ZOBRIST[(i << 4) | count] as number;

export function createFastPlayGenerator(): FastPlayGenerator {
  const scratch = new ArrayBuffer(6 * L);
  const s = new Int8Array(scratch);
  const s32 = new Int32Array(scratch);
  const hashes = new Int32Array(5);
  /** Destinations of each point for the first die on the starting board (-1: none). */
  const firstTargets = new Int8Array(BAR + 1);
  const slots = new Int32Array(1 << TABLE_BITS);
  const slotHash = new Int32Array(1 << TABLE_BITS);
  const stamps = new Int32Array(1 << TABLE_BITS);
  let stamp = 0;
  let out: Int8Array = new Int8Array(0);
  let out32: Int32Array = new Int32Array(0);
  let capacity = 0;
  let count = 0;
  let bestDepth = 0;

  const highest = (o: number): number => {
    for (let p = BAR; p >= 1; p--) if ((s[o + p] as number) > 0) return p;
    return 0;
  };

  /** Destination of a checker from `from` by `die` on the board at `o` (highest point `hi`), or -1. */
  const target = (o: number, hi: number, from: number, die: number): number => {
    if ((s[o + from] as number) <= 0 || (hi === BAR && from !== BAR)) return -1;
    const to = from - die;
    if (to >= 1) return (s[o + OPP - to] as number) >= 2 ? -1 : to;
    if (hi > 6) return -1;
    return to === 0 || from === hi ? 0 : -1;
  };

  /** The hash of the board at `o` after moving from `from` to `to`, given its hash `h`. */
  const movedHash = (o: number, h: number, from: number, to: number): number => {
    const c = s[o + from] as number;
    h ^= key(from, c) ^ key(from, c - 1);
    const t = s[o + to] as number;
    h ^= key(to, t) ^ key(to, t + 1);
    if (to > 0 && s[o + OPP - to] === 1) {
      const bar = s[o + OPP] as number;
      h ^= key(OPP - to, 1) ^ key(OPP - to, 0) ^ key(OPP, bar) ^ key(OPP, bar + 1);
    }
    return h;
  };

  /** Moves one checker on `b` at offset `o` (off when `to` is 0), hitting a blot. */
  const move = (b: Int8Array, o: number, from: number, to: number): void => {
    b[o + from] = (b[o + from] as number) - 1;
    b[o + to] = (b[o + to] as number) + 1;
    if (to > 0 && b[o + OPP - to] === 1) {
      b[o + OPP - to] = 0;
      b[o + OPP] = (b[o + OPP] as number) + 1;
    }
  };

  /** The board at `o` plus one move, written at `o + L`, with its hash at `depth + 1`. */
  const child = (o: number, depth: number, from: number, to: number): void => {
    hashes[depth + 1] = movedHash(o, hashes[depth] as number, from, to);
    const w = o >> 2;
    for (let i = 0; i < WORDS; i++) s32[w + WORDS + i] = s32[w + i] as number;
    move(s, o + L, from, to);
  };

  const sameWords = (a: Int32Array, ai: number, b: Int32Array, bi: number): boolean => {
    for (let i = 0; i < WORDS; i++) if (a[ai + i] !== b[bi + i]) return false;
    return true;
  };

  /**
   * Keeps the board at `o` after moving `from`-`to` (no move when `from` is 0), reached with
   * `depth` dice, unless a play used more dice or the same board is already kept.
   */
  const record = (o: number, h0: number, from: number, to: number, depth: number): void => {
    if (depth < bestDepth) return;
    if (depth > bestDepth) {
      bestDepth = depth;
      count = 0;
      stamp++;
    }
    const h = from > 0 ? movedHash(o, h0, from, to) : h0;
    let slot = (h ^ (h >>> TABLE_BITS)) & TABLE_MASK;
    let checked = false;
    while (stamps[slot] === stamp) {
      if (slotHash[slot] === h) {
        if (!checked) {
          for (let i = 0; i < WORDS; i++) s32[(CHECK >> 2) + i] = s32[(o >> 2) + i] as number;
          if (from > 0) move(s, CHECK, from, to);
          checked = true;
        }
        if (sameWords(s32, CHECK >> 2, out32, (slots[slot] as number) * WORDS)) return;
      }
      slot = (slot + 1) & TABLE_MASK;
    }
    if (count >= capacity) throw new Error('the plays buffer is too small; use fastPlaysBuffer()');
    stamps[slot] = stamp;
    slotHash[slot] = h;
    slots[slot] = count;
    const w = count * WORDS;
    for (let i = 0; i < WORDS; i++) out32[w + i] = s32[(o >> 2) + i] as number;
    if (from > 0) move(out, count * L, from, to);
    count++;
  };

  /** Doubles: checkers move in order of non-increasing origin, so each set of moves is tried once. */
  const doubles = (depth: number, pivot: number, die: number): void => {
    const o = depth * L;
    const hi = highest(o);
    let moved = false;
    for (let from = Math.min(pivot, hi); from >= 1; from--) {
      const to = target(o, hi, from, die);
      if (to < 0) continue;
      moved = true;
      if (depth === 3) {
        record(o, hashes[3] as number, from, to, 4);
      } else {
        child(o, depth, from, to);
        doubles(depth + 1, from, die);
      }
    }
    if (!moved && depth > 0) record(o, hashes[depth] as number, 0, 0, depth);
  };

  /**
   * Two different dice, `first` then `second`. When `skipKnown`, a second move that was
   * already legal on the starting board (by that die, from that point) is skipped: played
   * first, it leaves the first move legal and gives the same board, found in the other order.
   */
  const both = (first: number, second: number, skipKnown: boolean): void => {
    const hi0 = highest(0);
    for (let a = hi0; a >= 1; a--) {
      const to = target(0, hi0, a, first);
      if (to < 0) continue;
      child(0, 0, a, to);
      const hi1 = highest(L);
      for (let b = hi1; b >= 1; b--) {
        if (skipKnown && (firstTargets[b] as number) >= 0) continue;
        const to2 = target(L, hi1, b, second);
        if (to2 >= 0) record(L, hashes[1] as number, b, to2, 2);
      }
    }
  };

  /** Plays of one die only; used when no play uses both. */
  const single = (die: number): void => {
    const hi = highest(0);
    for (let a = hi; a >= 1; a--) {
      const to = target(0, hi, a, die);
      if (to >= 0) record(0, hashes[0] as number, a, to, 1);
    }
  };

  const useOutput = (results: Int8Array): void => {
    if (results === out) return;
    if (results.byteOffset % 4 !== 0) throw new Error('the plays buffer must start on a 4-byte boundary');
    out = results;
    capacity = Math.floor(results.length / L);
    out32 = new Int32Array(results.buffer, results.byteOffset, capacity * WORDS);
  };

  return {
    generate(board, die1, die2, results) {
      useOutput(results);
      count = 0;
      bestDepth = 1;
      stamp++;
      if (board[0] === CHECKERS || board[THEM] === CHECKERS) return 0;
      let h = 0;
      for (let i = 0; i < L; i++) {
        const c = board[i] as number;
        s[i] = c;
        h ^= key(i, c);
      }
      hashes[0] = h;
      if (die1 === die2) {
        doubles(0, BAR, die1);
        return count;
      }
      const hi = highest(0);
      for (let p = 0; p <= BAR; p++) firstTargets[p] = p > 0 ? target(0, hi, p, die1) : -1;
      both(die1, die2, false);
      both(die2, die1, true);
      if (bestDepth < 2) {
        // Only one die can be played: the larger one when it can (spec, larger-die rule).
        single(Math.max(die1, die2));
        if (count === 0) single(Math.min(die1, die2));
      }
      return count;
    },
  };
}
