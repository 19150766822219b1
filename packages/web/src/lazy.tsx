import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from './i18n/index.js';
import { ErrorLine } from './ui.js';

/**
 * A page or panel loaded with import() only when someone opens it, so the entry bundle stays
 * small. Until it arrives it says "Loading…"; offline, or when the site was updated under an
 * open page (the old chunk is gone), it says so rather than wait forever. A `quiet` part of a
 * page (one that most visitors never see filled) says nothing while it loads or when it fails.
 */
export function lazy<P extends object>(load: () => Promise<FunctionComponent<P>>, quiet = false): FunctionComponent<P> {
  return function Lazy(props: P) {
    const { t } = useI18n();
    const [Loaded, setLoaded] = useState<FunctionComponent<P> | null>(null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      load().then(
        (c) => setLoaded(() => c),
        () => setFailed(true),
      );
    }, []);
    if (Loaded) return <Loaded {...props} />;
    if (quiet) return null;
    return failed ? <ErrorLine error={{ code: 'ERR_NETWORK' }} /> : <p>{t.common.loading}</p>;
  };
}
