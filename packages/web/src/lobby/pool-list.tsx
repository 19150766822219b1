import type { PoolCount } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { kindText } from './kind-text.js';

/** How many players wait for each kind of match: "3 waiting: Backgammon, 5 points, Normal, rated". */
export function PoolList({ pools }: { pools: readonly PoolCount[] }) {
  const i18n = useI18n();
  const { lobby } = i18n.t;
  const waiting = pools.filter((p) => p.waiting > 0);
  return (
    <section aria-labelledby="lobby-pools" data-testid="lobby-pools">
      <h2 id="lobby-pools">{lobby.pools}</h2>
      {waiting.length === 0 ? (
        <p data-testid="lobby-pools-empty">{lobby.poolsEmpty}</p>
      ) : (
        <ul class="pool-list">
          {waiting.map((p) => (
            <li key={kindText(i18n, p.kind)} data-testid="lobby-pool" data-waiting={p.waiting}>
              {i18n.f(i18n.n(lobby.poolLine, p.waiting), { kind: kindText(i18n, p.kind) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
