import type { GameView, MatchRecordView } from '@zar/protocol';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { VerifyPanel } from '../dice/verify-panel.js';
import { type I18n, useI18n } from '../i18n/index.js';
import { type MarksState, useAnalysisMarks } from '../record/analysis-marks.js';
import { Downloads } from '../record/downloads.js';
import { lineText, seatLabel } from '../record/line-text.js';
import { type Cursor, MoveList } from '../record/move-list.js';
import { snapshotOf } from '../record/snapshot.js';
import { SnapshotBoard } from '../record/snapshot-board.js';
import { gameEnd, gameStart, isFirst, isLast, nextStep, previousStep } from '../record/steps.js';
import { useLines } from '../record/table-record.js';
import type { Line } from '../record/turns.js';
import { useRecord } from '../record/use-record.js';
import { useGame } from '../table/use-game.js';
import { ErrorLine, Ltr, lengthText, matchTitle } from '../ui.js';

/** The keys that step, by what they do; the arrows follow the visual direction (see `stepKey`). */
type Step = 'next' | 'previous' | 'first' | 'last';

/** An arrow steps toward where it points: on a right-to-left page, ArrowLeft goes forward. */
function stepKey(key: string, dir: I18n['dir']): Step | null {
  if (key === 'Home') return 'first';
  if (key === 'End') return 'last';
  if (key === 'ArrowRight') return dir === 'rtl' ? 'previous' : 'next';
  if (key === 'ArrowLeft') return dir === 'rtl' ? 'next' : 'previous';
  return null;
}

/** The four step buttons: the game's start, back, forward, the game's end. */
function StepButtons({ lines, at, go }: { lines: readonly (readonly Line[])[]; at: Cursor; go: (step: Step) => void }) {
  const r = useI18n().t.record.replay;
  const total = lines[at.game]?.length ?? 0;
  return (
    <fieldset class="replay-controls">
      <legend class="sr-only">{r.controls}</legend>
      <button
        type="button"
        data-testid="replay-first"
        title={r.first}
        disabled={at.line === -1}
        onClick={() => go('first')}
      >
        <span aria-hidden="true">«</span> <span class="sr-only">{r.first}</span>
      </button>
      <button type="button" data-testid="replay-previous" disabled={isFirst(at)} onClick={() => go('previous')}>
        <span aria-hidden="true">‹</span> {r.previous}
      </button>
      <button
        type="button"
        class="primary"
        data-testid="replay-next"
        disabled={isLast(lines, at)}
        onClick={() => go('next')}
      >
        {r.next} <span aria-hidden="true">›</span>
      </button>
      <button
        type="button"
        data-testid="replay-last"
        title={r.last}
        disabled={at.line === total - 1}
        onClick={() => go('last')}
      >
        <span aria-hidden="true">»</span> <span class="sr-only">{r.last}</span>
      </button>
    </fieldset>
  );
}

/**
 * Below the list: the analysis marks (a player may ask for them) and the full analysis, the
 * downloads of a finished match, and the way back to the match's board.
 */
function ReplayLinks(props: {
  readonly id: string;
  readonly from: 'game' | 'import';
  readonly record: MatchRecordView;
  readonly analysable: boolean;
  readonly you: 0 | 1 | null;
  readonly marks: MarksState;
  readonly askMarks: () => void;
}) {
  const { t } = useI18n();
  const r = t.record.replay;
  const { id, marks } = props;
  const over = props.record.status === 'over';
  return (
    <div class="replay-links">
      {over && props.analysable && (
        <p>
          {marks.state === 'off' && props.you !== null && (
            <button type="button" data-testid="replay-marks" onClick={props.askMarks}>
              {r.showMarks}
            </button>
          )}
          {marks.state === 'waiting' && <span role="status">{r.marksWaiting}</span>}
          {marks.state === 'ready' && (
            <span role="status" data-testid="replay-marks-shown">
              {r.marksShown}
            </span>
          )}{' '}
          <a
            href={props.from === 'import' ? `/imports/${id}/analysis` : `/analysis/${id}`}
            data-testid="replay-analysis"
          >
            {r.analysis}
          </a>
        </p>
      )}
      {marks.state === 'failed' && <ErrorLine error={marks.error} />}
      {over && props.from === 'game' && (
        <p class="downloads">
          <Downloads id={id} mat={props.record.mat} testIds={{ mat: 'download-mat', json: 'download-json' }} />
        </p>
      )}
      <p>
        {props.from === 'game' ? (
          <a href={`/play/${id}`} data-testid="replay-to-match">
            {r.toMatch}
          </a>
        ) : (
          <a href="/import" data-testid="replay-to-import">
            {t.imports.another}
          </a>
        )}
      </p>
    </div>
  );
}

/**
 * The replay of a match, finished or still played, for anyone with the link: the board at
 * each step, the move list in step, buttons and arrow keys, a game picker, the analysis marks
 * on request, and the downloads once the match is over. A match still being played is
 * followed over the socket (as a spectator would), its new turns added as they come.
 */
