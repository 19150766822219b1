import { type FunctionComponent, h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { ErrorLine } from '../ui.js';

/*
 * The settings page and panel load only when someone opens them (the panel brings a preview
 * board and its stylesheet), so the entry bundle stays small.
 */

function lazy(load: () => Promise<FunctionComponent>): FunctionComponent {
  return function Lazy() {
    const { t } = useI18n();
    const [C, setC] = useState<FunctionComponent | null>(null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      // Offline, or the site was updated since this page loaded: say so rather than wait forever.
      load().then(
        (c) => setC(() => c),
        () => setFailed(true),
      );
    }, []);
    if (failed) return <ErrorLine error={{ code: 'ERR_NETWORK' }} />;
    return C ? h(C, {}) : <p>{t.common.loading}</p>;
  };
}

export const LazySettingsPage = lazy(() => import('./settings-page.js').then((m) => m.SettingsPage));
export const LazySettingsPanel = lazy(() => import('./settings-panel.js').then((m) => m.SettingsPanel));
