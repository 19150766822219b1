import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedScore, GLICKO2, type Glicko2Rating, idleGlicko2, rateGame, rateGlicko2 } from '../src/glicko2.js';

const SCALE = 173.7178;

describe('Glicko-2', () => {
  it("reproduces Glickman's worked example to his printed precision", () => {
    // "Example of the Glicko-2 system", τ = 0.5: a 1500/200/0.06 player beats a 1400/30,
    // loses to a 1550/100 and to a 1700/300 in one rating period.
    const settings = { ...GLICKO2, tau: 0.5 };
    const player = { rating: 1500, deviation: 200, volatility: 0.06 };
    const opponent = (rating: number, deviation: number) => ({ rating, deviation, volatility: 0.06 });
    const next = rateGlicko2(
      player,
      [
        { opponent: opponent(1400, 30), score: 1 },
        { opponent: opponent(1550, 100), score: 0 },
        { opponent: opponent(1700, 300), score: 0 },
      ],
      settings,
    );
    // He prints μ' = −0.2069, φ' = 0.8722, σ' = 0.05999, then r' = 1464.06 and RD' = 151.52
    // (from the rounded μ': exactly, r' is 1464.0507).
    expect((next.rating - 1500) / SCALE).toBeCloseTo(-0.2069, 4);
    expect(next.deviation / SCALE).toBeCloseTo(0.8722, 4);
    // σ' is 0.0599960, which he writes cut to five places.
    expect(next.volatility).toBeGreaterThanOrEqual(0.05999);
    expect(next.volatility).toBeLessThan(0.06);
    expect(Math.abs(next.rating - 1464.06)).toBeLessThan(0.01);
    expect(next.deviation).toBeCloseTo(151.52, 2);
  });

  it('a period without games only widens the deviation, by the volatility, up to the cap', () => {
    const r = { rating: 1800, deviation: 50, volatility: 0.06 };
    const once = rateGlicko2(r, []);
    expect(once.rating).toBe(1800);
    expect(once.volatility).toBe(0.06);
    expect(once.deviation).toBeCloseTo(Math.hypot(50, 0.06 * SCALE), 9);
    expect(idleGlicko2(r, 1)).toEqual(once);
    expect(idleGlicko2(r, 10_000).deviation).toBe(GLICKO2.maxDeviation);
  });

  it('refuses a score outside 0..1 and ratings out of range', () => {
    const fresh = GLICKO2.initial;
    expect(rateGame(fresh, fresh, 2)).toMatchObject({ ok: false, error: { code: 'ERR_GLICKO2_SCORE' } });
    expect(rateGame({ ...fresh, deviation: 0 }, fresh, 1)).toMatchObject({ ok: false });
    expect(rateGame(fresh, { ...fresh, rating: Number.NaN }, 1)).toMatchObject({ ok: false });
    expect(rateGame(fresh, { ...fresh, volatility: 1 }, 1)).toMatchObject({ ok: false });
  });
});

const rating = (dev = { min: 30, max: 350 }): fc.Arbitrary<Glicko2Rating> =>
  fc.record({
    rating: fc.double({ min: 500, max: 3000, noNaN: true }),
    deviation: fc.double({ min: dev.min, max: dev.max, noNaN: true }),
    volatility: fc.double({ min: 0.01, max: 0.2, noNaN: true }),
  });
const score = fc.constantFrom(0, 0.5, 1);

function rated(a: Glicko2Rating, b: Glicko2Rating, s: number) {
  const r = rateGame(a, b, s);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('Glicko-2 properties', () => {
  it('a win never lowers the winner nor raises the loser; a loss the reverse', () => {
    fc.assert(
      fc.property(rating(), rating(), (a, b) => {
        const win = rated(a, b, 1);
        expect(win.a.rating).toBeGreaterThanOrEqual(a.rating);
        expect(win.b.rating).toBeLessThanOrEqual(b.rating);
        const loss = rated(a, b, 0);
        expect(loss.a.rating).toBeLessThanOrEqual(a.rating);
        expect(loss.b.rating).toBeGreaterThanOrEqual(b.rating);
      }),
    );
  });

  it('a game narrows the deviation below what the idle period alone would leave', () => {
    fc.assert(
      fc.property(rating(), rating(), score, (a, b, s) => {
        const after = rated(a, b, s);
        expect(after.a.deviation).toBeLessThan(idleGlicko2({ ...a, volatility: after.a.volatility }).deviation);
        expect(after.b.deviation).toBeLessThan(idleGlicko2({ ...b, volatility: after.b.volatility }).deviation);
      }),
    );
  });

  it('a game shrinks a wide deviation against an opponent within 400 points', () => {
    // Below about 150 a single game can add more volatility than it removes doubt: the
    // deviation settles where the two balance instead of falling to nothing.
    fc.assert(
      fc.property(rating({ min: 150, max: 350 }), rating(), score, (a, b, s) => {
        fc.pre(Math.abs(a.rating - b.rating) <= 400);
        expect(rated(a, b, s).a.deviation).toBeLessThan(a.deviation);
      }),
    );
  });

  it('idle periods widen the deviation, never past the cap', () => {
    fc.assert(
      fc.property(rating(), fc.integer({ min: 1, max: 1000 }), (a, n) => {
        const later = idleGlicko2(a, n);
        expect(later.deviation).toBeGreaterThanOrEqual(Math.min(a.deviation, GLICKO2.maxDeviation));
        expect(later.deviation).toBeLessThanOrEqual(GLICKO2.maxDeviation);
        expect(idleGlicko2(a, n + 1).deviation).toBeGreaterThanOrEqual(later.deviation);
      }),
    );
  });

  it("the two sides' expectations add up to 1, and a higher rating expects more", () => {
    fc.assert(
      fc.property(rating(), rating(), (a, b) => {
        expect(expectedScore(a, b) + expectedScore(b, a)).toBeCloseTo(1, 12);
        if (a.rating > b.rating) expect(expectedScore(a, b)).toBeGreaterThan(0.5);
      }),
    );
  });

  it('equal sides, one winning, move by equal amounts in opposite directions', () => {
    fc.assert(
      fc.property(rating(), score, (a, s) => {
        const after = rated(a, a, s);
        expect(after.a.rating - a.rating).toBeCloseTo(a.rating - after.b.rating, 6);
        expect(after.a.deviation).toBeCloseTo(after.b.deviation, 9);
      }),
    );
  });

  it('ratings stay finite and in range for any inputs in range', () => {
    fc.assert(
      fc.property(rating({ min: 1, max: 350 }), rating({ min: 1, max: 350 }), score, (a, b, s) => {
        for (const r of Object.values(rated(a, b, s))) {
          expect(Number.isFinite(r.rating)).toBe(true);
          expect(r.deviation).toBeGreaterThan(0);
          expect(r.deviation).toBeLessThanOrEqual(GLICKO2.maxDeviation);
          expect(r.volatility).toBeGreaterThan(0);
          expect(r.volatility).toBeLessThan(1);
        }
      }),
    );
  });
});
