import type { Mark, MatchAnalysis } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { MARK_SEVERITY } from '../analysis/types.js';
import { type ApiError, api } from '../api.js';

/** How often the replay asks again while the server analyses. */
const POLL_MS = 1000;

/**
 * The analysis marks by record entry version: a decision's `action` is the index of its action
 * in the match's actions, and the entry of that action has version index + 1, in every game
 * (a gul bara run's blocks are actions of their own). Should two decisions ever share an
 * action, its entry shows the worse mark, as a line of the move list does.
 */
export function marksByVersion(analysis: MatchAnalysis): ReadonlyMap<number, Mark> {
  const marks = new Map<number, Mark>();
  for (const d of analysis.decisions) {
    if (d.mark === 'none') continue;
    const v = d.action + 1;
    const before = marks.get(v);
    if (before === undefined || MARK_SEVERITY[d.mark] > MARK_SEVERITY[before]) marks.set(v, d.mark);
  }
  return marks;
}

export type MarksState =
  | { readonly state: 'off' }
  | { readonly state: 'waiting' }
  | { readonly state: 'ready'; readonly marks: ReadonlyMap<number, Mark> }
  | { readonly state: 'failed'; readonly error: ApiError };

/**
 * The analysis marks of a finished match: shown at once when the server already holds its
 * analysis, else asked for only once `wanted` (an analysis costs the server seconds of work,
 * so opening a replay never starts one by itself). None for a null id (an imported match's replay).
 */
export function useAnalysisMarks(id: string | null, wanted: boolean): MarksState {
  const [state, setState] = useState<MarksState>({ state: 'off' });
  useEffect(() => {
    if (id === null) return;
    let stopped = false;
    void api.analysisHeld(id).then((r) => {
      if (stopped || !r.ok || r.value.analysis === null) return;
      const marks = marksByVersion(r.value.analysis);
      setState((now) => (now.state === 'ready' ? now : { state: 'ready', marks }));
    });
    return () => {
      stopped = true;
    };
  }, [id]);
  useEffect(() => {
    if (!wanted || id === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ state: 'waiting' });
    const ask = async () => {
      const r = await api.analysis(id);
      if (stopped) return;
      if (!r.ok) setState({ state: 'failed', error: r.error });
      else if (r.value.state === 'ready') setState({ state: 'ready', marks: marksByVersion(r.value.analysis) });
      else timer = setTimeout(ask, POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, wanted]);
  return state;
}
