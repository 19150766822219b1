/**
 * Hand-made contact features, after Berliner's and gnubg's: a one-hidden-layer net sees the
 * board point by point and cannot easily tell how far a blockade reaches, how many rolls get a
 * back checker out, or how much contact is left. These few numbers say it directly. Each is
 * computed for one side (`me`, its half of the board) against the other (`them`).
 */

/** Features per side, in the order `contactFeatures` writes them. */
export const FEATURE_NAMES = [
  'pips',
  'breakContact',
  'backChecker',
  'backAnchor',
  'backEscapes',
  'containment',
  'containment2',
  'enterFails',
  'prime',
] as const;
export const FEATURES = FEATURE_NAMES.length;

/** Pips of the starting position, the scale of the pip features. */
const PIP_SCALE = 167;

/**
 * ESCAPES[mask]: how many of the 36 rolls carry a checker past every blocked point of the 12 in
 * front of it, where bit i of `mask` says the point i + 1 pips ahead is blocked (two or more of
 * the other side). A roll escapes if some way of playing it with this checker alone lands beyond
 * the furthest block, every stop on the way open.
 */
const ESCAPES: Uint8Array = (() => {
  const table = new Uint8Array(1 << 12);
  for (let mask = 0; mask < 1 << 12; mask++) {
    const furthest = 32 - Math.clz32(mask);
    const open = (d: number) => d > 12 || (mask & (1 << (d - 1))) === 0;
    let n = 0;
    for (let d1 = 1; d1 <= 6; d1++) {
      for (let d2 = 1; d2 <= 6; d2++) {
        const reach: number[] = [];
        if (d1 === d2) {
          for (let k = 1; k <= 4 && open(d1 * k); k++) reach.push(d1 * k);
        } else {
          if (open(d1)) reach.push(d1);
          if (open(d2)) reach.push(d2);
          if ((open(d1) || open(d2)) && open(d1 + d2)) reach.push(d1 + d2);
        }
        if (reach.some((d) => d > furthest)) n++;
      }
    }
    table[mask] = n;
  }
  return table;
})();

/**
 * Their made points as a bit set: bit q for their point q (my point 25 - q). The 12 points in
 * front of my point p are then bits 26 - p .. 37 - p, nearest first.
 */
function theirBlocks(board: Int8Array, them: number): number {
  let blocks = 0;
  for (let q = 1; q <= 24; q++) if ((board[them + q] as number) >= 2) blocks |= 1 << q;
  return blocks;
}

function escapesFrom(blocks: number, p: number): number {
  return ESCAPES[(blocks >>> (26 - p)) & 0xfff] as number;
}

/** Rolls of 36 by which a checker on my point p (25: the bar) gets past their blocks. */
export function escapes(board: Int8Array, them: number, p: number): number {
  return escapesFrom(theirBlocks(board, them), p);
}

/** Writes the features of `me` against `them` to `out[at..at + FEATURES)`. */
export function contactFeatures(board: Int8Array, me: number, them: number, out: Float32Array, at: number): void {
  let blocks = 0;
  let theirBack = 0;
  for (let q = 1; q <= 25; q++) {
    const t = board[them + q] as number;
    if (t <= 0) continue;
    theirBack = q;
    if (t >= 2 && q <= 24) blocks |= 1 << q;
  }
  // Their last checker is on my point 25 - theirBack; mine above it still have to pass it.
  const line = 25 - theirBack;
  let pips = 0;
  let back = 0;
  let anchor = 0;
  let breakContact = 0;
  let prime = 0;
  let run = 0;
  for (let p = 1; p <= 25; p++) {
    const c = board[me + p] as number;
    if (c <= 0) {
      run = 0;
      continue;
    }
    pips += c * p;
    back = p;
    if (p > line) breakContact += c * (p - line);
    if (c >= 2 && p <= 24) {
      anchor = p;
      run++;
      if (run > prime) prime = run;
    } else run = 0;
  }
  let containment = 36;
  for (let p = 16; p <= 25; p++) {
    const e = escapesFrom(blocks, p);
    if (e < containment) containment = e;
  }
  // Their home points 1..6 made: the rolls that fail to enter are (made / 6)^2.
  const closed = popcount6((blocks >>> 1) & 0x3f);
  const c = 1 - containment / 36;
  out[at] = pips / PIP_SCALE;
  out[at + 1] = breakContact / PIP_SCALE;
  out[at + 2] = back / 24;
  out[at + 3] = anchor / 24;
  out[at + 4] = back > 0 ? escapesFrom(blocks, back) / 36 : 1;
  out[at + 5] = c;
  out[at + 6] = c * c;
  out[at + 7] = (board[me + 25] as number) > 0 ? (closed * closed) / 36 : 0;
  out[at + 8] = prime / 6;
}

function popcount6(x: number): number {
  let n = 0;
  for (let i = 0; i < 6; i++) n += (x >>> i) & 1;
  return n;
}
