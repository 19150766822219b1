import { rulesFor } from '@zar/engine';
import { type BoardSetup, linkTextOf } from '@zar/match';
import type { BoardEvaluation, TemperatureMap } from '@zar/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { BoardEditor } from '../analysis-board/board-editor.js';
import { checkPosition } from '../analysis-board/editor.js';
import { EvaluationView } from '../analysis-board/evaluation-view.js';
import { boardQuery, readBoardQuery } from '../analysis-board/link.js';
import { RolloutPanel } from '../analysis-board/rollout-panel.js';
import { playForward, startSetup } from '../analysis-board/setup.js';
import { SetupForm } from '../analysis-board/setup-form.js';
import { ShareLink } from '../analysis-board/share-link.js';
import { TemperatureGrid } from '../analysis-board/temperature-grid.js';
import '../analysis-board/analysis-board.css';
import { type ApiError, api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { ErrorLine, Ltr, Rich } from '../ui.js';

/** The setups the board has shown, and which one it shows: back and forward walk it. */
interface Line {
  readonly setups: readonly BoardSetup[];
  readonly at: number;
}

const PATH = '/analysis-board';
/** The depths offered; a game's bot searches as deep as it can up to the one chosen (the game nets 1). */
const DEPTHS = [0, 1, 2] as const;

/**
 * The analysis board, for every visitor: any position of the five games set up by hand or
 * pasted, valued by the server's bot (every legal play of the roll ranked, the cube decision,
 * the 36 rolls, a backgammon rollout), played forward and back, and shared as a link that
 * opens the same position.
 */
export function AnalysisBoard() {
  const i18n = useI18n();
  const { t } = i18n;
  // A link's position, or why it cannot be read (then a fresh board, and the reason above it).
  const [opened] = useState(() => readBoardQuery(location.search));
  const [line, setLine] = useState<Line>(() => ({
    setups: [opened?.ok ? opened.value : startSetup('backgammon')],
    at: 0,
  }));
  const [plies, setPlies] = useState<number | null>(null);
  const [evaluation, setEvaluation] = useState<BoardEvaluation | null>(null);
  const [temperature, setTemperature] = useState<TemperatureMap | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const setup = line.setups[line.at] ?? startSetup('backgammon');
  const rules = rulesFor(setup.game);
  const checked = checkPosition(rules, setup.position);
  const text = checked.ok ? linkTextOf(setup) : null;
  // The setup an answer was asked for: one that comes back after the board changed is dropped.
  const shown = useRef(text);
  shown.current = text;

  // The address bar holds the position shown, so that a reload or a copied address opens it.
  useEffect(() => {
    if (text !== null) history.replaceState(null, '', PATH + boardQuery(setup));
    setEvaluation(null);
    setTemperature(null);
    setError(null);
  }, [text, setup.onRoll]);

  /** A new setup after the one shown: the ones after it are dropped. */
  const show = (next: BoardSetup) => setLine({ setups: [...line.setups.slice(0, line.at + 1), next], at: line.at + 1 });
  const step = (by: number) => setLine({ ...line, at: Math.max(0, Math.min(line.setups.length - 1, line.at + by)) });

  const ask = async <T,>(call: () => Promise<{ ok: true; value: T } | { ok: false; error: ApiError }>) => {
    setBusy(true);
    setError(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) setError(r.error);
    return r.ok ? r.value : null;
  };
  const evaluate = async () => {
    if (text === null) return;
    const answer = await ask(() => api.boardEvaluate({ position: text, ...(plies === null ? {} : { plies }) }));
    if (shown.current === text) setEvaluation(answer);
  };
  const temperatureMap = async () => {
    if (text === null) return;
    // A map ranks 21 rolls: 1 ply at most.
    const q = plies === null ? {} : { plies: Math.min(plies, 1) };
    const answer = await ask(() => api.boardTemperature({ position: text, ...q }));
    if (shown.current === text) setTemperature(answer);
  };
  const play = (notation: string) => {
    const next = playForward(setup, notation);
    if (next !== null) show(next);
  };

  return (
    <section class="page analysis-board" data-testid="analysis-board">
      <h1>{t.analysisBoard.title}</h1>
      <p>{t.analysisBoard.intro}</p>
      {opened?.ok === false && line.setups.length === 1 && (
        <p class="error" role="alert" data-testid="board-link-unreadable">
          <Rich text={t.analysisBoard.unreadable} slots={{ reason: <Ltr>{opened.error.message}</Ltr> }} />
        </p>
      )}
      <SetupForm setup={setup} onChange={show} />
      <BoardEditor setup={setup} onChange={show} />
      {!checked.ok && (
        <p class="error" role="alert" data-testid="board-invalid" data-code={checked.error.code}>
          <Rich text={t.analysisBoard.invalid} slots={{ reason: t.analysisBoard.refused[checked.error.code] }} />
        </p>
      )}
      <p class="board-actions">
        <button type="button" data-testid="board-back" disabled={line.at === 0} onClick={() => step(-1)}>
          {t.analysisBoard.back}
        </button>
        <button
          type="button"
          data-testid="board-forward"
          disabled={line.at >= line.setups.length - 1}
          onClick={() => step(1)}
        >
          {t.analysisBoard.forward}
        </button>
        <label>
          {t.analysisBoard.depth}{' '}
          <select
            data-testid="board-depth"
            value={plies === null ? '' : String(plies)}
            onChange={(e) => setPlies(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
          >
            <option value="">{t.analysisBoard.depthAuto}</option>
            {DEPTHS.map((d) => (
              <option key={d} value={String(d)}>
                {i18n.num(d)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          class="primary"
          data-testid="board-evaluate"
          disabled={text === null || busy}
          onClick={() => void evaluate()}
        >
          {t.analysisBoard.evaluate}
        </button>
        <button
          type="button"
          data-testid="board-temperature-button"
          disabled={text === null || busy}
          onClick={() => void temperatureMap()}
        >
          {t.analysisBoard.temperature}
        </button>
      </p>
      {busy && <p class="muted">{t.analysisBoard.thinking}</p>}
      <ErrorLine error={error} />
      {text !== null && <ShareLink query={boardQuery(setup)} path={PATH} />}
      {text !== null && (
        <p class="muted board-text">
          <Ltr>{text}</Ltr>
        </p>
      )}
      {evaluation !== null && <EvaluationView evaluation={evaluation} onPlay={play} />}
      {temperature !== null && <TemperatureGrid map={temperature} />}
      {text !== null && rules.hasCube ? (
        <RolloutPanel setup={setup} text={text} plays={evaluation?.plays?.map((p) => p.play) ?? []} />
      ) : (
        <p class="muted">{t.analysisBoard.rolloutOnly}</p>
      )}
    </section>
  );
}
