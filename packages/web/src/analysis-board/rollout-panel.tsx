import type { BoardSetup } from '@zar/match';
import { ROLLOUT_MAX_PLAYS, ROLLOUT_MAX_TRIALS, type RolloutStatus } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { equityText, lossText } from '../hints/format.js';
import { useI18n } from '../i18n/index.js';
import { ErrorLine, Ltr } from '../ui.js';
import { HeadRow, NumCell } from './equity-table.js';

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
        <WholeField
          label={t.analysisBoard.trials}
          testId="board-trials"
          min={1}
          max={ROLLOUT_MAX_TRIALS}
          value={trials}
          onValue={setTrials}
        />
        <WholeField
          label={t.analysisBoard.seed}
          testId="board-seed"
          min={0}
          max={SEED_MAX}
          hideMax
          value={seed}
          onValue={setSeed}
        />
        <WholeField
          label={t.analysisBoard.truncate}
          testId="board-truncate"
          min={0}
          max={100}
          value={truncate}
          onValue={setTruncate}
        />
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

/** The largest seed a rollout request takes (31 bits). */
const SEED_MAX = 2 ** 31 - 1;

/**
 * A labelled whole-number input: what is typed is floored and kept between min and max (a blank
 * or unreadable entry is min). hideMax keeps max off the input where it is no limit worth showing.
 */
function WholeField(props: {
  label: string;
  testId: string;
  min: number;
  max: number;
  hideMax?: boolean;
  value: number;
  onValue(value: number): void;
}) {
  const { min, max } = props;
  return (
    <label>
      {props.label}{' '}
      <input
        type="number"
        class="board-number"
        min={min}
        max={props.hideMax ? undefined : max}
        data-testid={props.testId}
        value={props.value}
        onChange={(e) => props.onValue(Math.max(min, Math.min(max, Math.floor(Number(e.currentTarget.value) || min))))}
      />
    </label>
  );
}

function RolloutLines({ status }: { status: RolloutStatus }) {
  const i18n = useI18n();
  const { t, f, lang } = i18n;
  if (status.done === 0) return null;
  return (
    <table class="list board-plays" data-testid="board-rollout-lines">
      <thead>
        <HeadRow
          heading={t.analysisBoard.playHeading}
          nums={[t.hints.equity, t.analysisBoard.win, t.analysisBoard.gammon]}
        />
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
            <NumCell>{i18n.pct(line.chances.win)}</NumCell>
            <NumCell>{i18n.pct(line.chances.winGammon)}</NumCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
