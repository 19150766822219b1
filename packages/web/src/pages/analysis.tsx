import { useEffect, useState } from 'preact/hooks';
import { DecisionBoard } from '../analysis/decision-board.js';
import { luckColumn } from '../analysis/luck-column.js';
import { gamesOf, wordingOf } from '../analysis/match-games.js';
import {
  type AnalysisStatus,
  type Decision,
  type DecisionFilter,
  equityText,
  type MatchAnalysis,
  shown,
} from '../analysis/types.js';
import { type ApiError, api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { ErrorLine, Ltr } from '../ui.js';

/** How often the page asks again while the server analyses. */
const POLL_MS = 1000;

/**
 * The analysis of a finished match: each player's error rate, performance rating and luck, then
 * every decision that had a choice, the marked ones first shown, each opening on its board
 * with the alternatives. The server analyses in the background; the page shows its progress.
 */
export function Analysis({ id, from = 'game' }: { id: string; from?: 'game' | 'import' }) {
  const { t } = useI18n();
  const [status, setStatus] = useState<AnalysisStatus | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      // An imported match (imports/) is analysed as a game is, under its own path.
      const r = await (from === 'import' ? api.importAnalysis(id) : api.analysis(id));
      if (stopped) return;
      if (!r.ok) {
        setError(r.error);
        return;
      }
      setStatus(r.value);
      if (r.value.state !== 'ready') timer = setTimeout(ask, POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, from]);

  return (
    <section class="page analysis">
      <h1>{t.analysis.title}</h1>
      <p>
        <a href={from === 'import' ? `/imports/${id}` : `/play/${id}`} data-testid="analysis-back">
          {t.analysis.back}
        </a>
      </p>
      <ErrorLine error={error} />
      {!error && status?.state !== 'ready' && <Progress status={status} />}
      {status?.state === 'ready' && <Report analysis={status.analysis} />}
    </section>
  );
}

function Progress({ status }: { status: AnalysisStatus | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (status === null) return <p>{t.common.loading}</p>;
  if (status.state === 'queued')
    return <p data-testid="analysis-progress">{i18n.f(t.analysis.queued, { n: i18n.num(status.ahead) })}</p>;
  if (status.state !== 'running') return null;
  return (
    <p data-testid="analysis-progress">
      <label>
        {t.analysis.running} <progress max={Math.max(1, status.total)} value={status.done} />
      </label>
    </p>
  );
}

function Report({ analysis }: { analysis: MatchAnalysis }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [filter, setFilter] = useState<DecisionFilter>('marked');
  const [selected, setSelected] = useState<number | null>(null);
  const list = analysis.decisions.filter((d) => shown(d, filter));
  const chosen = analysis.decisions.find((d) => d.action === selected) ?? null;
  const fixed = (x: number, digits: number) => i18n.num(Number(x.toFixed(digits)));
  const luck = luckColumn(i18n.lang, analysis.players);
  const games = gamesOf(analysis);
  const wording = wordingOf(games);
  const long = wording.backgammon ? t.analysis : t.analysis.otherGames;
  return (
    <div data-testid="analysis-report">
      <p class="muted">
        {games.map((g) => `${t.games[g]} · `).join('')}
        {i18n.f(t.analysis.depth, { plies: i18n.num(analysis.plies) })}
      </p>
      <table class="list" data-testid="analysis-players">
        <thead>
          <tr>
            <th scope="col">{t.analysis.player}</th>
            <th scope="col">{t.analysis.decisions}</th>
            {wording.cube && <th scope="col">{t.analysis.cubeDecisions}</th>}
            <th scope="col">
              <abbr title={long.errorRateLong}>{t.analysis.errorRate}</abbr>
            </th>
            <th scope="col">
              <abbr title={long.prLong}>{t.analysis.pr}</abbr>
            </th>
            {luck && (
              <th scope="col">
                <abbr title={long.luckLong}>{t.analysis.luck}</abbr>
              </th>
            )}
            <th scope="col">{t.analysis.marks.doubtful}</th>
            <th scope="col">{t.analysis.marks.error}</th>
            <th scope="col">{t.analysis.marks.blunder}</th>
          </tr>
        </thead>
        <tbody>
          {analysis.players.map((p, i) => (
            <tr key={i} data-testid={`analysis-player-${i}`}>
              <td>
                <bdi>{p.name}</bdi>
              </td>
              <td>{i18n.num(p.decisions)}</td>
              {wording.cube && <td>{i18n.num(p.cubeDecisions)}</td>}
              <td>{fixed(p.errorRate, 1)}</td>
              <td data-testid={`analysis-pr-${i}`}>{fixed(p.pr, 1)}</td>
              {luck && (
                <td data-testid={`analysis-luck-${i}`}>
                  <Ltr>{luck[i]}</Ltr>
                </td>
              )}
              <td>{i18n.num(p.marks.doubtful)}</td>
              <td>{i18n.num(p.marks.error)}</td>
              <td>{i18n.num(p.marks.blunder)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <label>
          {t.analysis.show}{' '}
          <select
            data-testid="analysis-filter"
            value={filter}
            onChange={(e) => setFilter((e.target as HTMLSelectElement).value as DecisionFilter)}
          >
            {(['marked', 'errors', 'all'] as const).map((f) => (
              <option key={f} value={f}>
                {t.analysis.filters[f]}
              </option>
            ))}
          </select>
        </label>
      </p>
      {list.length === 0 ? (
        <p data-testid="analysis-none">{t.analysis.none}</p>
      ) : (
        <ol class="decisions" data-testid="analysis-decisions">
          {list.map((d) => (
            <li key={d.action}>
              <button
                type="button"
                class={`decision mark-${d.mark}`}
                aria-pressed={d.action === selected}
                data-testid={`decision-${d.action}`}
                data-mark={d.mark}
                onClick={() => setSelected(d.action === selected ? null : d.action)}
              >
                <DecisionLine decision={d} name={analysis.players[d.player].name} />
              </button>
              {d.action === selected && chosen && <DecisionBoard decision={chosen} />}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function DecisionLine({ decision: d, name }: { decision: Decision; name: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const head = i18n.f(t.analysis.gameN, { n: i18n.num(d.game) });
  const what =
    d.kind === 'move' ? (
      <>
        <Ltr>{`${d.dice[0]}-${d.dice[1]}`}</Ltr> <Ltr>{d.played || t.play.noPlay}</Ltr> · {t.analysis.best}{' '}
        <Ltr>{d.best}</Ltr>
      </>
    ) : (
      <>
        {t.analysis.cube[d.chosen]} · {t.analysis.best} {t.analysis.cube[d.best]}
      </>
    );
  return (
    <span>
      {head} · <bdi>{name}</bdi> · {what}
      {d.mark !== 'none' && (
        <>
          {' '}
          · <Ltr>{equityText(-d.loss)}</Ltr> <strong class="mark">{t.analysis.marks[d.mark]}</strong>
        </>
      )}
    </span>
  );
}
