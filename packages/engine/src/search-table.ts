/*
 * The play search's sets of boards and search states, without strings: a board is read as
 * int32 words (its bytes four at a time, zero-padded), hashed, and kept exact by comparing
 * the words of rows whose hashes match.
 */

/** Words of a board of `boardLength` bytes, the padding included. */
export const wordsOf = (boardLength: number): number => (boardLength + 3) >> 2;

/** Folds `count` words of `w` from `start` into the running hash `h` (any int32 values). */
export function hashWords(h: number, w: Int32Array, start: number, count: number): number {
  for (let i = start; i < start + count; i++) {
    h = Math.imul(h ^ (w[i] as number), 0x9e3779b1);
    h ^= h >>> 15;
  }
  return h;
}

/** Spreads a running hash over all its bits (murmur3's finaliser), for the table's low bits. */
export function finishHash(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const LAST_GENERATION = 0x7fffffff;

/**
 * A set of rows of `width` int32s with open addressing, its arrays kept from search to search
 * (they only grow): `reset` empties it in O(1) by starting a new generation, since most
 * searches store a few dozen rows and clearing the slots each time would cost more than that.
 * Rows are numbered in the order they were added.
 */
export class RowTable {
  /** Row i is rows[i * width, (i + 1) * width). */
  rows: Int32Array;
  /** The same memory as bytes, to copy a board out of. */
  bytes: Int8Array;
  /** Rows stored since the last reset. */
  size = 0;
  /** Whether the last `addOrFind` added its row. */
  added = false;
  private hashes: Int32Array;
  private slots: Int32Array;
  private stamps: Int32Array;
  private generation = 1;

  constructor(
    readonly width: number,
    capacity = 256,
  ) {
    this.rows = new Int32Array(capacity * width);
    this.bytes = new Int8Array(this.rows.buffer);
    this.hashes = new Int32Array(capacity);
    this.slots = new Int32Array(capacity * 2);
    this.stamps = new Int32Array(capacity * 2);
  }

  reset(): void {
    this.size = 0;
    if (this.generation === LAST_GENERATION) {
      this.stamps.fill(0);
      this.generation = 1;
    } else {
      this.generation++;
    }
  }

  /**
   * The number of the row equal to the first `width` words of `key`, whose hash is `hash`;
   * when there is none, `key` is copied in as a new row (and `added` is set).
   */
  addOrFind(key: Int32Array, hash: number): number {
    if (this.size * 2 >= this.slots.length) this.grow();
    const { width, rows, slots, stamps, hashes, generation } = this;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      if (stamps[slot] !== generation) {
        const row = this.size++;
        stamps[slot] = generation;
        slots[slot] = row;
        hashes[row] = hash;
        for (let i = 0, at = row * width; i < width; i++) rows[at + i] = key[i] as number;
        this.added = true;
        return row;
      }
      const row = slots[slot] as number;
      if (hashes[row] === hash && sameWords(rows, row * width, key, width)) {
        this.added = false;
        return row;
      }
    }
  }

  /** Doubles the room for rows and the slots, re-placing the rows stored so far. */
  private grow(): void {
    const capacity = this.hashes.length * 2;
    const rows = new Int32Array(capacity * this.width);
    rows.set(this.rows);
    const hashes = new Int32Array(capacity);
    hashes.set(this.hashes);
    this.rows = rows;
    this.bytes = new Int8Array(rows.buffer);
    this.hashes = hashes;
    this.slots = new Int32Array(capacity * 2);
    this.stamps = new Int32Array(capacity * 2);
    this.generation = 1;
    const mask = this.slots.length - 1;
    for (let row = 0; row < this.size; row++) {
      let slot = (hashes[row] as number) & mask;
      while (this.stamps[slot] === 1) slot = (slot + 1) & mask;
      this.stamps[slot] = 1;
      this.slots[slot] = row;
    }
  }
}

function sameWords(rows: Int32Array, at: number, key: Int32Array, width: number): boolean {
  for (let i = 0; i < width; i++) if (rows[at + i] !== key[i]) return false;
  return true;
}
