import type { TournamentView } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiError, type ApiResult, api } from '../api.js';
import { wakeOnReturn } from '../live-socket.js';
import { loadLatest } from '../players/latest.js';
import { navigate } from '../router.js';
import { type SocketStatus, socketUrl } from '../socket.js';
import { FOLLOW_DELAY_MS, newMatchOf } from './round-news.js';
import { TournamentSocket } from './tournament-socket.js';

export interface TournamentConnection {
  readonly view: TournamentView | null;
  readonly status: SocketStatus;
  /** The last refusal (of the server, or of an action of the viewer's). */
  readonly error: ApiError | { readonly code: string; readonly message: string } | null;
  /** The viewer's match that has just started; the page opens it in a moment. */
  readonly starting: string | null;
  /** An action of the viewer's is on its way. */
  readonly busy: boolean;
  /** Sends an action over REST; its answer, the new view, replaces the one shown. */
  readonly run: (action: () => Promise<ApiResult<TournamentView>>) => Promise<void>;
}

/**
 * A tournament's view, live: loaded once over REST (which also tells a wrong address), then
 * kept current by the tournament's socket, woken when the browser comes back online or the tab
 * is shown again. When the viewer's match of a round starts, the page says so and opens it, as
 * lichess does.
 */
export function useTournament(id: string): TournamentConnection {
  const [view, setView] = useState<TournamentView | null>(null);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [error, setError] = useState<TournamentConnection['error']>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    const leave = loadLatest(
      () => api.tournament(id),
      // The socket's view, if it came first, is as new or newer.
      (r) => (r.ok ? setView((v) => v ?? r.value) : setError(r.error)),
    );
    let follow: ReturnType<typeof setTimeout> | null = null;
    let followed: string | null = null;
    const go = (game: string) => {
      if (game === followed) return;
      followed = game;
      setStarting(game);
      if (follow !== null) clearTimeout(follow);
      follow = setTimeout(() => navigate(`/play/${game}`), FOLLOW_DELAY_MS);
    };
    // The viewer's match as the last view named it; undefined before the first view.
    let shown: string | null | undefined;
    const s = new TournamentSocket(socketUrl(location), id, {
      onTournament: (v) => {
        setView(v);
        // A new view means the server is reachable again; a refusal of the viewer's own action stays said.
        setError((e) => (e?.code === 'ERR_NETWORK' || e?.code === 'ERR_STORE_UNAVAILABLE' ? null : e));
        // A match of his that starts while he watches opens too, should its `round` frame be
        // lost in a reconnect; one already played when he came stays a link.
        const started = newMatchOf(shown, v.you.game);
        if (started !== null) go(started);
        shown = v.you.game;
      },
      onRound: go,
      onError: (code, message) => setError({ code, message }),
      onStatus: setStatus,
    });
    const sleep = wakeOnReturn(s);
    return () => {
      live.current = false;
      leave();
      if (follow !== null) clearTimeout(follow);
      sleep();
      s.close();
    };
  }, [id]);

  const run = async (action: () => Promise<ApiResult<TournamentView>>) => {
    setBusy(true);
    setError(null);
    const r = await action();
    if (!live.current) return;
    setBusy(false);
    if (r.ok) setView(r.value);
    else setError(r.error);
  };

  return { view, status, error, starting, busy, run };
}
