/** A roll of two dice with its weight: the ways out of 36 it comes (1 for doubles, 2 otherwise). */
export type Roll = readonly [d1: number, d2: number, weight: number];

/** The 21 distinct rolls, 1-1 to 6-6 (smaller die first), with their weights out of 36. */
export const ROLLS: readonly Roll[] = (() => {
  const rolls: Roll[] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) rolls.push([a, b, a === b ? 1 : 2]);
  return rolls;
})();
