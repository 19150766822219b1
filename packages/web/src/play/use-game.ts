import type { ClientAction, EventAction, GameView } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { GameSocket, type SocketStatus, socketUrl } from '../socket.js';

export interface GameConnection {
  readonly view: GameView | null;
  readonly version: number;
  /** The action of the latest socket event (roll, move, hit, double… for sounds and notices); null after a whole state. */
  readonly lastAction: EventAction | null;
  readonly status: SocketStatus;
  readonly error: { readonly code: string; readonly message: string } | null;
  /** An action went out and its answer has not come back yet. */
  readonly pending: boolean;
  /** Sends an action at the version seen; false when offline. */
  readonly act: (action: ClientAction) => boolean;
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

  return { view, version, lastAction, status, error, pending, act, clearError: () => setError(null) };
}
