import type { GameView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';

/**
 * Who watches, as the table shows it: the players see how many spectators there are, and a
 * player of a casual match between people may forbid them (or allow them again). A spectator
 * sees the banner instead (SpectatorBanner).
 */
export function WatchLine({ view, allow }: { view: GameView; allow: (allow: boolean) => boolean }) {
  const i18n = useI18n();
  const w = i18n.t.company.watch;
  const { watch } = view;
  if (view.you === null) return null;
  const mine = watch.forbidden[view.you];
  return (
    <div class="watch-line" data-testid="watch-line">
      {watch.allowed ? (
        <span data-testid="spectator-count" data-count={watch.spectators}>
          {i18n.n(w.watching, watch.spectators)}
        </span>
      ) : (
        <span data-testid="spectators-forbidden">{w.forbidden}</span>
      )}
      {watch.canForbid && (
        <label class="check">
          <input
            type="checkbox"
            data-testid="allow-spectators"
            checked={!mine}
            onChange={(e) => allow((e.currentTarget as HTMLInputElement).checked)}
          />
          {w.allow}
        </label>
      )}
    </div>
  );
}

/**
 * The spectator's line above the table: he watches, and how many watch with him. Not a live
 * region: the table's status line already says he watches, to screen readers too.
 */
export function SpectatorBanner({ view }: { view: GameView }) {
  const i18n = useI18n();
  const w = i18n.t.company.watch;
  return (
    <p class="banner watching" data-testid="watching">
      {w.banner}{' '}
      <span data-testid="spectator-count" data-count={view.watch.spectators}>
        {i18n.n(w.watching, view.watch.spectators)}
      </span>
    </p>
  );
}

/** What a spectator the players refused sees instead of the table. */
export function SpectatorsRefused() {
  const w = useI18n().t.company.watch;
  return (
    <section class="page" data-testid="spectators-refused">
      <h1>{w.refusedTitle}</h1>
      <p>{w.refused}</p>
      <p>
        <a href="/watch">{w.others}</a>
      </p>
    </section>
  );
}
