/**
 * Hand-made contact features, after Berliner's and gnubg's: a one-hidden-layer net sees the
 * board point by point and cannot easily tell how far a blockade reaches, how many rolls get a
 * back checker out, or how much contact is left. These few numbers say it directly. Each is
 * computed for one side (`me`, its half of the board) against the other (`them`).
 *
 * Raw offsets (`board[me + p]`), not board.ts's readers: a side is an offset (0 or 26, the
 * rotation the evaluator reads with), which the readers do not take, in the evaluator's hot loop.
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

/**
 * The second set, added after the first nets were trained on the first (so it comes after them
 * in the inputs): anchors and home points, what is left to bring home, how the checkers are
 * spread, how much can still be played without breaking points, how free the checkers behind
 * the contact line are, and how many are buried deep. What gnubg's contact net gets from
 * I_FORWARD_ANCHOR, I_MOMENT2, I_TIMING, I_BACKG and I_MOBILITY, in Zar's own definitions.
 */
export const STRUCTURE_NAMES = [
  'forwardAnchor',
  'homePoints',
  'outside',
  'pipsToHome',
  'moment2',
  'timing',
  'deepAnchors',
  'mobility',
  'buried',
] as const;
export const STRUCTURES = STRUCTURE_NAMES.length;

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

/**
 * Writes the features of `me` against `them` to `out[at..at + FEATURES)` and, when `at2` is
 * given, the structure features to `out[at2..at2 + STRUCTURES)`.
 */
export function contactFeatures(
  board: Int8Array,
  me: number,
  them: number,
  out: Float32Array,
  at: number,
  at2 = -1,
): void {
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
  if (at2 >= 0) structureFeatures(board, me, blocks, line, pips, out, at2);
}

/** The structure features of `me`; `blocks` and `line` as `contactFeatures` found them. */
function structureFeatures(
  board: Int8Array,
  me: number,
  blocks: number,
  line: number,
  pips: number,
  out: Float32Array,
  at: number,
): void {
  let checkers = 0;
  let forward = 0;
  let homePoints = 0;
  let outside = 0;
  let toHome = 0;
  let timing = 0;
  let deepAnchors = 0;
  let mobility = 0;
  let buried = 0;
  for (let p = 1; p <= 25; p++) {
    const c = board[me + p] as number;
    if (c <= 0) continue;
    checkers += c;
    if (p <= 6) {
      if (c >= 2) homePoints++;
      // Spares on home points can still be played without breaking the board.
      if (c > 2) timing += (c - 2) * (p - 1);
      if (p <= 2) buried += c;
    } else {
      outside += c;
      toHome += c * (p - 6);
      timing += c * (p - 6);
    }
    if (c >= 2 && p >= 18 && p <= 24) {
      // Their bar point counts as the most forward anchor there is; their ace point the least.
      if (forward === 0) forward = 25 - p;
      deepAnchors++;
    }
    if (p > line) mobility += c * escapesFrom(blocks, p);
  }
  let moment = 0;
  if (checkers > 0) {
    const mean = pips / checkers;
    for (let p = Math.ceil(mean); p <= 25; p++) {
      const c = board[me + p] as number;
      if (c > 0 && p > mean) moment += c * (p - mean) * (p - mean);
    }
    moment /= checkers;
  }
  out[at] = forward / 7;
  out[at + 1] = homePoints / 6;
  out[at + 2] = outside / 15;
  out[at + 3] = toHome / PIP_SCALE;
  out[at + 4] = moment / 100;
  out[at + 5] = timing / PIP_SCALE;
  out[at + 6] = deepAnchors / 3;
  out[at + 7] = mobility / (36 * 15);
  out[at + 8] = buried / 15;
}

function popcount6(x: number): number {
  let n = 0;
  for (let i = 0; i < 6; i++) n += (x >>> i) & 1;
  return n;
}
