import type { ResignChoice } from '@zar/protocol';
import { useRef } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { useModal } from '../use-modal.js';

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
  const keep = useRef<HTMLButtonElement>(null);
  const box = useModal(props.onCancel, keep);

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
