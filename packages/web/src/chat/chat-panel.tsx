import type { ChatChannel, GameView } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { loadLatest } from '../players/latest.js';
import type { ChatConnection } from '../table/use-game.js';
import { errorText } from '../ui.js';
import { ChatForm } from './chat-form.js';
import { ChatLine } from './chat-line.js';
import { channelMessages, firstChannel, isOwn, mutedWriters, tabAfterKey } from './chat-log.js';
import { setChatOff, setMuted, useChatPrefs } from './chat-prefs.js';
import './chat.css';

/** A spectator who may write is told apart from other spectators by his account's name (his own messages have no menu). */
function useMyName(needed: boolean): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!needed) return;
    return loadLatest(
      () => api.me(),
      (r) => setName(r.ok ? r.value.name : null),
    );
  }, [needed]);
  return name;
}

/**
 * The match's chat beside the board, as lichess has it: the channels the viewer may read as
 * tabs (the spectators' one reaches the players once the match is over), its messages in a
 * polite live region, and the form where the viewer may write. No panel where there is no chat
 * (a game against the computer). The reader may hide the chat or mute a writer; both are kept
 * in this browser (chat-prefs.ts).
 */
export function ChatPanel({ view, chat }: { view: GameView; chat: ChatConnection }) {
  const { t, f, dir } = useI18n();
  const c = t.company.chat;
  const { write, read } = view.chat;
  const prefs = useChatPrefs();
  const myName = useMyName(view.you === null && write !== null);
  const [picked, setPicked] = useState<ChatChannel | null>(null);
  const channel = picked !== null && read.includes(picked) ? picked : firstChannel(write, read);
  const list = useRef<HTMLDivElement>(null);
  const muted = new Set(prefs.muted);
  const shown = channel === null ? [] : channelMessages(chat.log, channel, muted);

  // The latest message in view: the list scrolls by itself, the page does not move.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, channel, prefs.off]);

  if (channel === null) return null;
  const hiddenWriters = mutedWriters(chat.log, channel, prefs.muted);
  return (
    <section class="chat" aria-labelledby="chat-title" data-testid="chat" data-channel={channel}>
      <div class="chat-head">
        <h2 id="chat-title">{c.title}</h2>
        <button
          type="button"
          class="chat-toggle"
          data-testid="chat-toggle"
          aria-pressed={prefs.off}
          onClick={() => setChatOff(!prefs.off)}
        >
          {prefs.off ? c.on : c.off}
        </button>
      </div>
      {prefs.off ? (
        <p class="hint" data-testid="chat-hidden">
          {c.hidden}
        </p>
      ) : (
        <>
          {read.length > 1 && (
            <div
              class="chat-tabs"
              role="tablist"
              aria-label={c.title}
              onKeyDown={(e) => {
                const to = tabAfterKey(read, channel, e.key, dir === 'rtl');
                if (to === null) return;
                e.preventDefault();
                setPicked(to);
                (e.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-channel="${to}"]`)?.focus();
              }}
            >
              {/* One tab in the page's tab order, the arrows for the others (WAI-ARIA's tabs). */}
              {read.map((ch) => (
                <button
                  key={ch}
                  type="button"
                  role="tab"
                  id={`chat-tab-${ch}`}
                  aria-selected={ch === channel}
                  aria-controls="chat-log"
                  tabIndex={ch === channel ? 0 : -1}
                  data-testid={`chat-tab-${ch}`}
                  data-channel={ch}
                  onClick={() => setPicked(ch)}
                >
                  {c.channels[ch]}
                </button>
              ))}
            </div>
          )}
          <div
            id="chat-log"
            class="chat-log"
            role="log"
            aria-live="polite"
            aria-label={c.channels[channel]}
            ref={list}
            data-testid="chat-log"
          >
            <ol>
              {shown.length === 0 && <li class="hint">{c.empty}</li>}
              {shown.map((m) => (
                <ChatLine
                  key={m.id}
                  message={m}
                  own={isOwn(m, view.you, myName)}
                  report={chat.report}
                  mute={(name) => setMuted(name, true)}
                />
              ))}
            </ol>
          </div>
          {hiddenWriters.length > 0 && (
            <p class="chat-muted" data-testid="chat-muted">
              {c.muted}{' '}
              {hiddenWriters.map((name) => (
                <button key={name} type="button" data-testid="chat-unmute" onClick={() => setMuted(name, false)}>
                  {f(c.unmute, { name })}
                </button>
              ))}
            </p>
          )}
          {channel === 'spectators' && view.you === null && view.status !== 'over' && (
            <p class="hint">{c.spectatorsLater}</p>
          )}
          {write === channel ? (
            <ChatForm say={chat.say} phrase={chat.phrase} />
          ) : (
            write === null &&
            view.you === null && (
              <p class="hint" data-testid="chat-read-only">
                {c.readOnly}
              </p>
            )
          )}
          {chat.error && (
            <p class="error" role="alert" data-testid="chat-error" data-code={chat.error.code}>
              {errorText(t, chat.error)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
