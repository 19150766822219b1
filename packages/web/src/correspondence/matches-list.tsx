import { isGameId } from '@zar/engine';
import type { CorrespondenceEntry } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { correspondenceText } from '../clock/correspondence-time.js';
import { type I18n, useI18n } from '../i18n/index.js';
import { playText } from '../lobby/kind-text.js';
import { notifyPlayer } from '../notify/show.js';
import { setTitleCount } from '../page-title.js';
import { newlyYourTurn, yourTurnCount, yourTurnIds } from './your-turn.js';
import './matches.css';

/** How often the list is asked again while the page is open (and at once when it is shown again). */
export const REFRESH_MS = 30_000;

/** What a match plays, in words: its game, or its cycle. */
const gameText = (i18n: I18n, game: string): string => playText(i18n, isGameId(game) ? { game } : { cycle: game });

/**
 * The home page's list of the player's correspondence matches (GET /api/correspondence): those
 * where it is his turn first, each with the opponent, the game, the score and the time left.
 * The tab's title counts his turns while the page is open; a match that comes to his turn
 * while the page is hidden raises a notification. Nothing is shown to a visitor without
 * matches, or without an account.
 */
export function MatchesList() {
  const i18n = useI18n();
  const [games, setGames] = useState<readonly CorrespondenceEntry[]>([]);
  const seen = useRef<ReadonlySet<string> | null>(null);
  const { t } = i18n;

  useEffect(() => {
    let live = true;
    const ask = () =>
      void api.correspondence().then((r) => {
        if (!live || !r.ok) return;
        const list = r.value.games;
        for (const g of newlyYourTurn(seen.current, list)) {
          const c = t.correspondence;
          const title = g.opponent === null ? c.yourTurn : i18n.f(c.moved, { name: g.opponent });
          notifyPlayer(title, gameText(i18n, g.game), `/play/${g.id}`);
        }
        seen.current = yourTurnIds(list);
        // Written as the list comes, not in an effect after the next paint: a hidden tab, the
        // one the count is for, paints late or not at all.
        setTitleCount(yourTurnCount(list));
        setGames(list);
      });
    const shown = () => {
      if (!document.hidden) ask();
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    // A visitor without a session has no matches: he is not asked for them (the list would refuse him).
    void api.me().then((me) => {
      if (!live || !me.ok || me.value.id === '') return;
      ask();
      timer = setInterval(ask, REFRESH_MS);
      document.addEventListener('visibilitychange', shown);
    });
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [i18n]);

  const turns = yourTurnCount(games);
  useEffect(() => () => setTitleCount(0), []);

  if (games.length === 0) return null;
  return (
    <section class="corr-list" aria-labelledby="corr-title" data-testid="corr-list" data-your-turn={turns}>
      <h2 id="corr-title">{t.correspondence.list}</h2>
      <ul>
        {games.map((g) => (
          <MatchRow key={g.id} i18n={i18n} game={g} />
        ))}
      </ul>
    </section>
  );
}

function MatchRow({ i18n, game: g }: { i18n: I18n; game: CorrespondenceEntry }) {
  const c = i18n.t.correspondence;
  const left =
    g.deadline === null ? c.noClock : i18n.f(c.left, { time: correspondenceText(i18n, g.deadline - Date.now()) });
  return (
    <li class={g.yourTurn ? 'your-turn' : undefined} data-testid={`corr-${g.id}`} data-your-turn={String(g.yourTurn)}>
      <a href={`/play/${g.id}`}>
        <strong>{g.yourTurn ? c.yourTurn : c.theirTurn}</strong>
        <span>{gameText(i18n, g.game)}</span>
        <bdi>{g.opponent === null ? c.noOpponent : i18n.f(c.against, { name: g.opponent })}</bdi>
        <span>{i18n.f(c.score, { own: i18n.num(g.score[0]), opponent: i18n.num(g.score[1]) })}</span>
        <span class="muted">{i18n.n(c.perMove, g.daysPerMove)}</span>
        <span data-testid={`corr-left-${g.id}`}>{left}</span>
      </a>
    </li>
  );
}
