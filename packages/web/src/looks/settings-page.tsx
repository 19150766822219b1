import { useI18n } from '../i18n/index.js';
import { SettingsPanel } from './settings-panel.js';

/** /settings: the table preferences as a page of their own. */
export function SettingsPage() {
  const { t } = useI18n();
  return (
    <section class="page settings-page" data-testid="settings-page">
      <h1>{t.looks.title}</h1>
      <SettingsPanel />
    </section>
  );
}
