// Where everything sits, in viewBox units. Pure: no DOM, no rules.
//
// Unflipped, as the viewer sees it: his home board (1..6) bottom right with point 1 in the
// corner, 7..12 bottom left, 13..18 top left, 19..24 top right; the bar in the middle; the
// trays in a column on the right, his at the bottom and the opponent's at the top, the cube
// between them. `flip` mirrors every x (home and trays on the left); text is never mirrored.

export const POINT_W = 10;
export const CHECKER_R = 4.7;
/** Checkers drawn on one point before the rest is shown as a number. */
export const MAX_STACK = 5;
const FRAME = 3;
const BAND = 7;
const QUARTER = 6 * POINT_W;
const BAR_W = 12;
const GAP = 3;
const TRAY_W = 16;
const POINT_H = MAX_STACK * POINT_W;
const MID = 14;

export const LEFT_X = FRAME;
export const BAR_X = LEFT_X + QUARTER;
export const RIGHT_X = BAR_X + BAR_W;
export const TRAY_X = RIGHT_X + QUARTER + GAP;
export const WIDTH = TRAY_X + TRAY_W + FRAME;
export const TOP_Y = BAND + FRAME;
export const BOTTOM_Y = TOP_Y + 2 * POINT_H + MID;
export const MID_Y = (TOP_Y + BOTTOM_Y) / 2;
export const HEIGHT = BOTTOM_Y + FRAME + BAND;
export const BAR_CX = BAR_X + BAR_W / 2;
export const TRAY_CX = TRAY_X + TRAY_W / 2;
/** A borne-off checker seen edge-on in a tray. */
export const SLAB_H = 2;
const TRAY_H = 15 * SLAB_H + 2;
export const CUBE_SIZE = 12;
export const DIE_SIZE = 10;

export type Rect = { readonly x: number; readonly y: number; readonly w: number; readonly h: number };

/** x mirrored when the board is flipped. */
export const mx = (x: number, flip: boolean): number => (flip ? WIDTH - x : x);

const rect = (x: number, y: number, w: number, h: number, flip: boolean): Rect => ({
  x: flip ? WIDTH - x - w : x,
  y,
  w,
  h,
});

/** Whether point p (1..24) is on the top half. */
export const isTop = (p: number): boolean => p >= 13;

/** Centre x of point p (1..24), before any flip. */
function columnX(p: number): number {
  if (p <= 6) return RIGHT_X + (6 - p) * POINT_W + POINT_W / 2;
  if (p <= 12) return LEFT_X + (12 - p) * POINT_W + POINT_W / 2;
  if (p <= 18) return LEFT_X + (p - 13) * POINT_W + POINT_W / 2;
  return RIGHT_X + (p - 19) * POINT_W + POINT_W / 2;
}

export function pointX(p: number, flip: boolean): number {
  return mx(columnX(p), flip);
}

/** The triangle of point p: base on the board's edge, tip toward the middle. */
export function triangle(p: number, flip: boolean): string {
  const x = pointX(p, flip);
  const half = POINT_W / 2;
  const base = isTop(p) ? TOP_Y : BOTTOM_Y;
  const tip = isTop(p) ? TOP_Y + POINT_H - 4 : BOTTOM_Y - POINT_H + 4;
  return `${x - half},${base} ${x + half},${base} ${x},${tip}`;
}

/** The two playing areas (left and right of the bar). */
export function feltRects(flip: boolean): Rect[] {
  return [rect(LEFT_X, TOP_Y, QUARTER, BOTTOM_Y - TOP_Y, flip), rect(RIGHT_X, TOP_Y, QUARTER, BOTTOM_Y - TOP_Y, flip)];
}

/** The tappable area of point p: its column from the edge to the middle. */
export function pointRect(p: number, flip: boolean): Rect {
  const x = columnX(p) - POINT_W / 2;
  return rect(x, isTop(p) ? TOP_Y : MID_Y, POINT_W, MID_Y - TOP_Y, flip);
}

/** Centre of the checker in slot i (0 at the edge) of point p; slots past the last drawn share it. */
export function slot(p: number, i: number, flip: boolean): { x: number; y: number } {
  const k = Math.min(i, MAX_STACK - 1);
  const y = isTop(p) ? TOP_Y + POINT_W / 2 + k * POINT_W : BOTTOM_Y - POINT_W / 2 - k * POINT_W;
  return { x: pointX(p, flip), y };
}

