import type { GamePr } from '@zar/protocol';
import { LANG_INFO, useI18n } from '../i18n/index.js';
import { fixed } from './pool-name.js';

/** The latest matches listed under each game's PR: the rest are in the player's history. */
const SHOWN = 20;

/**
 * A player's PR per game over time, as the server measured it (every match between people is
 * analysed after it ends): per game its average, then each of his latest matches' PR, oldest
 * first, each a link to that match's analysis. Nothing when no match of his is analysed.
 */
export function GamePrs({ games }: { games: readonly GamePr[] | undefined }) {
  const i18n = useI18n();
  const p = i18n.t.players;
  if (games === undefined || games.length === 0) return null;
  const date = new Intl.DateTimeFormat(LANG_INFO[i18n.lang].numbers, { dateStyle: 'medium' });
  return (
    <section aria-labelledby="pr-games" data-testid="profile-pr-games">
      <h2 id="pr-games">{p.prGames}</h2>
      <ul>
        {games.map((g) => (
          <li key={g.game} data-testid={`profile-pr-${g.game}`}>
            {i18n.f(p.prGameLine, {
              game: i18n.t.games[g.game],
              pr: fixed(i18n.lang, g.average, 1),
              n: i18n.num(g.matches),
            })}
            <ol class="pr-history">
              {g.history.slice(-SHOWN).map((point) => (
                <li key={point.match}>
                  <a href={`/analysis/${point.match}`}>
                    {date.format(point.at)}: {fixed(i18n.lang, point.pr, 1)}
                  </a>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
      <p class="muted">{p.prGameNote}</p>
    </section>
  );
}
