import { type FunctionComponent, h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';

/*
 * The settings page and panel load only when someone opens them (the panel brings a preview
 * board and its stylesheet), so the entry bundle stays small.
 */

function lazy(load: () => Promise<FunctionComponent>): FunctionComponent {
  return function Lazy() {
    const { t } = useI18n();
    const [C, setC] = useState<FunctionComponent | null>(null);
    useEffect(() => {
      void load().then((c) => setC(() => c));
    }, []);
    return C ? h(C, {}) : <p>{t.common.loading}</p>;
  };
}

export const LazySettingsPage = lazy(() => import('./settings-page.js').then((m) => m.SettingsPage));
export const LazySettingsPanel = lazy(() => import('./settings-panel.js').then((m) => m.SettingsPanel));
