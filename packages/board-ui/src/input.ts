// The board's input: dragging checkers with any pointer, and moving keyboard focus over the
// places with one tab stop (a roving tabindex).

import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { type Cell, cellOf, nextCell, placeOf } from './focus.js';
import { placeAt } from './geometry.js';
import type { BoardProps } from './types.js';

interface Press {
  readonly from: number;
  readonly pointer: number;
  readonly x0: number;
  readonly y0: number;
  moved: boolean;
}

/** Board units a pointer must travel before a press becomes a drag. */
const DRAG_START = 3;

export interface DragInput {
  readonly svg: RefObject<SVGSVGElement | null>;
  /** Where a dragged checker is drawn, in board units; null when nothing is dragged. */
  readonly ghost: { x: number; y: number } | null;
  press(place: number): (e: PointerEvent) => void;
  move(e: PointerEvent): void;
  release(e: PointerEvent): void;
  cancel(): void;
  /** False for the click a browser sends after a drag is released: that is no tap. */
  isTap(): boolean;
}

/**
 * A press on a source (or the selected place) becomes a drag once the pointer travels; the
 * pointer is captured only then, so a plain tap still reaches the place as a click. Touch
 * needs `touch-action: none` on the board, which the board sets.
 */
export function useDrag(props: BoardProps, flip: boolean): DragInput {
  const svg = useRef<SVGSVGElement>(null);
  const pressed = useRef<Press | null>(null);
  const afterDrag = useRef(false);
  const [ghost, setGhost] = useState<{ x: number; y: number } | null>(null);

  const toBoard = (e: PointerEvent): { x: number; y: number } | null => {
    const m = svg.current?.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };

  return {
    svg,
    ghost,
    press: (place) => (e) => {
      const movable = props.sources.includes(place) || props.selected === place;
      if (!props.onDrag || e.button !== 0 || !movable) return;
      const at = toBoard(e);
      if (at) pressed.current = { from: place, pointer: e.pointerId, x0: at.x, y0: at.y, moved: false };
    },
    move(e) {
      const d = pressed.current;
      if (!d || d.pointer !== e.pointerId) return;
      const at = toBoard(e);
      if (!at || (!d.moved && Math.hypot(at.x - d.x0, at.y - d.y0) < DRAG_START)) return;
      if (!d.moved) {
        d.moved = true;
        svg.current?.setPointerCapture(e.pointerId);
      }
      setGhost(at);
    },
    release(e) {
      const d = pressed.current;
      if (!d || d.pointer !== e.pointerId) return;
      pressed.current = null;
      if (!d.moved) return;
      setGhost(null);
      afterDrag.current = true;
      // The click, if any, comes in the same task as the pointerup.
      setTimeout(() => {
        afterDrag.current = false;
      }, 0);
      const at = toBoard(e);
      const to = at ? placeAt(at.x, at.y, flip) : null;
      if (to !== null && to !== d.from) props.onDrag?.(d.from, to);
    },
    cancel() {
      pressed.current = null;
      setGhost(null);
    },
    isTap: () => !afterDrag.current,
  };
}

export interface FocusInput {
  /** The place that holds the board's tab stop. */
  readonly focused: number;
  keys(place: number): (e: KeyboardEvent) => void;
  /** Focus arrived on a place (by a tap or the Tab key): it takes the tab stop. */
  entered(place: number): () => void;
  ref(place: number): (el: SVGGElement | null) => void;
}

/**
 * Arrow keys, Home and End move focus across the board as drawn (focus.ts); Enter and Space
 * tap. The tab stop starts on the selected checker, else the first source, else point 1.
 */
export function useRovingFocus(props: BoardProps, flip: boolean): FocusInput {
  const places = useRef(new Map<number, SVGGElement>());
  const [cell, setCell] = useState<Cell | null>(null);
  const usable = (c: Cell): boolean => props.hasBar || placeOf(c, flip) !== 25;
  const start = cellOf(props.selected ?? props.sources[0] ?? 1, flip);
  const current = cell && usable(cell) ? cell : start;
  const cellFor = (place: number): Cell =>
    placeOf(current, flip) === place ? current : cellOf(place, flip, current.row);

  /** The cell a key leads to, passing over the bar in games without one. */
  const navigate = (from: Cell, key: string): Cell | null => {
    let next = nextCell(from, key);
    if (next && !usable(next)) next = nextCell(next, key);
    return next && usable(next) ? next : null;
  };

  return {
    focused: placeOf(current, flip),
    keys: (place) => (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        props.onPoint?.(place);
        return;
      }
      const next = navigate(cellFor(place), e.key);
      if (!next) return;
      e.preventDefault();
      setCell(next);
      places.current.get(placeOf(next, flip))?.focus();
    },
    entered: (place) => () => setCell(cellFor(place)),
    ref: (place) => (el) => {
      if (el) places.current.set(place, el);
      else places.current.delete(place);
    },
  };
}
