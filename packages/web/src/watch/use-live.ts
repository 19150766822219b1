import type { LiveGames } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { wakeOnReturn } from '../live-socket.js';
import { type SocketStatus, socketUrl } from '../socket.js';
import { LiveListSocket } from './live-list-socket.js';

export interface LiveList {
  /** The list as last sent; null until the first frame. */
  readonly live: LiveGames | null;
  /** When it arrived (performance.now()): the clocks count down from there. */
  readonly receivedAt: number;
  readonly status: SocketStatus;
  readonly error: { readonly code: string } | null;
}

/** The live list while the page is open, woken when the browser comes back online or the tab is shown. */
export function useLive(): LiveList {
  const [live, setLive] = useState<LiveGames | null>(null);
  const [receivedAt, setReceivedAt] = useState(0);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [error, setError] = useState<LiveList['error']>(null);
  useEffect(() => {
    const s = new LiveListSocket(socketUrl(location), {
      onLive: (l) => {
        setLive(l);
        setReceivedAt(performance.now());
        setError(null);
      },
      onError: (code) => setError({ code }),
      onStatus: setStatus,
    });
    const sleep = wakeOnReturn(s);
    return () => {
      sleep();
      s.close();
    };
  }, []);
  return { live, receivedAt, status, error };
}
