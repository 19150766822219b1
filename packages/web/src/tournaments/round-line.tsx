import type { GameView } from '@zar/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import { navigate } from '../router.js';
import { FOLLOW_DELAY_MS, onRoundNews } from './round-news.js';

/**
 * The table's tournament line: "Round 2 of Club cup", linking to the tournament; and, when the
 * player's next match starts (the game socket's `round`), a notice with a link to it. Once
 * this match is over the page opens the next one by itself, as lichess does; while it is
 * still played the notice waits for him.
 */
export function RoundLine({ game, view }: { game: string; view: Pick<GameView, 'tournament' | 'status'> }) {
  const i18n = useI18n();
  const r = i18n.t.tournaments.round;
  const [next, setNext] = useState<string | null>(null);
  useEffect(() => onRoundNews((news) => news.game !== game && setNext(news.game)), [game]);
  const over = view.status === 'over';
  useEffect(() => {
    if (next === null || !over) return;
    const id = setTimeout(() => navigate(`/play/${next}`), FOLLOW_DELAY_MS);
    return () => clearTimeout(id);
  }, [next, over]);
  const tournament = view.tournament;
  return (
    <>
      {tournament !== null && (
        <p class="tournament-line" data-testid="tournament-line">
          <a href={`/tournaments/${tournament.id}`}>
            {i18n.f(r.line, { n: i18n.num(tournament.round), name: tournament.name })}
          </a>
        </p>
      )}
      {next !== null && (
        <p class="banner" role="status" data-testid="tournament-next">
          {r.started} <a href={`/play/${next}`}>{r.go}</a>
        </p>
      )}
    </>
  );
}
