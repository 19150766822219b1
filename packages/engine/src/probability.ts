/**
 * Dice arithmetic that needs no position: how often a sum comes up, and the textbook table
 * of direct shots. Both are computed from the 36 ordered rolls, never typed in.
 */

export interface DiceSumRow {
  readonly sum: number;
  /** Ordered rolls (of 36) whose two dice add up to `sum`. */
  readonly ways: number;
  readonly probability: number;
}

export interface ShotRow {
  readonly distance: number;
  /** Ordered rolls (of 36) that let one checker travel exactly `distance`. */
  readonly rolls: number;
  readonly probability: number;
}

export const ROLLS = 36;

/** Every ordered roll of two dice, as [first die, second die]. */
function orderedRolls(): (readonly [number, number])[] {
  const rolls: (readonly [number, number])[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) rolls.push([a, b]);
  return rolls;
}

/** How many of the 36 rolls give each sum from 2 to 12. */
export function diceSumTable(): DiceSumRow[] {
  const ways = new Map<number, number>();
  for (const [a, b] of orderedRolls()) ways.set(a + b, (ways.get(a + b) ?? 0) + 1);
  const rows: DiceSumRow[] = [];
  for (let sum = 2; sum <= 12; sum++) {
    const n = ways.get(sum) ?? 0;
    rows.push({ sum, ways: n, probability: n / ROLLS });
  }
  return rows;
}

/**
 * Distances one checker can cover exactly with a roll, ignoring blocked points: either die,
 * their sum, or a double played 2, 3 or 4 times.
 */
export function distancesCovered(a: number, b: number): Set<number> {
  if (a !== b) return new Set([a, b, a + b]);
  return new Set([a, 2 * a, 3 * a, 4 * a]);
}

/**
 * The simplified one-attacker table: for each distance from an attacker to a blot, how many
 * of the 36 rolls reach it exactly. No blocking, no other checkers. Only distances that at
 * least one roll reaches are listed, in increasing order.
 */
export function directShotsByDistance(): ShotRow[] {
  const count = new Map<number, number>();
  for (const [a, b] of orderedRolls()) {
    for (const d of distancesCovered(a, b)) count.set(d, (count.get(d) ?? 0) + 1);
  }
  return [...count.entries()]
    .sort(([x], [y]) => x - y)
    .map(([distance, rolls]) => ({ distance, rolls, probability: rolls / ROLLS }));
}
