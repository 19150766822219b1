import type { TournamentView } from '@zar/protocol';
import { useI18n } from '../i18n/index.js';
import { ratingText } from '../players/rating-text.js';
import { MatchCard } from './match-card.js';

/**
 * A Swiss's standings after the games finished so far: place, player, rating, score, the two
 * tie-breaks and the matches won and played, with a sentence on how ties are broken
 * (docs/tournaments.md is the rule; the site does not serve the docs, so the page says it).
 */
export function Standings({ view }: { view: TournamentView }) {
  const i18n = useI18n();
  const s = i18n.t.tournaments.standings;
  return (
    <section aria-labelledby="tournament-standings" class="tournament-standings">
      <h2 id="tournament-standings">{s.title}</h2>
      {view.standings.length === 0 ? (
        <p>{s.none}</p>
      ) : (
        <div class="table-scroll">
          <table class="list numbers-end" data-testid="standings" aria-describedby="tournament-tie-breaks">
            <thead>
              <tr>
                <th scope="col">{s.rank}</th>
                <th scope="col">{s.player}</th>
                <th scope="col" class="wide-only">
                  {s.rating}
                </th>
                <th scope="col">{s.score}</th>
                <th scope="col">
                  <abbr title={s.buchholz}>{s.bhShort}</abbr>
                </th>
                <th scope="col">
                  <abbr title={s.sonnebornBerger}>{s.sbShort}</abbr>
                </th>
                <th scope="col">{s.wins}</th>
                <th scope="col" class="wide-only">
                  {s.played}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.standings.map((r) => (
                <tr key={r.name} data-testid={`standing-${r.name}`}>
                  <td>{i18n.num(r.rank)}</td>
                  <th scope="row">
                    <bdi>{r.name}</bdi>
                  </th>
                  <td class="wide-only">{ratingText(i18n.lang, r.rating)}</td>
                  <td>{i18n.num(r.score)}</td>
                  <td>{i18n.num(r.buchholz)}</td>
                  <td>{i18n.num(r.sonnebornBerger)}</td>
                  <td>{i18n.num(r.wins)}</td>
                  <td class="wide-only">{i18n.num(r.played)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p class="hint" id="tournament-tie-breaks">
        {s.tieBreaks}
      </p>
    </section>
  );
}

/** Each round's pairings in board order, the latest open and the earlier ones folded. */
export function SwissRounds({ view }: { view: TournamentView }) {
  const i18n = useI18n();
  const s = i18n.t.tournaments.standings;
  if (view.rounds.length === 0) return null;
  const latest = view.rounds.length;
  return (
    <section aria-labelledby="tournament-pairings" class="tournament-pairings">
      <h2 id="tournament-pairings">{s.pairings}</h2>
      {[...view.rounds].reverse().map((r) => (
        <details key={r.number} open={r.number === latest} data-testid={`swiss-round-${r.number}`}>
          <summary>{i18n.f(s.round, { n: i18n.num(r.number) })}</summary>
          <ol class="swiss-pairings">
            {r.pairings.map((p, i) => (
              <li key={i}>
                <MatchCard match={p} testid={`swiss-${r.number}-${i + 1}`} />
              </li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
