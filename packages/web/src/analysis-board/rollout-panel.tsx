import type { BoardSetup } from '@zar/match';
import { ROLLOUT_MAX_PLAYS, ROLLOUT_MAX_TRIALS, type RolloutStatus } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { equityText, lossText } from '../hints/format.js';
import { useI18n } from '../i18n/index.js';
import { ErrorLine, Ltr } from '../ui.js';

/** How often a running rollout is read: its pieces take about a second each. */
const POLL_MS = 1000;

/**
 * A backgammon rollout run by the server's bot workers: of the position before its roll, or of
 * the best plays of its dice side by side, with the trials, seed, truncation and variance
 * reduction chosen; a progress bar while it runs, a stop button, and each line's equity with
 * its standard error.
 */
export function RolloutPanel(props: { setup: BoardSetup; text: string; plays: readonly string[] }) {
  const i18n = useI18n();
  const { t, f } = i18n;
  const [of, setOf] = useState<'position' | 'plays'>('position');
  const [trials, setTrials] = useState(324);
  const [seed, setSeed] = useState(1);
  const [truncate, setTruncate] = useState(10);
  const [reduce, setReduce] = useState(true);
  const [status, setStatus] = useState<RolloutStatus | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The rollout running on the server, if any: one runs at a time per person, so a left one is stopped. */
  const running = useRef<string | null>(null);

  const stopPolling = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const leave = () => {
    stopPolling();
    if (running.current !== null) void api.stopRollout(running.current);
    running.current = null;
  };
  useEffect(() => leave, []);
  // Another position: the rollout shown was of the old one.
  useEffect(() => {
    leave();
    setStatus(null);
    setError(null);
  }, [props.text]);

  const follow = (s: RolloutStatus) => {
    setStatus(s);
    running.current = s.state === 'running' ? s.id : null;
    if (s.state !== 'running') return;
    timer.current = setTimeout(async () => {
      const r = await api.rollout(s.id);
      if (timer.current === null) return;
      if (r.ok) follow(r.value);
      else setError(r.error);
    }, POLL_MS);
  };
  const start = async () => {
    stopPolling();
    setError(null);
    const plays = of === 'plays' ? props.plays.slice(0, ROLLOUT_MAX_PLAYS) : [];
    const r = await api.startRollout({
      position: props.text,
      ...(plays.length > 0 ? { plays: [...plays] } : {}),
      trials,
      seed,
      truncate,
      varianceReduction: reduce,
    });
    if (r.ok) follow(r.value);
    else setError(r.error);
  };
  const stop = async () => {
    if (status === null) return;
    stopPolling();
    const r = await api.stopRollout(status.id);
    running.current = null;
    if (r.ok) setStatus(r.value);
    else setError(r.error);
  };
  const isRunning = status?.state === 'running';
  const canPlays = props.setup.dice !== null && props.plays.length > 0;
  const whole = (v: string, min: number, max: number) => Math.max(min, Math.min(max, Math.floor(Number(v) || min)));

  return (
    <section class="board-rollout" data-testid="board-rollout">
      <h2>{t.analysisBoard.rollout}</h2>
      <p class="board-fields">
        <label>
          <select
            aria-label={t.analysisBoard.rollout}
            data-testid="board-rollout-of"
            value={canPlays ? of : 'position'}
            onChange={(e) => setOf(e.currentTarget.value === 'plays' ? 'plays' : 'position')}
          >
            <option value="position">{t.analysisBoard.rolloutOf.position}</option>
            {canPlays && <option value="plays">{t.analysisBoard.rolloutOf.plays}</option>}
          </select>
        </label>
        <label>
          {t.analysisBoard.trials}{' '}
          <input
            type="number"
            class="board-number"
            min={1}
            max={ROLLOUT_MAX_TRIALS}
            data-testid="board-trials"
            value={trials}
            onChange={(e) => setTrials(whole(e.currentTarget.value, 1, ROLLOUT_MAX_TRIALS))}
          />
        </label>
        <label>
          {t.analysisBoard.seed}{' '}
          <input
            type="number"
            class="board-number"
            min={0}
            data-testid="board-seed"
            value={seed}
            onChange={(e) => setSeed(whole(e.currentTarget.value, 0, 2 ** 31 - 1))}
          />
        </label>
        <label>
          {t.analysisBoard.truncate}{' '}
          <input
            type="number"
            class="board-number"
            min={0}
            max={100}
            data-testid="board-truncate"
            value={truncate}
            onChange={(e) => setTruncate(whole(e.currentTarget.value, 0, 100))}
          />
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="board-variance"
            checked={reduce}
            onChange={(e) => setReduce(e.currentTarget.checked)}
          />{' '}
          {t.analysisBoard.varianceReduction}
        </label>
      </p>
      <p>
        {isRunning ? (
          <button type="button" data-testid="board-rollout-stop" onClick={() => void stop()}>
            {t.analysisBoard.stopRollout}
          </button>
        ) : (
          <button type="button" class="primary" data-testid="board-rollout-start" onClick={() => void start()}>
            {t.analysisBoard.startRollout}
          </button>
        )}
      </p>
      <ErrorLine error={error} />
      {status !== null && (
        <div data-testid="board-rollout-status" data-state={status.state}>
          <p>
            <progress
              data-testid="board-rollout-progress"
              value={status.done}
              max={status.trials}
              aria-label={t.analysisBoard.rollout}
            />{' '}
            {f(t.analysisBoard.progress, { done: i18n.num(status.done), trials: i18n.num(status.trials) })}{' '}
            {t.analysisBoard.rolloutState[status.state]}
          </p>
          <RolloutLines status={status} />
        </div>
      )}
    </section>
  );
}

function RolloutLines({ status }: { status: RolloutStatus }) {
  const i18n = useI18n();
  const { t, f, lang } = i18n;
  if (status.done === 0) return null;
  return (
    <table class="list board-plays" data-testid="board-rollout-lines">
      <thead>
        <tr>
          <th scope="col">{t.analysisBoard.playHeading}</th>
          <th scope="col" class="num">
            {t.hints.equity}
          </th>
          <th scope="col" class="num">
            {t.analysisBoard.win}
          </th>
          <th scope="col" class="num">
            {t.analysisBoard.gammon}
          </th>
        </tr>
      </thead>
      <tbody>
        {status.lines.map((line) => (
          <tr key={line.play ?? ''} data-testid="board-rollout-line">
            <td>{line.play === null ? t.analysisBoard.rolloutPosition : <Ltr>{line.play}</Ltr>}</td>
            <td class="num">
              <Ltr>{equityText(lang, line.equity)}</Ltr>{' '}
              <span class="muted" data-testid="board-rollout-error">
                <Ltr>{f(t.analysisBoard.stdError, { error: lossText(lang, line.stdError) })}</Ltr>
              </span>
            </td>
            <td class="num">
              <Ltr>{i18n.pct(line.chances.win)}</Ltr>
            </td>
            <td class="num">
              <Ltr>{i18n.pct(line.chances.winGammon)}</Ltr>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
