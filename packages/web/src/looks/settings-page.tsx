import { useI18n } from '../i18n/index.js';
import { NotifySetting } from '../notify/notify-setting.js';
import { SettingsPanel } from './settings-panel.js';

/**
 * /settings: the table preferences as a page of their own, and the turn notifications of
 * correspondence matches (a choice of the browser, not of the table: not in the table's panel).
 */
export function SettingsPage() {
  const { t } = useI18n();
  return (
    <section class="page settings-page" data-testid="settings-page">
      <h1>{t.looks.title}</h1>
      <SettingsPanel />
      <NotifySetting />
    </section>
  );
}
