import type { GameView } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { countdownText } from '../clock/countdown.js';
import { useNow } from '../clock/use-now.js';
import { useI18n } from '../i18n/index.js';
import { Ltr, Rich } from '../ui.js';
import { useModal } from '../use-modal.js';
import { seatName } from './names.js';
import { claimState } from './people.js';
import { useAway } from './use-away.js';

/** The countdown to the claim is redrawn once a second is enough: whole seconds are shown. */
const TICK_MS = 250;

function ConfirmClaim({
  view,
  who,
  onClaim,
  onClose,
}: {
  view: GameView;
  who: 0 | 1;
  onClaim: () => void;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const c = i18n.t.people.claim;
  const heading = useRef<HTMLHeadingElement>(null);
  const box = useModal(onClose, heading);
  const name = seatName(i18n.t, view, who);
  return (
    <div class="backdrop">
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="claim-title"
        data-testid="claim-dialog"
        ref={box}
      >
        <h2 id="claim-title" tabIndex={-1} ref={heading}>
          {c.title}
        </h2>
        <p>
          <Rich text={c.note} slots={{ name: <bdi>{name}</bdi> }} />
        </p>
        <div class="controls">
          <button
            type="button"
            class="primary"
            data-testid="claim-confirm"
            onClick={() => {
              onClaim();
              onClose();
            }}
          >
            {c.confirm}
          </button>
          <button type="button" onClick={onClose} data-testid="claim-cancel">
            {i18n.t.common.cancel}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * In an untimed match between people: how long until the viewer may claim the match of the
 * opponent who must act and does not, then the button that claims it (after a confirmation).
 * The server says when (view.claim, counted from the frame's arrival) and judges the claim.
 */
export function ClaimPanel({
  view,
  receivedAt,
  busy,
  claim,
}: {
  view: GameView;
  receivedAt: number;
  busy: boolean;
  claim: () => void;
}) {
  const i18n = useI18n();
  const c = i18n.t.people.claim;
  const [confirming, setConfirming] = useState(false);
  const counting = view.claim !== null && view.claim > 0;
  const now = useNow(counting, TICK_MS);
  const away = useAway(view);
  const state = claimState(view, now - receivedAt, away);
  // The opponent acted while the confirmation was open: it goes, and does not open by itself
  // the next time he stalls.
  const claimable = state?.kind === 'now';
  useEffect(() => {
    if (!claimable) setConfirming(false);
  }, [claimable]);
  if (state === null) return null;
  const name = <bdi>{seatName(i18n.t, view, state.who)}</bdi>;
  if (state.kind === 'soon') {
    return (
      <p class="people-line" data-testid="claim-soon">
        <Rich text={c.soon} slots={{ name, time: <Ltr>{countdownText(state.left)}</Ltr> }} />
      </p>
    );
  }
  return (
    <div class="people-line" data-testid="claim-now">
      <p>
        <Rich text={c.now} slots={{ name }} />
      </p>
      <button type="button" data-testid="claim" disabled={busy} onClick={() => setConfirming(true)}>
        {c.button}
      </button>
      {confirming && <ConfirmClaim view={view} who={state.who} onClaim={claim} onClose={() => setConfirming(false)} />}
    </div>
  );
}
