/**
 * The index behind `pairings` (pairing.ts): the waiting requests of one call, each kind's on its
 * own rung-by-rung ladder of ratings, so that a chooser finds the closest partner by looking at
 * its neighbours instead of at the whole queue.
 *
 * Built once per call in O(n log n): the requests, numbered by their place in the waiting queue
 * (their rank), are sorted by kind, then rating, then rank. A rung is a run of equal ratings in
 * one kind; inside it the ranks ascend, so walking a rung from its start meets the request that
 * waited longest first. A request leaves the ladder when its player is paired; two union-find
 * arrays (path halving) skip the ones gone to the next one left on either side, so every removal
 * and every skip costs O(α(n)) amortized.
 */

export class RatingLadder {
  /** The ranks by kind, then rating, then rank: the ladder's places. */
  private readonly order: Int32Array;
  /** The place of each rank. */
  private readonly place: Int32Array;
  private readonly ratings: Float64Array;
  /** For each place: where its kind's places begin, and end (exclusive). */
  private readonly kindStart: Int32Array;
  private readonly kindEnd: Int32Array;
  /** For each place: where its rung begins, and ends (exclusive). */
  private readonly rungStart: Int32Array;
  private readonly rungEnd: Int32Array;
  /** Union-find: the first place at or after i still in the ladder (n when none). */
  private readonly right: Int32Array;
  /** Union-find shifted by one: left[i + 1] - 1 is the last place at or before i still in (-1 when none). */
  private readonly left: Int32Array;

  /** The player of each rank, numbered. */
  private readonly players: Int32Array;
  /** Each player's ranks as a list: his first rank, and after each rank his next (-1 ends). */
  private readonly firstOf: Int32Array;
  private readonly nextOf: Int32Array;

