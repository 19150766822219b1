import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GRAPH_BOX,
  MIN_SPAN,
  pathOf,
  type RatingSample,
  scaleGraph,
  tickStep,
} from '../src/players/rating-graph-scale.js';

const sampleArb: fc.Arbitrary<RatingSample> = fc.record({
  at: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
  rating: fc.double({ min: 500, max: 3000, noNaN: true }),
});
const historyArb = fc.array(sampleArb, { minLength: 1, maxLength: 60 }).map((h) => [...h].sort((a, b) => a.at - b.at));

describe('the rating graph’s scale', () => {
  it('keeps every point inside the plot area', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const { points, plot } = scaleGraph(history);
        for (const p of points) {
          expect(p.x).toBeGreaterThanOrEqual(plot.x0 - 1e-9);
          expect(p.x).toBeLessThanOrEqual(plot.x1 + 1e-9);
          expect(p.y).toBeGreaterThanOrEqual(plot.y0 - 1e-9);
          expect(p.y).toBeLessThanOrEqual(plot.y1 + 1e-9);
        }
      }),
    );
  });

  it('draws a higher rating higher up and a later match further right', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const { points } = scaleGraph(history);
        for (const a of points)
          for (const b of points) {
            // Not strictly: two ratings a rounding error apart may share a pixel row.
            if (a.rating > b.rating) expect(a.y).toBeLessThanOrEqual(b.y);
            if (a.at < b.at) expect(a.x).toBeLessThanOrEqual(b.x);
            if (a.rating - b.rating > 1) expect(a.y).toBeLessThan(b.y);
            if (b.at - a.at > 60_000) expect(a.x).toBeLessThan(b.x);
          }
      }),
    );
  });

  it('spans the ratings with round ticks, bottom first, at least MIN_SPAN wide', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const g = scaleGraph(history);
        const ratings = history.map((h) => h.rating);
        expect(g.low).toBeLessThanOrEqual(Math.min(...ratings));
        expect(g.high).toBeGreaterThanOrEqual(Math.max(...ratings));
        expect(g.high - g.low).toBeGreaterThanOrEqual(MIN_SPAN);
        expect(g.ticks[0]?.rating).toBe(g.low);
        expect(g.ticks.at(-1)?.rating).toBeCloseTo(g.high, 6);
        expect(g.ticks.length).toBeGreaterThanOrEqual(2);
        expect(g.ticks.length).toBeLessThanOrEqual(12);
        for (let i = 1; i < g.ticks.length; i++) {
          expect((g.ticks[i] as { y: number }).y).toBeLessThan((g.ticks[i - 1] as { y: number }).y);
        }
      }),
    );
  });

  it('puts the bottom tick on the axis and the top one at the plot’s top', () => {
    const g = scaleGraph([
      { at: 1, rating: 1480 },
      { at: 2, rating: 1530 },
    ]);
    expect(g.ticks[0]?.y).toBe(g.plot.y1);
    expect(g.ticks.at(-1)?.y).toBeCloseTo(g.plot.y0, 9);
    expect(g.points[0]?.x).toBe(GRAPH_BOX.left);
    expect(g.points[1]?.x).toBe(GRAPH_BOX.width - GRAPH_BOX.right);
  });

  it('centres a single match, and keeps a flat rating off the edges', () => {
    const g = scaleGraph([{ at: 5, rating: 1500 }]);
    const p = g.points[0];
    expect(p?.x).toBe((g.plot.x0 + g.plot.x1) / 2);
    expect(p?.y).toBeGreaterThan(g.plot.y0);
    expect(p?.y).toBeLessThan(g.plot.y1);
  });

  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(tickStep(20)).toBe(5);
    expect(tickStep(100)).toBe(20);
    expect(tickStep(230)).toBe(50);
    expect(tickStep(900)).toBe(200);
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e5, noNaN: true }), (span) => {
        const step = tickStep(span);
        const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-12);
        expect([1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9)).toBe(true);
        expect(span / step).toBeLessThanOrEqual(5 + 1e-9);
      }),
    );
  });

  it('joins the points in order into one path', () => {
    const g = scaleGraph([
      { at: 1, rating: 1500 },
      { at: 2, rating: 1510 },
      { at: 3, rating: 1490 },
    ]);
    const d = pathOf(g.points);
    expect(d.startsWith('M')).toBe(true);
    expect(d.match(/L/g)).toHaveLength(2);
  });
});
