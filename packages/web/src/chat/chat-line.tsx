import { type ChatMessage, REPORT_REASONS, type ReportReason } from '@zar/protocol';
import { useState } from 'preact/hooks';
import { type Catalogue, useI18n } from '../i18n/index.js';

/** The reason's name: the catalogue keys 'other' as somethingElse (an 'other' key reads as a plural message). */
export const reasonText = (t: Catalogue, reason: ReportReason): string =>
  reason === 'other' ? t.company.reasons.somethingElse : t.company.reasons[reason];

/** A message's words in the reader's language: a canned phrase is translated, a text is the writer's. */
export const messageText = (t: Catalogue, m: ChatMessage): string =>
  m.phrase !== null ? t.company.phrases[m.phrase] : (m.text ?? '');

/**
 * One message: the writer's name (a spectator's marked so), the words, and a menu to report
 * it (with a reason) or mute its writer. The reader's own messages have no menu.
 */
export function ChatLine(props: {
  message: ChatMessage;
  own: boolean;
  report: (message: string, reason: ReportReason) => boolean;
  mute: (name: string) => void;
}) {
  const { t, f } = useI18n();
  const c = t.company.chat;
  const m = props.message;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('insult');
  const [reported, setReported] = useState(false);
  const menuId = `chat-menu-${m.id}`;
  return (
    <li class="chat-line" data-testid="chat-message" data-channel={m.channel} data-from={m.from}>
      <bdi class="chat-from">{m.from}</bdi>
      {m.seat === null && <span class="chat-role"> ({c.spectator})</span>}
      {': '}
      <span class="chat-text" dir="auto" data-phrase={m.phrase ?? undefined}>
        {messageText(t, m)}
      </span>
      {!props.own && (
        <button
          type="button"
          class="chat-more"
          aria-label={f(c.options, { name: m.from })}
          aria-expanded={open}
          aria-controls={menuId}
          data-testid="chat-more"
          onClick={() => setOpen(!open)}
        >
          ⋯
        </button>
      )}
      {open && (
        <div class="chat-menu" id={menuId} data-testid="chat-menu">
          {reported ? (
            <p role="status" data-testid="chat-reported">
              {c.reported}
            </p>
          ) : (
            <form
              class="chat-report"
              onSubmit={(e) => {
                e.preventDefault();
                if (props.report(m.id, reason)) setReported(true);
              }}
            >
              <label>
                {c.reason}
                <select
                  data-testid="chat-reason"
                  value={reason}
                  onChange={(e) => {
                    const value = (e.currentTarget as HTMLSelectElement).value;
                    setReason(REPORT_REASONS.find((r) => r === value) ?? 'other');
                  }}
                >
                  {REPORT_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {reasonText(t, r)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" data-testid="chat-report">
                {c.sendReport}
              </button>
            </form>
          )}
          <button type="button" data-testid="chat-mute" onClick={() => props.mute(m.from)}>
            {f(c.mute, { name: m.from })}
          </button>
        </div>
      )}
    </li>
  );
}
