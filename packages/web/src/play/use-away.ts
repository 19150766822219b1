import type { GameView } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { AWAY_GRACE_MS, awayShown, isAway } from './people.js';

/**
 * Which seats the table shows away: those the server says are away (isAway) and have been
 * for AWAY_GRACE_MS on this page, so that a reconnect within it shows nothing. One timer runs
 * only while a seat is away and not yet shown.
 */
export function useAway(view: GameView): readonly [boolean, boolean] {
  const away: [boolean, boolean] = [isAway(view, 0), isAway(view, 1)];
  const since = useRef<[number | null, number | null]>([null, null]);
  const [redrawn, redraw] = useState(0);
  const now = performance.now();
  // Read during the render, so that a seat back is never shown away for one frame more.
  for (const seat of [0, 1] as const) {
    if (!away[seat]) since.current[seat] = null;
    else since.current[seat] ??= now;
  }
  const shown = awayShown(since.current, now);
  const waiting = ([0, 1] as const).filter((s) => away[s] && !shown[s]);
  const due = waiting.length === 0 ? null : Math.min(...waiting.map((s) => (since.current[s] ?? now) + AWAY_GRACE_MS));
  // Armed again after each redraw: a timer may fire a fraction of a millisecond before `due` by
  // performance.now(), which the browser coarsens, and the seat would then stay unshown with
  // `due` unchanged and no timer left (the e2e claim test saw it now and then).
  useEffect(() => {
    if (due === null) return;
    const id = setTimeout(() => redraw((n) => n + 1), Math.max(0, due - performance.now()));
    return () => clearTimeout(id);
  }, [due, redrawn]);
  return shown;
}
