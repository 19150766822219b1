import { GAME_IDS, type GameId } from '@zar/engine';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';

type Preview = typeof import('./board-preview.js').BoardPreview;

/** The board previews arrive after the cards' words: one import() for all five. */
function usePreview(): Preview | null {
  const [Preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    let live = true;
    void import('./board-preview.js').then((m) => live && setPreview(() => m.BoardPreview));
    return () => {
      live = false;
    };
  }, []);
  return Preview;
}

/**
 * A card per game, in the engine's order: its starting position, what makes it special, a
 * button that sets up a game of it in the form below, and its page in Learn.
 */
export function GameCards({ chosen, choose }: { chosen: string; choose: (game: GameId) => void }) {
  const { t, f } = useI18n();
  const Preview = usePreview();
  return (
    <section class="game-cards" aria-labelledby="game-cards-title">
      <h2 id="game-cards-title">{t.welcome.games}</h2>
      <ul>
        {GAME_IDS.map((g) => {
          const name = t.games[g];
          return (
            <li key={g} class={g === chosen ? 'game-card chosen' : 'game-card'} data-testid={`game-card-${g}`}>
              <div class="game-card-board" role="img" aria-label={f(t.welcome.preview, { game: name })}>
                {Preview && <Preview game={g} />}
              </div>
              <div class="game-card-text">
                <h3>{name}</h3>
                <p>{t.welcome.special[g]}</p>
                <div class="row">
                  <button
                    type="button"
                    class="primary"
                    data-testid={`choose-${g}`}
                    aria-label={f(t.welcome.chooseLabel, { game: name })}
                    aria-pressed={g === chosen}
                    onClick={() => choose(g)}
                  >
                    {t.welcome.choose}
                  </button>
                  <a
                    class="button"
                    href={`/learn/${g}`}
                    data-testid={`learn-game-${g}`}
                    aria-label={f(t.welcome.learnLabel, { game: name })}
                  >
                    {t.welcome.learn}
                  </a>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
