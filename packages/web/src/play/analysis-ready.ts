import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';

/** How often the end dialog asks whether the analysis made in the background is ready. */
const ASK_MS = 5_000;
/** It stops asking after ten minutes (a long match takes minutes on a busy server); the link is there anyway. */
const TRIES = 120;

/**
 * Whether the server holds the analysis of finished match `id` (every match between people is
 * analysed in the background after it ends): asked now and every few seconds until it is, while
 * `asking`. Asking starts no analysis (GET …/analysis/held).
 */
export function useAnalysisReady(id: string, asking: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(false);
    if (!asking) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ask = (tries: number): void => {
      void api.analysisHeld(id).then((r) => {
        if (stopped) return;
        if (r.ok && r.value.analysis !== null) setReady(true);
        else if (tries > 1) timer = setTimeout(() => ask(tries - 1), ASK_MS);
      });
    };
    ask(TRIES);
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    };
  }, [id, asking]);
  return ready;
}
