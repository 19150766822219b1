import type { SeekKind } from '@zar/protocol';
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { wakeOnReturn } from '../live-socket.js';
import { navigate } from '../router.js';
import { socketUrl } from '../socket.js';
import { INITIAL_LOBBY, type LobbyState, lobbyReducer } from './lobby-model.js';
import { LobbySocket } from './lobby-socket.js';

export interface LobbyControls {
  readonly state: LobbyState;
  readonly seek: (kind: SeekKind) => void;
  readonly unseek: (id: string) => void;
  /**
   * Opens the socket again (it now carries the session a new guest was just given) and sends
   * `kind` once it is open: a socket opened before the cookie existed is a visitor's, and the
   * server refuses his seek (ERR_NO_SESSION).
   */
  readonly reconnectAndSeek: (kind: SeekKind) => void;
  /** Something the page does before a request is sent (making a guest) is under way: the form waits. */
  readonly preparing: () => void;
  /** What the page did before sending a request was refused (`code`): said on the error line. */
  readonly refused: (code: string) => void;
}

/**
 * The lobby page's live state: one lobby socket while the page is open (closing it when the
 * page goes, which also cancels the player's requests on the server), woken when the browser
 * comes back online or the tab is shown again. A paired request sends the player to his match.
 */
export function useLobby(): LobbyControls {
  const [state, dispatch] = useReducer(lobbyReducer, INITIAL_LOBBY);
  const socket = useRef<LobbySocket | null>(null);
  const pending = useRef<SeekKind | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const s = new LobbySocket(socketUrl(location), {
      // On the page's monotonic clock, as MySeeks reads it (useNow): a changed system time moves no wait.
      onLobby: (lobby) => dispatch({ type: 'lobby', lobby, at: performance.now() }),
      onPaired: (game) => dispatch({ type: 'paired', game }),
      onError: (code) => dispatch({ type: 'error', code }),
      onStatus: (status) => {
        dispatch({ type: 'status', status });
        const kind = pending.current;
        if (status === 'open' && kind !== null) {
          pending.current = null;
          dispatch(s.seek(kind) ? { type: 'asked' } : { type: 'offline' });
        }
      },
    });
    socket.current = s;
    const sleep = wakeOnReturn(s);
    return () => {
      sleep();
      socket.current = null;
      s.close();
    };
  }, [generation]);

  useEffect(() => {
    if (state.paired !== null) navigate(`/play/${state.paired}`);
  }, [state.paired]);

  const ask = (send: (s: LobbySocket) => boolean) => {
    const s = socket.current;
    dispatch(s !== null && send(s) ? { type: 'asked' } : { type: 'offline' });
  };

  return {
    state,
    seek: (kind) => ask((s) => s.seek(kind)),
    unseek: (id) => ask((s) => s.unseek(id)),
    reconnectAndSeek: (kind) => {
      pending.current = kind;
      dispatch({ type: 'asked' });
      setGeneration((g) => g + 1);
    },
    preparing: () => dispatch({ type: 'asked' }),
    refused: (code) => dispatch({ type: 'error', code }),
  };
}