  /** `keys[rank]` is the kind of the request of that rank, `ratings[rank]` its rating, `players[rank]` who asks. */
  constructor(keys: readonly string[], ratings: readonly number[], players: readonly string[]) {
    const n = keys.length;
    const playerIds = new Map<string, number>();
    this.players = new Int32Array(n);
    this.firstOf = new Int32Array(n).fill(-1);
    this.nextOf = new Int32Array(n).fill(-1);
    for (let rank = n - 1; rank >= 0; rank--) {
      let id = playerIds.get(players[rank]!);
      if (id === undefined) {
        id = playerIds.size;
        playerIds.set(players[rank]!, id);
      }
      this.players[rank] = id;
      this.nextOf[rank] = this.firstOf[id]!;
      this.firstOf[id] = rank;
    }
    const kindOf = new Int32Array(n);
    const kindIds = new Map<string, number>();
    for (let rank = 0; rank < n; rank++) {
      let id = kindIds.get(keys[rank]!);
      if (id === undefined) {
        id = kindIds.size;
        kindIds.set(keys[rank]!, id);
      }
      kindOf[rank] = id;
    }
    this.ratings = Float64Array.from(ratings);
    const r = this.ratings;
    const sorted = Array.from({ length: n }, (_, rank) => rank).sort(
      (a, b) => kindOf[a]! - kindOf[b]! || r[a]! - r[b]! || a - b,
    );
    this.order = Int32Array.from(sorted);
    this.place = new Int32Array(n);
    this.kindStart = new Int32Array(n);
    this.kindEnd = new Int32Array(n);
    this.rungStart = new Int32Array(n);
    this.rungEnd = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const rank = this.order[i]!;
      this.place[rank] = i;
      const sameKind = i > 0 && kindOf[this.order[i - 1]!]! === kindOf[rank]!;
      this.kindStart[i] = sameKind ? this.kindStart[i - 1]! : i;
      this.rungStart[i] = sameKind && r[this.order[i - 1]!]! === r[rank]! ? this.rungStart[i - 1]! : i;
    }
    for (let i = n - 1; i >= 0; i--) {
      const rank = this.order[i]!;
      const sameKind = i < n - 1 && kindOf[this.order[i + 1]!]! === kindOf[rank]!;
      this.kindEnd[i] = sameKind ? this.kindEnd[i + 1]! : i + 1;
      this.rungEnd[i] = sameKind && r[this.order[i + 1]!]! === r[rank]! ? this.rungEnd[i + 1]! : i + 1;
    }
    this.right = new Int32Array(n + 1);
    this.left = new Int32Array(n + 1);
    for (let i = 0; i <= n; i++) this.right[i] = this.left[i] = i;
  }

  /** Whether the request of `rank` is still in the ladder. */
  has(rank: number): boolean {
    const i = this.place[rank]!;
    return this.nextIn(i) === i;
  }

  /** Takes every request of the player of `rank` out: he was paired. */
  removePlayerOf(rank: number): void {
    for (let own = this.firstOf[this.players[rank]!]!; own >= 0; own = this.nextOf[own]!) {
      const i = this.place[own]!;
      this.right[i] = i + 1;
      this.left[i + 1] = i;
    }
  }

  /**
   * The partner of `rank`'s request: of its kind, still in the ladder, another player's, and
   * within the wider of the two bands (`bands[rank]`, a band per rank), whose rating is closest
   * to its and not more than `reach` from it; among equally close ones the smallest rank (the one
   * waiting longest). -1 when there is none. Its rating and bands are compared in the very
   * expressions of the quadratic scan, so that rounding decides ties as it did there.
   *
   * Distances grow (never shrink) rung by rung outward, in floating point too (a rounded
   * difference is monotonic), so each side stops at the first rung farther than `reach` or than
   * the best found. In each rung only its first acceptable request counts: the rest waited less.
   * Two rungs on one side are equally close only when rounding makes two different ratings'
   * differences equal; the walk goes on through such rungs and keeps the smaller rank.
   */
  closest(rank: number, bands: Float64Array, reach: number): number {
    const at = this.place[rank]!;
    const rating = this.ratings[rank]!;
    const lo = this.kindStart[at]!;
    const hi = this.kindEnd[at]!;
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    // Upward: the chooser's own rung (distance 0) and those above, each entered at its first place still in.
    for (let i = this.nextIn(this.rungStart[at]!); i < hi; ) {
      const distance = Math.abs(this.ratings[this.order[i]!]! - rating);
      if (distance > reach || distance > bestDistance) break;
      const end = this.rungEnd[i]!;
      const found = this.firstAcceptable(rank, bands, i, end);
      if (found >= 0 && (best < 0 || distance < bestDistance || found < best)) {
        best = found;
        bestDistance = distance;
      }
      i = this.nextIn(end);
    }
    // Downward: entered at the rung's last place still in, then read from the rung's first.
    for (let i = this.lastIn(this.rungStart[at]! - 1); i >= lo; ) {
      const distance = Math.abs(this.ratings[this.order[i]!]! - rating);
      if (distance > reach || distance > bestDistance) break;
      const start = this.rungStart[i]!;
      const found = this.firstAcceptable(rank, bands, this.nextIn(start), i + 1);
      if (found >= 0 && (best < 0 || distance < bestDistance || found < best)) {
        best = found;
        bestDistance = distance;
      }
      i = this.lastIn(start - 1);
    }
    return best;
  }

  /**
   * The first rank among the places from `from` (one still in) to `to` that `chooser` may take:
   * another player's, within the wider band. -1 when none.
   */
  private firstAcceptable(chooser: number, bands: Float64Array, from: number, to: number): number {
    const rating = this.ratings[chooser]!;
    for (let i = from; i < to; i = this.nextIn(i + 1)) {
      const other = this.order[i]!;
      if (this.players[other]! === this.players[chooser]!) continue;
      if (Math.abs(rating - this.ratings[other]!) <= Math.max(bands[chooser]!, bands[other]!)) return other;
    }
    return -1;
  }

  /** The first place at or after `i` still in the ladder (the ladder's length when none). */
  private nextIn(i: number): number {
    const right = this.right;
    let up = right[i]!;
    while (up !== i) {
      const skip = right[up]!;
      right[i] = skip;
      i = skip;
      up = right[i]!;
    }
    return i;
  }

  /** The last place at or before `i` still in the ladder (-1 when none). */
  private lastIn(i: number): number {
    const left = this.left;
    let j = i + 1;
    let down = left[j]!;
    while (down !== j) {
      const skip = left[down]!;
      left[j] = skip;
      j = skip;
      down = left[j]!;
    }
    return j - 1;
  }
}