/** A checker on the bar: the viewer's below the middle, the opponent's above it. */
export function barSlot(side: 'own' | 'opp', i: number, flip: boolean): { x: number; y: number } {
  const k = Math.min(i, 3);
  const d = POINT_W + k * POINT_W;
  return { x: mx(BAR_CX, flip), y: side === 'own' ? MID_Y + d : MID_Y - d };
}

export function barRect(flip: boolean): Rect {
  return rect(BAR_X, TOP_Y, BAR_W, BOTTOM_Y - TOP_Y, flip);
}

/** The tray of a side: the viewer's at the bottom, the opponent's at the top. */
export function trayRect(side: 'own' | 'opp', flip: boolean): Rect {
  return rect(TRAY_X, side === 'own' ? BOTTOM_Y - TRAY_H : TOP_Y, TRAY_W, TRAY_H, flip);
}

/** The viewer's tray as a drop target: the whole lower half of the tray column. */
export function offTarget(flip: boolean): Rect {
  return rect(TRAY_X, MID_Y, TRAY_W, BOTTOM_Y - MID_Y, flip);
}

/** The i-th borne-off checker of a side (0 at the tray's outer end). */
export function slab(side: 'own' | 'opp', i: number, flip: boolean): Rect {
  const y = side === 'own' ? BOTTOM_Y - 1 - (i + 1) * SLAB_H : TOP_Y + 1 + i * SLAB_H;
  return rect(TRAY_X + 2, y, TRAY_W - 4, SLAB_H - 0.3, flip);
}

/** Centre of the cube: the middle of the tray column when centred, toward its owner's tray when owned. */
export function cubeCentre(owner: 'own' | 'opp' | null, flip: boolean): { x: number; y: number } {
  const shift = (BOTTOM_Y - TOP_Y) / 2 - TRAY_H - CUBE_SIZE / 2 - 2;
  const y = owner === 'own' ? MID_Y + shift : owner === 'opp' ? MID_Y - shift : MID_Y;
  return { x: mx(TRAY_CX, flip), y };
}

/** Where a side's pip count is written: in the band beside its tray. */
export function pipsAnchor(side: 'own' | 'opp', flip: boolean): { x: number; y: number } {
  return { x: mx(TRAY_CX, flip), y: side === 'own' ? HEIGHT - 1.6 : BAND - 1.6 };
}

/** Where the number of point p is written: in the band outside its edge. */
export function numberAnchor(p: number, flip: boolean): { x: number; y: number } {
  return { x: pointX(p, flip), y: isTop(p) ? BAND - 1.6 : HEIGHT - 1.6 };
}

/** Top-left corners of the dice, centred in the roller's half of the middle strip. */
export function dicePositions(count: number, side: 'own' | 'opp', flip: boolean): { x: number; y: number }[] {
  const gap = 2;
  const total = count * DIE_SIZE + (count - 1) * gap;
  const cx = side === 'own' ? RIGHT_X + QUARTER / 2 : LEFT_X + QUARTER / 2;
  const y = MID_Y - DIE_SIZE / 2;
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < count; i++) {
    const x = cx - total / 2 + i * (DIE_SIZE + gap);
    out.push({ x: flip ? WIDTH - x - DIE_SIZE : x, y });
  }
  return out;
}

/** The rectangles of a side's home board, for shading; points may be any set of columns. */
export function homeRects(points: readonly number[], flip: boolean): Rect[] {
  return points.filter((p) => p >= 1 && p <= 24).map((p) => pointRect(p, flip));
}

const inside = (r: Rect, x: number, y: number): boolean => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;

/** What is under a board coordinate: a point 1..24, the bar (25), the viewer's tray (0), or null. */
export function placeAt(x: number, y: number, flip: boolean): number | null {
  if (inside(offTarget(flip), x, y)) return 0;
  if (inside(barRect(flip), x, y)) return 25;
  for (let p = 1; p <= 24; p++) if (inside(pointRect(p, flip), x, y)) return p;
  return null;
}

/** Centre of the place a side's move starts or ends at, for drawing the last move. */
export function placeCentre(
  place: number,
  side: 'own' | 'opp',
  count: number,
  flip: boolean,
): { x: number; y: number } {
  if (place === 25) return barSlot(side, 0, flip);
  if (place === 0) {
    const r = trayRect(side, flip);
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }
  return slot(place, Math.max(0, count), flip);
}
