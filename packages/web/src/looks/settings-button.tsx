import { useRef, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { useModal } from '../use-modal.js';
import { LazySettingsPanel } from './lazy-settings.js';

/**
 * The gear on the play page: opens the table settings over the game, which stays live behind
 * them (every change shows on the board at once). Escape or Close returns focus to the gear.
 */
export function SettingsButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const gear = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        class="settings-gear"
        ref={gear}
        data-testid="open-settings"
        aria-label={t.looks.open}
        title={t.looks.open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M19.4 13a7.8 7.8 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.3h-4l-.4 2.6a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.8 7.8 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1l.4 2.6h4l.4-2.6a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
            transform="translate(-1 0)"
          />
        </svg>
      </button>
      {open && (
        <SettingsDialog
          onClose={() => {
            setOpen(false);
            gear.current?.focus();
          }}
        />
      )}
    </>
  );
}

function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const box = useModal(onClose, heading);
  return (
    // A click on the backdrop, outside the dialog, closes it.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is no control; Escape and Close do the same for keyboards
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog (useModal's document listener)
    <div
      class="backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        class="dialog settings-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="settings-title"
        data-testid="settings-dialog"
        ref={box}
      >
        <div class="settings-dialog-head">
          <h2 id="settings-title" tabIndex={-1} ref={heading}>
            {t.looks.title}
          </h2>
          <button type="button" data-testid="close-settings" onClick={onClose}>
            {t.looks.close}
          </button>
        </div>
        <LazySettingsPanel />
      </div>
    </div>
  );
}
