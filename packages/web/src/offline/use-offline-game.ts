import type { ClientAction, EventAction, GameView, Hint, MatchRecordView, OfflineRecord } from '@zar/protocol';
import type { ApiResult } from '../api.js';
import type { HintSource } from '../hints/use-hints.js';
import type { GameConnection } from '../table/use-game.js';
import { keepMatch } from './kept.js';
import type { OfflineKit } from './kit.js';
import type { FromWorker, OfflineFiles, ToWorker } from './messages.js';

/** The offline match as the play page's parts read a live game, with what only it has. */
export interface OfflineConnection extends GameConnection {
  /** The move list's record, kept by the worker. */
  readonly moves: MatchRecordView | null;
  /** The match as it is kept (IndexedDB), exported and uploaded. */
  readonly kept: OfflineRecord | null;
  /** Its downloads, once the match is over. */
  readonly files: OfflineFiles | null;
  /** IndexedDB refused the last write: the match lives only in this page. */
  readonly unkept: boolean;
  /** The bot's hint for the person's decision at a version, from the worker (the hint panel's source). */
  readonly hint: HintSource;
}

/** How the page opens the worker's match: a new one, or one kept in IndexedDB. */
export type Opening = Extract<ToWorker, { t: 'new' | 'open' }>;

const NOT_HERE = (): boolean => false;

/**
 * A match against the bot in a Web Worker (worker.ts), given as the socket's GameConnection is,
 * so that the board, the buttons, the sounds, the automatic actions and the end dialog work on
 * it unchanged. Each state the worker sends is kept in IndexedDB, one write after another; a
 * refusal of the storage is said (`unkept`) and play goes on in memory. `preset`: the rules of
 * a match to be set up, whose net is fetched at once; null `opening`: nothing is played yet.
 */
export function useOfflineGame(
  { hooks }: OfflineKit,
  preset: string | null,
  opening: Opening | null,
): OfflineConnection {
  const { useEffect, useRef, useState } = hooks;
  const [view, setView] = useState<GameView | null>(null);
  const [version, setVersion] = useState(-1);
  const [receivedAt, setReceivedAt] = useState(0);
  const [lastAction, setLastAction] = useState<EventAction | null>(null);
  const [error, setError] = useState<GameConnection['error']>(null);
  const [pending, setPending] = useState(false);
  const [moves, setMoves] = useState<MatchRecordView | null>(null);
  const [kept, setKept] = useState<OfflineRecord | null>(null);
  const [files, setFiles] = useState<OfflineFiles | null>(null);
  const [unkept, setUnkept] = useState(false);
  const worker = useRef<Worker | null>(null);
  const writing = useRef<Promise<unknown>>(Promise.resolve());
  /** The hints asked and not yet answered, by version. */
  const hints = useRef(new Map<number, (answer: ApiResult<Hint>) => void>());

  // The worker starts with the page: offline play is chosen, so its code and the net are fetched now.
  useEffect(() => {
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'zar-offline' });
    w.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.t === 'hint') {
        const answer: ApiResult<Hint> = m.answer.ok ? m.answer : { ok: false, error: { ...m.answer.error, status: 0 } };
        hints.current.get(m.v)?.(answer);
        hints.current.delete(m.v);
        return;
      }
      setPending(false);
      if (m.t === 'refused') {
        setError({ code: m.code, message: m.message });
        return;
      }
      setView(m.view);
      setVersion(m.v);
      setReceivedAt(performance.now());
      setLastAction(m.t === 'event' ? m.action : null);
      setMoves(m.moves);
      setKept(m.kept);
      setFiles(m.files);
      // One write after another, so that an older state never lands after a newer one.
      writing.current = writing.current.then(() => keepMatch(m.kept)).then((r) => setUnkept(!r.ok));
    };
    w.onerror = (e) => setError({ code: 'ERR_INTERNAL', message: e.message });
    worker.current = w;
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, []);
  useEffect(() => {
    if (preset !== null) worker.current?.postMessage({ t: 'prepare', preset } satisfies ToWorker);
  }, [preset]);
  useEffect(() => {
    if (opening !== null) worker.current?.postMessage(opening satisfies ToWorker);
  }, [opening]);

  const act = (action: ClientAction): boolean => {
    const w = worker.current;
    if (w === null) return false;
    setError(null);
    setPending(true);
    w.postMessage({ t: 'act', action } satisfies ToWorker);
    return true;
  };

  const hint: HintSource = (v) =>
    new Promise((resolve) => {
      const w = worker.current;
      if (w === null)
        return resolve({ ok: false, error: { code: 'ERR_HINT_UNAVAILABLE', message: 'no worker', status: 0 } });
      hints.current.set(v, resolve);
      w.postMessage({ t: 'hint', v } satisfies ToWorker);
    });

  return {
    view,
    version,
    receivedAt,
    lastAction,
    status: 'open',
    error,
    pending,
    act,
    claim: NOT_HERE,
    rematch: NOT_HERE,
    clearError: () => setError(null),
    chat: { log: [], error: null, say: NOT_HERE, phrase: NOT_HERE, report: NOT_HERE },
    allowSpectators: NOT_HERE,
    moves,
    kept,
    files,
    unkept,
    hint,
  };
}
