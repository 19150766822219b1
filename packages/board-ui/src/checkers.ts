// The checkers to draw and their identities. Checkers of a side are alike, so identity is a
// drawing device: a checker keeps its key while its spot stays, and a key freed on one spot
// is handed to a new spot of the same side, so a moved (or hit) checker slides there.

import { barSlot, MAX_STACK, slot } from './geometry.js';
import type { Side, SideView } from './types.js';

export interface CheckerSpot {
  readonly side: Side;
  /** 1..24, or 25 for the bar. */
  readonly place: number;
  /** Slot from the edge (points) or from the middle (bar). */
  readonly index: number;
  readonly x: number;
  readonly y: number;
  /** This checker is pinned under the opponent's (plakoto). */
  readonly pinned: boolean;
  /** On the last drawn checker of a taller stack: how many of this side stand there. */
  readonly count: number | null;
}

export interface KeyedSpot extends CheckerSpot {
  readonly key: string;
}

/** Checkers drawn on the bar per side before the rest is shown as a number. */
const MAX_BAR = 4;

function pointSpots(p: number, own: number, opp: number, pinned: Side | null, flip: boolean): CheckerSpot[] {
  const out: CheckerSpot[] = [];
  // A pinned checker lies at the edge, under the pinner's.
  const order: [Side, number][] =
    pinned === 'opp'
      ? [
          ['opp', opp],
          ['own', own],
        ]
      : [
          ['own', own],
          ['opp', opp],
        ];
  let index = 0;
  for (const [side, n] of order) {
    for (let k = 0; k < n && index < MAX_STACK; k++, index++) {
      const last = index === MAX_STACK - 1 && own + opp > MAX_STACK;
      out.push({
        side,
        place: p,
        index,
        ...slot(p, index, flip),
        pinned: pinned === side,
        count: last ? n : null,
      });
    }
  }
  return out;
}

function barSpots(side: Side, n: number, flip: boolean): CheckerSpot[] {
  const out: CheckerSpot[] = [];
  for (let i = 0; i < Math.min(n, MAX_BAR); i++) {
    const last = i === MAX_BAR - 1 && n > MAX_BAR;
    out.push({ side, place: 25, index: i, ...barSlot(side, i, flip), pinned: false, count: last ? n : null });
  }
  return out;
}

/** Every checker on the points and the bar, in drawing order. */
export function layoutCheckers(
  own: SideView,
  opp: SideView,
  pinned: readonly (Side | null)[] | undefined,
  flip: boolean,
): CheckerSpot[] {
  const out: CheckerSpot[] = [];
  for (let p = 1; p <= 24; p++) {
    out.push(...pointSpots(p, own.points[p] ?? 0, opp.points[p] ?? 0, pinned?.[p] ?? null, flip));
  }
  out.push(...barSpots('own', own.bar, flip), ...barSpots('opp', opp.bar, flip));
  return out;
}

const spotId = (s: CheckerSpot): string => `${s.side}:${s.place}:${s.index}`;

/**
 * Keys for `next`: the key of the same spot in `prev`, else a key freed from a spot of the
 * same side, else a fresh one numbered from `seq`. Returns the spots and the next `seq`.
 */
export function assignKeys(
  prev: readonly KeyedSpot[],
  next: readonly CheckerSpot[],
  seq: number,
): { spots: KeyedSpot[]; seq: number } {
  const old = new Map(prev.map((s) => [spotId(s), s.key]));
  const kept = new Set<string>();
  for (const s of next) {
    const key = old.get(spotId(s));
    if (key !== undefined) kept.add(spotId(s));
  }
  const freed: Record<Side, string[]> = { own: [], opp: [] };
  for (const s of prev) if (!kept.has(spotId(s))) freed[s.side].push(s.key);
  const spots = next.map((s): KeyedSpot => {
    const key = kept.has(spotId(s)) ? (old.get(spotId(s)) as string) : (freed[s.side].shift() ?? `${s.side}${seq++}`);
    return { ...s, key };
  });
  return { spots, seq };
}
