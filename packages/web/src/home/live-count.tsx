import type { Stats } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { useI18n } from '../i18n/index.js';

/** How often the home page asks again while it is open; the server counts every few seconds at most. */
const REFRESH_MS = 30_000;

/** "12 games are being played now · 3 open games wait in the lobby"; nothing while unknown. */
export function LiveCount() {
  const i18n = useI18n();
  const { t } = i18n;
  const [stats, setStats] = useState<Stats | null>(null);
  useEffect(() => {
    let live = true;
    const ask = () =>
      void api.stats().then((r) => {
        if (live && r.ok) setStats(r.value);
      });
    ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (!stats) return null;
  return (
    <p class="live-count" data-testid="live-count" data-playing={stats.playing} data-waiting={stats.waiting}>
      <span class="live-dot" aria-hidden="true" />
      <span>{i18n.n(t.welcome.playing, stats.playing)}</span>
      {stats.waiting > 0 && (
        <>
          {' · '}
          <a href="/lobby" data-testid="live-waiting">
            {i18n.n(t.welcome.waiting, stats.waiting)}
          </a>
        </>
      )}
    </p>
  );
}
