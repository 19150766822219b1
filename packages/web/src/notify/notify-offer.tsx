import type { GameView } from '@zar/protocol';
import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { keep } from '../storage.js';
import { NOTIFY_KEY, notificationApi, requestNotifications, shouldAsk, storedChoice } from './permission.js';

/**
 * A player seated in a correspondence match he did not start from a click of his own (an invite
 * accepted, a pairing made) is offered the notifications once, beside the table: the browser
 * asks only from his click on "Turn notifications on"; "No, thanks" is kept as an answer.
 */
export function NotifyOffer({ view, correspondence }: { view: GameView; correspondence: boolean }) {
  const { t } = useI18n();
  const [answered, setAnswered] = useState(false);
  const api = notificationApi();
  if (answered || !correspondence || view.you === null || view.status === 'over') return null;
  if (api === null || !shouldAsk(api, storedChoice())) return null;
  const c = t.correspondence;
  return (
    <p class="notify-offer" data-testid="notify-offer">
      {c.offer}{' '}
      <button
        type="button"
        data-testid="notify-on"
        onClick={() => void requestNotifications(api).then(() => setAnswered(true))}
      >
        {c.turnOn}
      </button>{' '}
      <button
        type="button"
        data-testid="notify-no"
        onClick={() => {
          keep(NOTIFY_KEY, 'off');
          setAnswered(true);
        }}
      >
        {c.dismiss}
      </button>
    </p>
  );
}