export function Replay({ id, from = 'game' }: { id: string; from?: 'game' | 'import' }) {
  const i18n = useI18n();
  const { t } = i18n;
  // The viewer's seat (a player sees the board from his side), whether an analysis exists, and
  // whether the match is still played: from REST once, then from the socket while it is.
  const [fetched, setFetched] = useState<GameView | null>(null);
  // An imported match (imports/) is no game of the server's: its record is all there is.
  useEffect(() => {
    if (from === 'game') void api.game(id).then((r) => r.ok && setFetched(r.value.view));
  }, [id, from]);
  const live = useGame(id, fetched !== null && fetched.status !== 'over');
  const view = live.view ?? fetched;
  const { record, error } = useRecord(id, live.view ? live : undefined, from);
  const lines = useLines(record);
  const [at, setAt] = useState<Cursor>(gameStart(0));
  const [wantMarks, setWantMarks] = useState(false);
  const marks = useAnalysisMarks(from === 'game' ? id : null, wantMarks);

  // A viewer at the last step of a match being played stays at its last step as turns come.
  const linesBefore = useRef(lines);
  useEffect(() => {
    const before = linesBefore.current;
    linesBefore.current = lines;
    if (before.length > 0 && before !== lines) {
      setAt((now) => (isLast(before, now) ? gameEnd(lines, lines.length - 1) : now));
    }
  }, [lines]);

  const you = view?.you ?? null;
  // The analysis page of an import says itself whether its match can be analysed.
  const analysable = from === 'import' || (view?.analysable ?? false);
  const viewer = you ?? 0;
  const game = record?.games[at.game];
  const line = at.line >= 0 ? (lines[at.game]?.[at.line] ?? null) : null;
  const snapshot = useMemo(() => (game ? snapshotOf(game, line, viewer) : null), [game, line, viewer]);

  // From the step as it is when the update runs: two quick key presses make two steps.
  const go = (step: Step) =>
    setAt((now) => {
      if (step === 'next') return nextStep(lines, now);
      if (step === 'previous') return previousStep(lines, now);
      return step === 'first' ? gameStart(now.game) : gameEnd(lines, now.game);
    });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
      if ((e.target as HTMLElement | null)?.closest('input, select, textarea')) return;
      const step = stepKey(e.key, i18n.dir);
      if (!step || lines.length === 0) return;
      e.preventDefault();
      go(step);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!record) {
    return (
      <section class="page replay">
        <h1>{t.record.replay.title}</h1>
        {!error && <p>{t.common.loading}</p>}
        <ErrorLine error={error} />
      </section>
    );
  }

  const r = t.record.replay;
  const over = record.status === 'over';
  const total = lines[at.game]?.length ?? 0;
  const names = ([0, 1] as const).map((s) => seatLabel(i18n, record.players, s));
  const score = `${i18n.num(record.score[0])}–${i18n.num(record.score[1])}`;
  return (
    <section class="page replay" data-testid="replay">
      <h1>{r.title}</h1>
      <p class="replay-match">
        {matchTitle(t, record.settings)} · {lengthText(i18n, record.settings.length)} ·{' '}
        <span class="chip chip-white" aria-hidden="true" /> <bdi>{names[0]}</bdi> <Ltr>{score}</Ltr>{' '}
        <bdi>{names[1]}</bdi> <span class="chip chip-black" aria-hidden="true" />
        {record.winner !== null && (
          <>
            {' · '}
            <span data-testid="replay-winner">{i18n.f(t.end.matchWinner, { name: names[record.winner] ?? '' })}</span>
          </>
        )}
      </p>
      {!over && <p class="muted">{r.notOver}</p>}
      {record.offline && (
        <p class="muted" data-testid="replay-offline">
          {t.history.offline}
        </p>
      )}
      <div class="replay-layout">
        <div class="replay-board">{snapshot && <SnapshotBoard snapshot={snapshot} viewer={viewer} />}</div>
        <div class="replay-side">
          <StepButtons lines={lines} at={at} go={go} />
          {record.games.length > 1 && (
            <label class="replay-game">
              {r.game}{' '}
              <select
                data-testid="replay-game"
                value={at.game}
                onChange={(e) => setAt(gameStart(Number((e.currentTarget as HTMLSelectElement).value)))}
              >
                {record.games.map((g, i) => (
                  <option key={g.number} value={i}>
                    {i18n.f(t.record.gameHeading, {
                      n: i18n.num(g.number),
                      score: `${i18n.num(g.scoreBefore[0])}–${i18n.num(g.scoreBefore[1])}`,
                    })}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p class="replay-step" aria-live="polite" data-testid="replay-step" data-game={at.game} data-line={at.line}>
            {i18n.f(r.step, { n: i18n.num(at.line + 1), total: i18n.num(total) })}
            {': '}
            {line ? lineText(i18n, line, record.players) : r.first}
          </p>
          <p class="hint">{r.keys}</p>
          <MoveList
            record={record}
            lines={lines}
            at={at}
            starts
            marks={marks.state === 'ready' ? marks.marks : null}
            onPick={setAt}
          />
          <ReplayLinks
            id={id}
            from={from}
            record={record}
            analysable={analysable}
            you={you}
            marks={marks}
            askMarks={() => setWantMarks(true)}
          />
          {/* A match played offline has no proof to check: the line above says its dice are not provable. */}
          {from === 'game' && !record.offline && <VerifyPanel id={id} record={record} you={you} />}
        </div>
      </div>
    </section>
  );
}
