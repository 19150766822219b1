import { appendEvent, type EventAction, type GameView, type MatchRecordView } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';

/** How long a failed fetch of the record waits before asking again. */
const RETRY_MS = 5000;

/** What the record follows of a live game: the socket's latest view, its version and action. */
export interface LiveGame {
  readonly view: GameView | null;
  readonly version: number;
  /** The action of the event that brought this version; null after a whole state. */
  readonly lastAction: EventAction | null;
}

export interface RecordState {
  readonly record: MatchRecordView | null;
  readonly error: ApiError | null;
}

/**
 * A match's record: fetched once, then kept current from the live game's events (each one
 * appended as the server's own fold would). A missed event, or a whole state past the
 * record, fetches it again. Without a live game (the replay) it is fetched once; an imported
 * match's (`from` 'import') is always so.
 */
export function useRecord(id: string, live?: LiveGame, from: 'game' | 'import' = 'game'): RecordState {
  const [record, setRecord] = useState<MatchRecordView | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const held = useRef<MatchRecordView | null>(null);
  const fetching = useRef(false);
  const wanted = useRef(0);
  const alive = useRef(true);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const keep = (r: MatchRecordView) => {
    held.current = r;
    setRecord(r);
  };

  const fetchRecord = async (): Promise<void> => {
    if (fetching.current) return;
    fetching.current = true;
    const r = await (from === 'import' ? api.importRecord(id) : api.record(id));
    fetching.current = false;
    if (!alive.current) return;
    if (!r.ok) {
      setError(r.error);
      // A refusal that may pass (offline, too many asked for, the server busy) is asked again.
      if (r.error.status !== 404) retry.current = setTimeout(() => void fetchRecord(), RETRY_MS);
      return;
    }
    setError(null);
    keep(r.value);
    // Events came while it was on its way and could not be appended: once more.
    if (wanted.current > r.value.v) void fetchRecord();
  };

  useEffect(() => {
    alive.current = true;
    held.current = null;
    setRecord(null);
    void fetchRecord();
    return () => {
      alive.current = false;
      clearTimeout(retry.current);
    };
  }, [id]);

  const version = live?.version ?? -1;
  useEffect(() => {
    if (!live?.view || version < 0) return;
    wanted.current = version;
    const current = held.current;
    if (current === null || version <= current.v) return;
    const next = live.lastAction
      ? appendEvent(current, { v: version, action: live.lastAction, view: live.view }, Date.now())
      : null;
    if (next) keep(next);
    else void fetchRecord();
  }, [version]);

  return { record, error };
}
