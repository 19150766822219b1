import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { keep } from '../storage.js';
import { NOTIFY_KEY, notificationApi, notificationsOn, requestNotifications, storedChoice } from './permission.js';

/**
 * The settings' switch for the turn notifications: on asks the browser again where it still
 * may (the player said no, or closed the prompt), off keeps them quiet. A browser that refuses
 * them (blocked in its site settings) or has none says so, and the switch stays off.
 */
export function NotifySetting() {
  const { t } = useI18n();
  const c = t.correspondence;
  const api = notificationApi();
  const [on, setOn] = useState(() => notificationsOn(api, storedChoice()));
  const [denied, setDenied] = useState(() => api?.permission === 'denied');
  const change = async (wanted: boolean) => {
    if (api === null) return;
    if (!wanted) {
      keep(NOTIFY_KEY, 'off');
      setOn(false);
      return;
    }
    if (api.permission === 'granted') keep(NOTIFY_KEY, 'on');
    setOn(api.permission === 'granted' || (await requestNotifications(api)));
    setDenied(api.permission === 'denied');
  };
  return (
    <>
      <label class="check">
        <input
          type="checkbox"
          data-testid="pref-notify"
          checked={on}
          disabled={api === null}
          aria-describedby={api === null || denied ? 'pref-notify-note' : undefined}
          onChange={(e) => void change(e.currentTarget.checked)}
        />
        {c.setting}
      </label>
      {(api === null || denied) && (
        <p class="hint" id="pref-notify-note" data-testid="pref-notify-note">
          {api === null ? c.missing : c.blocked}
        </p>
      )}
    </>
  );
}
