import type { ResignChoice } from '@zar/protocol';
import { useRef } from 'preact/hooks';
import { type I18n, useI18n } from '../i18n/index.js';
import { useModal } from '../use-modal.js';

/**
 * What one choice of the dialog says. The server offers only the levels that give the opponent
 * something different; where that is one level (a 1-point match, a single that already gives
 * him the match), it is plain "Resign", no single game or gammon to choose between.
 */
export function resignChoiceText(i18n: I18n, choices: readonly ResignChoice[], c: ResignChoice): string {
  const { t } = i18n;
  return i18n.f(t.table.resignScores, {
    as: choices.length === 1 ? t.actions.resign : t.table.resignAs[c.level],
    points: i18n.n(t.match.points, c.points),
  });
}

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
              {resignChoiceText(i18n, props.choices, c)}
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
