import type { DailyPuzzle } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { ratingText } from '../players/rating-text.js';

/** The home page's card of the day's puzzle: its game, themes and rating, and a link to solve it. Nothing while it loads or fails. */
export function DailyPuzzleCard() {
  const { t, lang } = useI18n();
  const [daily, setDaily] = useState<DailyPuzzle | null>(null);
  useEffect(() => {
    void api.puzzleDaily().then((r) => r.ok && setDaily(r.value));
  }, []);
  if (daily === null) return null;
  const { puzzle } = daily;
  return (
    <aside class="card daily-puzzle" data-testid="daily-puzzle">
      <h2>{t.puzzles.daily}</h2>
      <p>
        {t.games[puzzle.game]} · {puzzle.themes.map((theme) => t.puzzles.themes[theme]).join(', ')}
      </p>
      <p class="muted">{ratingText(lang, puzzle.rating.rating)}</p>
      <a class="button primary" href={`/puzzles/${puzzle.id}`} data-testid="daily-puzzle-go">
        {t.puzzles.dailyGo}
      </a>
    </aside>
  );
}
