import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assignKeys, type KeyedSpot, layoutCheckers } from '../src/checkers.js';
import { cellOf, nextCell, placeOf } from '../src/focus.js';
import { englishLabels } from '../src/labels.js';
import type { Side, SideView } from '../src/types.js';

const side = (points: Record<number, number>, bar = 0): SideView => {
  const arr = new Array<number>(25).fill(0);
  for (const [p, n] of Object.entries(points)) arr[Number(p)] = n;
  return { points: arr, bar, off: 0, pips: 0 };
};

describe('keyboard focus', () => {
  it('walks the bottom row right to left in numbers: 12 .. 7, bar, 6 .. 1, tray', () => {
    let cell = cellOf(12, false);
    const seen = [placeOf(cell, false)];
    for (let i = 0; i < 14; i++) {
      cell = nextCell(cell, 'ArrowRight') ?? cell;
      seen.push(placeOf(cell, false));
    }
    expect(seen).toEqual([12, 11, 10, 9, 8, 7, 25, 6, 5, 4, 3, 2, 1, 0, 0]);
  });

  it('Up and Down keep the column: 1 faces 24, 12 faces 13, the bar stays the bar', () => {
    expect(placeOf(nextCell(cellOf(1, false), 'ArrowUp') as never, false)).toBe(24);
    expect(placeOf(nextCell(cellOf(13, false), 'ArrowDown') as never, false)).toBe(12);
    expect(placeOf(nextCell(cellOf(25, false, 'top'), 'ArrowDown') as never, false)).toBe(25);
  });

  it('follows the screen when flipped: Right from 1 goes to 2', () => {
    expect(placeOf(nextCell(cellOf(1, true), 'ArrowRight') as never, true)).toBe(2);
    expect(placeOf(nextCell(cellOf(0, true), 'ArrowRight') as never, true)).toBe(1);
    expect(placeOf(nextCell(cellOf(12, true), 'End') as never, true)).toBe(12);
    expect(nextCell(cellOf(5, true), 'a')).toBeNull();
  });

  it('every place has a cell and the cell leads back to it', () => {
    for (const flip of [false, true]) {
      for (let p = 0; p <= 25; p++) expect(placeOf(cellOf(p, flip), flip)).toBe(p);
    }
  });
});

describe('checker layout', () => {
  it('stacks up to five and writes the count on the fifth', () => {
    const spots = layoutCheckers(side({ 6: 7 }), side({}), undefined, false);
    expect(spots).toHaveLength(5);
    expect(spots.map((s) => s.count)).toEqual([null, null, null, null, 7]);
  });

  it('draws a pinned checker at the edge, under the pinner, marked', () => {
    const pinned = new Array<Side | null>(25).fill(null);
    pinned[20] = 'own';
    const spots = layoutCheckers(side({ 20: 1 }), side({ 20: 2 }), pinned, false);
    expect(spots.map((s) => [s.side, s.index, s.pinned])).toEqual([
      ['own', 0, true],
      ['opp', 1, false],
      ['opp', 2, false],
    ]);
  });

  it('puts bar checkers on the bar, the viewer below the middle', () => {
    const spots = layoutCheckers(side({}, 2), side({}, 1), undefined, false);
    const own = spots.filter((s) => s.side === 'own');
    const opp = spots.filter((s) => s.side === 'opp');
    expect(own.every((s) => s.place === 25) && opp.every((s) => s.place === 25)).toBe(true);
    expect(Math.min(...own.map((s) => s.y))).toBeGreaterThan(Math.max(...opp.map((s) => s.y)));
  });
});

describe('checker identity', () => {
  const keysAfter = (before: SideView, after: SideView, opp: SideView = side({}), oppAfter = opp) => {
    const a = assignKeys([], layoutCheckers(before, opp, undefined, false), 0);
    const b = assignKeys(a.spots, layoutCheckers(after, oppAfter, undefined, false), a.seq);
    return { a: a.spots, b: b.spots };
  };
  const keyAt = (spots: KeyedSpot[], s: Side, place: number, index: number) =>
    spots.find((x) => x.side === s && x.place === place && x.index === index)?.key;

  it('a moved checker keeps its key and slides; the others stay', () => {
    const { a, b } = keysAfter(side({ 8: 3, 6: 2 }), side({ 8: 2, 6: 2, 5: 1 }));
    expect(keyAt(b, 'own', 5, 0)).toBe(keyAt(a, 'own', 8, 2));
    expect(keyAt(b, 'own', 8, 1)).toBe(keyAt(a, 'own', 8, 1));
    expect(keyAt(b, 'own', 6, 0)).toBe(keyAt(a, 'own', 6, 0));
    expect(new Set(b.map((s) => s.key)).size).toBe(b.length);
  });

  it('a hit checker goes to the bar with its key', () => {
    const { a, b } = keysAfter(side({ 8: 2 }), side({ 8: 1, 5: 1 }), side({ 5: 1 }), side({}, 1));
    expect(keyAt(b, 'opp', 25, 0)).toBe(keyAt(a, 'opp', 5, 0));
  });
});

describe('English labels', () => {
  it('names a point by number, contents and state', () => {
    const info = { point: 13, own: 5, opp: 0, pinned: null, selected: false, source: true, destination: false };
    expect(englishLabels.point(info)).toBe('Point 13: 5 of yours, can move');
    expect(englishLabels.point({ ...info, own: 0, source: false, destination: true })).toBe(
      'Point 13: empty, you can move here',
    );
  });

  it('says which dice are left', () => {
    expect(englishLabels.dice({ values: [6, 5], used: [true, false], side: 'own' })).toBe('Your dice: 6 and 5, 5 left');
  });
});

it('board-ui imports nothing but preact and its own files (it knows no rules)', () => {
  const dir = fileURLToPath(new URL('../src/', import.meta.url));
  for (const f of readdirSync(dir)) {
    const text = readFileSync(dir + f, 'utf8');
    for (const m of text.matchAll(/from '([^']+)'/g)) {
      expect(m[1]).toMatch(/^(\.\/|preact($|\/))/);
    }
  }
});
