/**
 * The logistic function by a table and linear interpolation: about three times as fast as
 * `1 / (1 + Math.exp(-x))` in V8, and within 2e-7 of it (a float32 activation is rounded by
 * 3e-8 anyway). An evaluation takes 133 of them (128 hidden units and 5 outputs), a tenth of
 * its time with `Math.exp`. Outside ±16 the exact form is used.
 */
const STEPS_PER_UNIT = 256;
const LIMIT = 16;
const TABLE = (() => {
  const n = 2 * LIMIT * STEPS_PER_UNIT + 2;
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = 1 / (1 + Math.exp(LIMIT - i / STEPS_PER_UNIT));
  return t;
})();

export function fastSigmoid(x: number): number {
  if (!(x > -LIMIT && x < LIMIT)) return 1 / (1 + Math.exp(-x));
  const u = (x + LIMIT) * STEPS_PER_UNIT;
  const i = u | 0;
  const a = TABLE[i] as number;
  return a + (u - i) * ((TABLE[i + 1] as number) - a);
}
