/** A 52-byte board: the side on roll's points from `mine` (index = point), the opponent's from `theirs`, the rest borne off. */
export function board(mine: Record<number, number>, theirs: Record<number, number>): Int8Array {
  const b = new Int8Array(52);
  let m = 0;
  let t = 0;
  for (const [p, n] of Object.entries(mine)) {
    b[Number(p)] = n;
    m += n;
  }
  for (const [p, n] of Object.entries(theirs)) {
    b[26 + Number(p)] = n;
    t += n;
  }
  b[0] = 15 - m;
  b[26] = 15 - t;
  return b;
}
