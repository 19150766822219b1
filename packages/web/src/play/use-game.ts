import type { ClientAction, EventAction, GameView } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { GameSocket, type SocketStatus, socketUrl } from '../socket.js';

export interface GameConnection {
  readonly view: GameView | null;
  readonly version: number;
  /**
   * When the latest view arrived (performance.now()): the clock and the claim countdown are
   * counted from it, as the server's readings were taken as it sent the frame.
   */
  readonly receivedAt: number;
  /** The action of the latest socket event (roll, move, hit, double… for sounds and notices); null after a whole state. */
  readonly lastAction: EventAction | null;
  readonly status: SocketStatus;
  readonly error: { readonly code: string; readonly message: string } | null;
  /** An action went out and its answer has not come back yet. */
  readonly pending: boolean;
  /** Sends an action at the version seen; false when offline. */
  readonly act: (action: ClientAction) => boolean;
  /** Claims the match of the absent opponent (view.claim says when); false when offline. */
  readonly claim: () => boolean;
  /** Offers or accepts a rematch (true), withdraws or declines (false); false when offline. */
  readonly rematch: (offer: boolean) => boolean;
  readonly clearError: () => void;
}

/**
 * One game's live state over the socket. Reconnection is the socket's job; this hook also
 * wakes it when the browser comes back online or the tab is shown again. With `follow` false
 * no socket is opened (the replay of a finished match needs none).
 */
export function useGame(id: string, follow = true): GameConnection {
  const [view, setView] = useState<GameView | null>(null);
  const [version, setVersion] = useState(-1);
  const [receivedAt, setReceivedAt] = useState(0);
  const [lastAction, setLastAction] = useState<EventAction | null>(null);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [error, setError] = useState<GameConnection['error']>(null);
  const [pending, setPending] = useState(false);
  const socket = useRef<GameSocket | null>(null);

  useEffect(() => {
    if (!follow) return;
    const s = new GameSocket(socketUrl(location), id, {
      onView: (v, ver, action) => {
        setView(v);
        setVersion(ver);
        setReceivedAt(performance.now());
        setLastAction(action);
        setPending(false);
        // The server says it is recovering while a write waits; the next view means it has.
        setError((e) => (e?.code === 'ERR_STORE_UNAVAILABLE' ? null : e));
      },
      onError: (code, message) => {
        setPending(false);
        // A stale action is followed by a fresh state; the board simply catches up.
        if (code !== 'ERR_STALE') setError({ code, message });
      },
      onStatus: setStatus,
    });
    socket.current = s;
    const wake = () => {
      if (document.visibilityState === 'visible') s.wake();
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      s.close();
      socket.current = null;
    };
  }, [id, follow]);

  const act = (action: ClientAction): boolean => {
    setError(null);
    const sent = socket.current?.act(action) ?? false;
    if (sent) setPending(true);
    else setError({ code: 'ERR_NETWORK', message: 'offline' });
    return sent;
  };

  /** A request other than a play: the same error handling, pending until the next view. */
  const send = (go: (s: GameSocket) => boolean, waits: boolean): boolean => {
    setError(null);
    const s = socket.current;
    const sent = s ? go(s) : false;
    if (sent && waits) setPending(true);
    if (!sent) setError({ code: 'ERR_NETWORK', message: 'offline' });
    return sent;
  };
  const claim = () => send((s) => s.claim(), true);
  // A rematch offer may change nothing the server sends back at once (the other side's answer does): no pending.
  const rematch = (offer: boolean) => send((s) => s.rematch(offer), false);

  return {
    view,
    version,
    receivedAt,
    lastAction,
    status,
    error,
    pending,
    act,
    claim,
    rematch,
    clearError: () => setError(null),
  };
}
