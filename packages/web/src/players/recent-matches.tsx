import type { GameSummary } from '@zar/protocol';
import { LANG_INFO, useI18n } from '../i18n/index.js';
import { seatLabel } from '../record/line-text.js';
import { matchOutcome } from '../record/match-outcome.js';
import { MatchesTable } from '../record/matches-table.js';
import { Ltr, lengthText, matchTitle } from '../ui.js';
import { ownSeat } from './profile-facts.js';

/** A profile's latest finished matches: when, what, against whom, the result and score, replay and analysis. */
export function RecentMatches({ name, games }: { name: string; games: readonly GameSummary[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const h = t.record.history;
  const date = new Intl.DateTimeFormat(LANG_INFO[i18n.lang].numbers, { dateStyle: 'medium' });
  if (games.length === 0) return <p data-testid="profile-recent-none">{t.players.recentNone}</p>;
  return (
    <MatchesTable testid="profile-recent">
      {games.map((g) => {
        const me = ownSeat(g, name);
        const other = me === 0 ? 1 : 0;
        const result = matchOutcome(t, g, me) ?? t.end.matchOver;
        return (
          <tr key={g.id} data-testid={`profile-game-${g.id}`}>
            {/* A formatted date carries its own direction marks: an isolate would reorder it. */}
            <td>{date.format(new Date(g.updatedAt))}</td>
            <td>
              {matchTitle(t, g.settings)}
              {g.rated && <span class="muted"> · {t.lobby.ratedWord}</span>}
            </td>
            <td>
              <bdi>{seatLabel(i18n, g.players, other)}</bdi>
            </td>
            <td>{lengthText(i18n, g.settings.length)}</td>
            <td>
              {result} · <Ltr>{`${i18n.num(g.score[me])}–${i18n.num(g.score[other])}`}</Ltr>
            </td>
            <td class="links">
              <a href={`/replay/${g.id}`} data-testid={`profile-replay-${g.id}`}>
                {h.replay}
              </a>
              {g.analysable && (
                <>
                  {' · '}
                  <a href={`/analysis/${g.id}`} data-testid={`profile-analysis-${g.id}`}>
                    {t.history.analyse}
                  </a>
                </>
              )}
            </td>
          </tr>
        );
      })}
    </MatchesTable>
  );
}
