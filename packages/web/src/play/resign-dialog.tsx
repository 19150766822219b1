import type { ResignChoice } from '@zar/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, [tabindex]:not([tabindex="-1"])';

/**
 * Asks before a resignation goes out, saying what each level gives away: the points come
 * from the server (view.allowed.resign), never counted here. "Keep playing" has the focus,
 * so an Enter pressed by habit does not resign; Escape cancels; Tab stays in the dialog.
 */
export function ResignDialog(props: {
  readonly choices: readonly ResignChoice[];
  readonly busy: boolean;
  readonly onResign: (level: ResignChoice['level']) => void;
  readonly onCancel: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const box = useRef<HTMLDivElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    keep.current?.focus();
    return () => before?.focus?.();
  }, []);

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      props.onCancel();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div class="backdrop">
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="resign-title"
        aria-describedby="resign-note"
        data-testid="resign-dialog"
        ref={box}
        onKeyDown={onKey}
      >
        <h2 id="resign-title">{t.table.resignTitle}</h2>
        <p id="resign-note">{t.table.resignNote}</p>
        <div class="resign-choices">
          {props.choices.map((c) => (
            <button
              type="button"
              key={c.level}
              data-testid={`resign-${c.level}`}
              data-points={c.points}
              disabled={props.busy}
              onClick={() => props.onResign(c.level)}
            >
              {i18n.f(t.table.resignScores, {
                as: t.table.resignAs[c.level],
                points: i18n.n(t.match.points, c.points),
              })}
            </button>
          ))}
        </div>
        <div class="controls">
          <button type="button" class="primary" data-testid="resign-cancel" ref={keep} onClick={props.onCancel}>
            {t.table.keepPlaying}
          </button>
        </div>
      </div>
    </div>
  );
}
