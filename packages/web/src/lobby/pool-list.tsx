import type { PoolCount, SeekKind, SeekView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { kindText } from './kind-text.js';

/** The same kind of match: two requests of it pair (the server's kindKey compares the same fields). */
export const sameKind = (a: SeekKind, b: SeekKind): boolean =>
  a.game === b.game &&
  a.preset === b.preset &&
  a.cycle === b.cycle &&
  a.length === b.length &&
  a.clock === b.clock &&
  a.rated === b.rated;

/**
 * Whether the viewer may ask for a kind others wait for with one click: not one he already asks
 * for himself (he is among those counted), and not a rated one for a guest.
 */
export const mayJoinPool = (kind: SeekKind, mine: readonly SeekView[], guest: boolean): boolean =>
  !(kind.rated && guest) && !mine.some((s) => sameKind(s.kind, kind));

/**
 * How many players wait for each kind of match: "3 waiting: Backgammon, 5 points, Normal, rated",
 * each with a button that asks for the same kind, so that the next one to click is paired at once.
 */
export function PoolList(props: {
  pools: readonly PoolCount[];
  mine: readonly SeekView[];
  guest: boolean;
  busy: boolean;
  seek: (kind: SeekKind) => void;
}) {
  const i18n = useI18n();
  const { lobby } = i18n.t;
  const waiting = props.pools.filter((p) => p.waiting > 0);
  return (
    <section aria-labelledby="lobby-pools" data-testid="lobby-pools">
      <h2 id="lobby-pools">{lobby.pools}</h2>
      {waiting.length === 0 ? (
        <p data-testid="lobby-pools-empty">{lobby.poolsEmpty}</p>
      ) : (
        <ul class="pool-list">
          {waiting.map((p) => {
            const kind = kindText(i18n, p.kind);
            return (
              <li key={kind} data-testid="lobby-pool" data-waiting={p.waiting}>
                {i18n.f(i18n.n(lobby.poolLine, p.waiting), { kind })}{' '}
                {mayJoinPool(p.kind, props.mine, props.guest) && (
                  <button
                    type="button"
                    data-testid="lobby-pool-play"
                    aria-label={i18n.f(lobby.poolPlayLabel, { kind })}
                    disabled={props.busy}
                    onClick={() => props.seek(p.kind)}
                  >
                    {lobby.poolPlay}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
