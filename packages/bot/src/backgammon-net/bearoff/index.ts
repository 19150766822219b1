/**
 * Positions of one side with up to 15 checkers on its points 1..6, numbered 0..54263 by a
 * combinatorial rank (stars and bars): C(21, 6) = 54,264 of them, 0 being no checker left.
 * A side is read at an offset (`board[base + i]`), not through board.ts's readers: the
 * evaluator ranks either half of boards it reads with a rotation, in its hot loop.
 */
export const BEAROFF_POINTS = 6;
export const BEAROFF_CHECKERS = 15;

/** WAYS[k][r]: ways to put at most r checkers on k points, C(r + k, k). */
const WAYS: readonly Int32Array[] = (() => {
  const t: Int32Array[] = [];
  for (let k = 0; k <= BEAROFF_POINTS; k++) {
    const row = new Int32Array(BEAROFF_CHECKERS + 1);
    for (let r = 0; r <= BEAROFF_CHECKERS; r++)
      row[r] = k === 0 ? 1 : (t[k - 1]?.[r] as number) + (r > 0 ? (row[r - 1] as number) : 0);
    t.push(row);
  }
  return t;
})();

export const BEAROFF_POSITIONS = WAYS[BEAROFF_POINTS]?.[BEAROFF_CHECKERS] as number;

/** The rank of the side whose points 1..6 are at `board[base + 1..6]`. */
export function bearoffRank(board: ArrayLike<number>, base: number): number {
  let rank = 0;
  let left = BEAROFF_CHECKERS;
  for (let i = 1; i <= BEAROFF_POINTS; i++) {
    const c = board[base + i] as number;
    const row = WAYS[BEAROFF_POINTS - i] as Int32Array;
    for (let v = 0; v < c; v++) rank += row[left - v] as number;
    left -= c;
  }
  return rank;
}

/** The checker counts on points 1..6 of the position with this rank, written to `out[1..6]`. */
export function bearoffUnrank(rank: number, out: Int8Array | number[]): void {
  let left = BEAROFF_CHECKERS;
  for (let i = 1; i <= BEAROFF_POINTS; i++) {
    const row = WAYS[BEAROFF_POINTS - i] as Int32Array;
    let c = 0;
    while (rank >= (row[left - c] as number)) {
      rank -= row[left - c] as number;
      c++;
    }
    out[i] = c;
    left -= c;
  }
}
