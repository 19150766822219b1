import { describe, expect, it } from 'vitest';
import {
  barRect,
  CHECKER_R,
  cubeCentre,
  dicePositions,
  HEIGHT,
  isTop,
  MID_Y,
  offTarget,
  placeAt,
  pointRect,
  pointX,
  type Rect,
  slot,
  trayRect,
  WIDTH,
} from '../src/geometry.js';

const POINTS = Array.from({ length: 24 }, (_, i) => i + 1);
const centre = (r: Rect) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
const within = (r: Rect) => r.x >= 0 && r.y >= 0 && r.x + r.w <= WIDTH && r.y + r.h <= HEIGHT;
const overlap = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe.each([false, true])('geometry, flip=%s', (flip) => {
  it('every place is found again at its own centre', () => {
    for (const p of POINTS) expect(placeAt(centre(pointRect(p, flip)).x, centre(pointRect(p, flip)).y, flip)).toBe(p);
    expect(placeAt(centre(barRect(flip)).x, centre(barRect(flip)).y, flip)).toBe(25);
    expect(placeAt(centre(trayRect('own', flip)).x, centre(trayRect('own', flip)).y, flip)).toBe(0);
    // The opponent's tray is no drop target.
    expect(placeAt(centre(trayRect('opp', flip)).x, centre(trayRect('opp', flip)).y, flip)).toBeNull();
  });

  it('the places do not overlap and stay inside the view box', () => {
    const rects = [...POINTS.map((p) => pointRect(p, flip)), barRect(flip), offTarget(flip), trayRect('opp', flip)];
    rects.forEach((a, i) => {
      expect(within(a)).toBe(true);
      for (const b of rects.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    });
  });

  it('every drawn checker slot lies on its own point and on its own half', () => {
    for (const p of POINTS) {
      for (let i = 0; i < 5; i++) {
        const s = slot(p, i, flip);
        expect(placeAt(s.x, s.y, flip)).toBe(p);
        expect(s.y < MID_Y).toBe(isTop(p));
        // The fifth checker still clears the middle strip where the dice lie.
        expect(Math.abs(s.y - MID_Y)).toBeGreaterThanOrEqual(CHECKER_R + 2);
      }
    }
  });

  it('point 1 is in the corner of the home board, 12 and 13 face each other, 24 is opposite 1', () => {
    const right = (p: number) => (flip ? -pointX(p, flip) : pointX(p, flip));
    expect(right(1)).toBeGreaterThan(right(6));
    expect(right(6)).toBeGreaterThan(right(7));
    expect(pointX(12, flip)).toBe(pointX(13, flip));
    expect(pointX(1, flip)).toBe(pointX(24, flip));
    expect(isTop(13) && isTop(24) && !isTop(1) && !isTop(12)).toBe(true);
  });

  it('the cube sits mid-column when centred and toward its owner when owned', () => {
    const mid = cubeCentre(null, flip);
    expect(mid.y).toBe(MID_Y);
    expect(cubeCentre('own', flip).y).toBeGreaterThan(mid.y);
    expect(cubeCentre('opp', flip).y).toBeLessThan(mid.y);
    expect(placeAt(mid.x, mid.y - 1, flip)).toBeNull();
  });

  it("dice lie in the roller's half, inside the board, without overlapping", () => {
    for (const n of [2, 4]) {
      for (const side of ['own', 'opp'] as const) {
        const at = dicePositions(n, side, flip);
        const onRight = at.every((d) => d.x > barRect(flip).x);
        expect(onRight).toBe((side === 'own') !== flip);
        for (let i = 1; i < n; i++) expect(Math.abs((at[i]?.x ?? 0) - (at[i - 1]?.x ?? 0))).toBeGreaterThanOrEqual(10);
      }
    }
  });
});

it('flipping mirrors the geometry left to right and nothing else', () => {
  for (const p of POINTS) {
    const a = pointRect(p, false);
    const b = pointRect(p, true);
    expect(b.x).toBeCloseTo(WIDTH - a.x - a.w);
    expect(b.y).toBe(a.y);
  }
});
