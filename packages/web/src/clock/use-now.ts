import { useEffect, useState } from 'preact/hooks';

/**
 * The page's monotonic time (performance.now()), read again every `every` ms while `active`:
 * what makes a clock or a countdown move between the server's frames. Inactive, it stands, and
 * no timer runs.
 */
export function useNow(active: boolean, every: number): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    setNow(performance.now());
    if (!active) return;
    const id = setInterval(() => setNow(performance.now()), every);
    return () => clearInterval(id);
  }, [active, every]);
  // A render caused by something else (a new frame) reads the time afresh, never a stale tick.
  return active ? Math.max(now, performance.now()) : now;
}
