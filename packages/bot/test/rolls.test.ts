import { describe, expect, it } from 'vitest';
import { ROLLS } from '../src/rolls.js';

describe('the 21 rolls', () => {
  it('are every unordered pair of dice once, doubles weighing 1 and the rest 2, 36 in all', () => {
    expect(ROLLS).toHaveLength(21);
    const seen = new Set(ROLLS.map(([a, b]) => `${a}-${b}`));
    expect(seen.size).toBe(21);
    for (const [a, b, w] of ROLLS) {
      expect(a).toBeLessThanOrEqual(b);
      expect(a).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(6);
      expect(w).toBe(a === b ? 1 : 2);
    }
    expect(ROLLS.reduce((n, [, , w]) => n + w, 0)).toBe(36);
  });
});
