import type { ChatPhrase, ClientAction, EventAction, GameView, ReportReason } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { wakeOnReturn } from '../live-socket.js';
import { GameSocket, type SocketStatus, socketUrl } from '../socket.js';
import { CHAT_ERRORS, type ChatLog, mergeChat } from './match-chat.js';

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
  /** The match's chat and what the panel does with it (chat/chat-panel.tsx). */
  readonly chat: ChatConnection;
  /** A player of a casual match allows (true) or forbids (false) spectators; false when offline. */
  readonly allowSpectators: (allow: boolean) => boolean;
}

export interface ChatConnection {
  readonly log: ChatLog;
  /** The chat's latest refusal (too fast, a link, a report refused), shown in the panel; null after a message goes out. */
  readonly error: { readonly code: string } | null;
  readonly say: (text: string) => boolean;
  readonly phrase: (phrase: ChatPhrase) => boolean;
  readonly report: (message: string, reason: ReportReason) => boolean;
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
  const [chatLog, setChatLog] = useState<ChatLog>([]);
  const [chatError, setChatError] = useState<ChatConnection['error']>(null);
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
      onChat: (whole, messages) => setChatLog((log) => mergeChat(log, whole, messages)),
      onError: (code, message) => {
        if (CHAT_ERRORS.includes(code)) {
          setChatError({ code });
          return;
        }
        setPending(false);
        // A stale action is followed by a fresh state; the board simply catches up.
        if (code !== 'ERR_STALE') setError({ code, message });
      },
      onStatus: setStatus,
    });
    socket.current = s;
    const sleep = wakeOnReturn(s);
    return () => {
      sleep();
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
  // The next view says whether spectators may watch (view.watch).
  const allowSpectators = (allow: boolean) => send((s) => s.spectators(allow), false);
  /** A chat request: its refusal comes back on the chat's own line, offline included. */
  const chatSend = (go: (s: GameSocket) => boolean): boolean => {
    const sent = socket.current ? go(socket.current) : false;
    setChatError(sent ? null : { code: 'ERR_NETWORK' });
    return sent;
  };

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
    chat: {
      log: chatLog,
      error: chatError,
      say: (text) => chatSend((s) => s.chat(text)),
      phrase: (p) => chatSend((s) => s.phrase(p)),
      report: (message, reason) => chatSend((s) => s.report(message, reason)),
    },
    allowSpectators,
  };
}
