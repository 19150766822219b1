import type { LiveGame } from '@zar/protocol';
import { useNow } from '../clock/use-now.js';
import { type I18n, useI18n } from '../i18n/index.js';
import { ratingText } from '../players/rating-text.js';
import { Ltr, lengthText, matchTitle } from '../ui.js';
import { anyClockRuns, liveClocks, runningSeat } from './live-row.js';

/** A player as the list names him: his name, his rating when he has one, "computer" for a bot. */
function SeatCell({ i18n, seat }: { i18n: I18n; seat: LiveGame['players'][0] }) {
  const l = i18n.t.company.live;
  return (
    <span class="live-seat">
      <bdi>{seat.name}</bdi>
      {seat.kind === 'bot' && <span class="hint"> ({l.bot})</span>}
      {seat.rating !== null && (
        <span class="hint">
          {' '}
          <Ltr>{ratingText(i18n.lang, seat.rating)}</Ltr>
        </span>
      )}
    </span>
  );
}

/**
 * The games being played, in the server's order (best first): what, the players with their
 * ratings, the score and length, both clocks counting down from the list's frame, how many
 * watch, and the tournament. Each row opens the match to watch it.
 */
export function LiveList({ games, receivedAt }: { games: readonly LiveGame[]; receivedAt: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  const l = t.company.live;
  const now = useNow(anyClockRuns(games), 1000);
  return (
    <div class="table-scroll">
      <table class="list" data-testid="live-list">
        <thead>
          <tr>
            <th scope="col">{l.game}</th>
            <th scope="col">{l.players}</th>
            <th scope="col">{l.score}</th>
            <th scope="col">{l.clock}</th>
            <th scope="col">{l.spectators}</th>
            <th scope="col">{l.tournament}</th>
          </tr>
        </thead>
        <tbody>
          {games.map((g) => {
            const clocks = liveClocks(g, now - receivedAt, i18n);
            const runs = runningSeat(g);
            return (
              <tr key={g.id} data-testid="live-game" data-game={g.id}>
                <td>
                  {/* The players' names in the link's own name: a list of links read alone still tells the games apart. */}
                  <a href={`/play/${g.id}`} data-testid={`live-watch-${g.id}`}>
                    {matchTitle(t, g.settings)}
                    <span class="sr-only"> {i18n.f(l.watch, { a: g.players[0].name, b: g.players[1].name })}</span>
                  </a>
                  <br />
                  <small class="hint">
                    {lengthText(i18n, g.settings.length)} · {g.rated ? l.rated : l.casual}
                  </small>
                </td>
                <td>
                  <SeatCell i18n={i18n} seat={g.players[0]} />
                  {' – '}
                  <SeatCell i18n={i18n} seat={g.players[1]} />
                </td>
                <td>
                  <Ltr>
                    {i18n.num(g.score[0])}–{i18n.num(g.score[1])}
                  </Ltr>
                </td>
                <td data-testid="live-clock">
                  {clocks === null ? (
                    l.untimed
                  ) : (
                    <Ltr>
                      {/* Each its own direction: a correspondence clock's days and hours are words. */}
                      <bdi class={runs === 0 ? 'live-running' : undefined}>{clocks[0]}</bdi>
                      {' – '}
                      <bdi class={runs === 1 ? 'live-running' : undefined}>{clocks[1]}</bdi>
                    </Ltr>
                  )}
                </td>
                <td data-testid="live-spectators">{i18n.num(g.spectators)}</td>
                <td>
                  {g.tournament !== null && (
                    <a href={`/tournaments/${g.tournament.id}`}>
                      <bdi>{g.tournament.name}</bdi>
                    </a>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
