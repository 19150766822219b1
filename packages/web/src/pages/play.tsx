import type { DiceView } from '@zar/board-ui';
import { parseZarPosition, type Turn } from '@zar/engine';
import type { ClientAction, GameResult, GameView } from '@zar/protocol';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type ApiError, api, inviteLink } from '../api.js';
import { FairLine } from '../dice/fair-line.js';
import { HintPanel } from '../hints/hint-panel.js';
import { useI18n } from '../i18n/index.js';
import { inviteOf } from '../invites.js';
import { lazy } from '../lazy.js';
import { SettingsButton } from '../looks/settings-button.js';
import { useAutoActions } from '../play/auto-actions.js';
import { ClaimPanel } from '../play/claim-panel.js';
import { CONTROL_ACTIONS, type Control, ControlsBar, controlsOf } from '../play/controls-bar.js';
import { EndDialog } from '../play/end-dialog.js';
import {
  canUndo,
  currentPosition,
  diceOfEntry,
  diceOfTurn,
  drag,
  type Entry,
  entryOf,
  highlights,
  playText,
  tap,
  turnOfView,
  undoEntry,
} from '../play/entry.js';
import { RematchPanel, SeriesLine, useRematchGo } from '../play/match-people.js';
import { ScoreBar } from '../play/score-bar.js';
import { LastMoveLine, StatusText } from '../play/status-text.js';
import { TableNews } from '../play/table-news.js';
import { SnapshotBoard } from '../record/snapshot-board.js';
import { RecordPanel, recordedOpening, useTableRecord } from '../record/table-record.js';
import { animationsOn } from '../settings.js';
import { useTableSounds } from '../sound/use-table-sounds.js';
import { boardModel, fromViewer, lastMoveModel } from '../table/board-model.js';
import { BoardView } from '../table/board-view.js';
import { cubeOf } from '../table/cube-view.js';
import { rulesOfView } from '../table/rules-of.js';
import { useGame } from '../table/use-game.js';
import { RoundLine } from '../tournaments/round-line.js';
import { ErrorLine } from '../ui.js';
import { modalOpen } from '../use-modal.js';
import { SpectatorBanner, SpectatorsRefused, WatchLine } from '../watch/spectators.js';
import '../watch/watch.css';
import { NotFound } from './not-found.js';

/** The chat (a match between people only) loads when a table has one: not in the first page's bundle. */
const LazyChat = lazy(() => import('../chat/chat-panel.js').then((m) => m.ChatPanel));

/** A correspondence match's notifications load for a clock that may be one. */
const LazyCorrespondence = lazy(
  () => import('../notify/correspondence-table.js').then((m) => m.CorrespondenceTable),
  true,
);

/** Keys for full keyboard play; points themselves are focusable on the board. */
const KEYS: Readonly<Record<string, Control | 'confirm' | 'undo'>> = {
  r: 'roll',
  d: 'double',
  t: 'take',
  p: 'pass',
  u: 'undo',
  c: 'confirm',
};

function WaitingPanel({ id, view }: { id: string; view: GameView }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const invite = inviteOf(id);
  if (view.you === null) {
    // The seat is taken over REST; the socket then brings the view with the new seat.
    const join = async () => {
      const r = await api.joinGame(id);
      setError(r.ok ? null : r.error);
    };
    return (
      <div>
        <button type="button" class="primary" data-testid="join" onClick={join}>
          {t.lobby.join}
        </button>
        <ErrorLine error={error} />
      </div>
    );
  }
  if (!invite) return null;
  const link = inviteLink(invite, location.origin);
  return (
    <div class="invite">
      <label>
        {t.play.inviteLink}
        <input readOnly value={link} data-testid="invite-link" dir="ltr" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button
        type="button"
        data-testid="copy-invite"
        onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(true))}
      >
        {copied ? t.play.copied : t.play.copy}
      </button>
    </div>
  );
}

/** The dice on the board, as the turn builder plays them: the play being entered marks the used ones. */
function diceView(view: GameView, viewer: 0 | 1, turn: Turn | null, entry: Entry | null): DiceView | null {
  if (!turn) return null;
  const side = view.game.turn === viewer ? 'own' : 'opp';
  return { ...(entry ? diceOfEntry(entry) : diceOfTurn(turn)), side };
}

/**
 * The game page. Keyed by the game, so that going to a rematch starts a fresh page (its own
 * socket, no dialog or entry left over from the match before).
 */
export function Play({ id }: { id: string }) {
  return <PlayTable key={id} id={id} />;
}

/** The board, the players, what to do now, and the end-of-game dialog. */
function PlayTable({ id }: { id: string }) {
  const { t } = useI18n();
  const game = useGame(id);
  useTableSounds(game);
  useRematchGo(game.view);
  const { view, version } = game;
  const [entry, setEntry] = useState<Entry | null>(null);
  const [ended, setEnded] = useState<GameResult | null>(null);
  const resultsSeen = useRef<number | null>(null);

  const rules = useMemo(() => (view ? rulesOfView(view.game) : null), [view?.game.game, view?.game.options]);
  useAutoActions(game, rules);
  const viewer: 0 | 1 = view?.you ?? 0;
  // The move list, and the past position shown instead of the live board when one is picked.
  const record = useTableRecord(id, game, viewer);

  // The turn being played, by anyone; a new version resets the play the viewer is entering.
  const turn = useMemo(() => (view && rules ? turnOfView(rules, view.game) : null), [version, rules]);
  useEffect(() => {
    setEntry(turn && view?.allowed.play ? entryOf(turn) : null);
  }, [turn]);

  // A game that ends while the page is open opens the dialog; so does a finished match.
  useEffect(() => {
    if (!view) return;
    const seen = resultsSeen.current;
    const last = view.results.at(-1);
    if (last && ((seen !== null && view.results.length > seen) || (seen === null && view.status === 'over'))) {
      // A refusal from the game just ended would read as one of the dialog's own.
      game.clearError();
      setEnded(last);
    }
    resultsSeen.current = view.results.length;
  }, [version]);

  const model = useMemo(() => {
    if (!view || !rules) return null;
    if (entry) return boardModel(rules, currentPosition(entry.turn));
    const parsed = parseZarPosition(view.game.position);
    if (!parsed.ok) return null;
    return boardModel(rules, fromViewer(rules, parsed.value, view.game.turn, viewer));
  }, [version, rules, entry, viewer]);

  const controls = view ? controlsOf(view.allowed) : [];
  const text = entry ? playText(entry) : null;
  // The buttons and their keys stay live while a past turn is shown; whatever the player does
  // brings the live board back, so that he sees what his roll, play or undo did.
  const confirm = () => {
    if (text === null) return;
    record.back();
    if (game.act({ type: 'play', play: text })) setEntry(null);
  };
  const undo = () => {
    if (!entry || !canUndo(entry)) return;
    record.back();
    setEntry(undoEntry(entry));
  };
  const act = (a: ClientAction) => {
    record.back();
    game.act(a);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || modalOpen()) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea')) return;
      const what = KEYS[e.key.toLowerCase()];
      if (!what || game.pending) return;
      if (what === 'confirm') confirm();
      else if (what === 'undo') undo();
      else {
        const action = controls.includes(what) ? CONTROL_ACTIONS[what] : undefined;
        if (!action) return;
        act(action);
      }
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // A spectator the players refuse (on joining, or forbidden meanwhile) is told so, without a table.
  if (game.error?.code === 'ERR_NO_SPECTATORS' && (view === null || view.you === null)) return <SpectatorsRefused />;
  if (!view) {
    if (game.error?.code === 'ERR_NOT_FOUND') return <NotFound message={t.common.gameNotFound} />;
    return (
      <section class="page play">
        <p>{t.common.loading}</p>
        <ErrorLine error={game.error} />
      </section>
    );
  }

  const lit = entry ? highlights(entry) : { sources: [], destinations: [] };
  // Someone without a seat in a match under way watches it: no buttons, the spectators' chat.
  const spectator = view.you === null && view.status !== 'waiting';
  return (
    <section class="page play" data-testid="play" data-version={version} data-phase={view.game.phase}>
      {game.status === 'reconnecting' && (
        <p class="banner" role="alert" data-testid="offline">
          {t.common.offline}
        </p>
      )}
      {spectator && <SpectatorBanner view={view} />}
      {/* The board on the left and everything else in a column beside it; stacked on phones (styles.css). */}
      <div class="table">
        <div class="table-score">
          <SettingsButton />
          <ScoreBar view={view} model={model} viewer={viewer} receivedAt={game.receivedAt} />
        </div>
        <div class="table-board">
          {record.snapshot && <SnapshotBoard snapshot={record.snapshot} viewer={viewer} />}
          {!record.snapshot && model && rules && (
            <BoardView
              model={model}
              viewer={viewer}
              game={view.game.game}
              dice={diceView(view, viewer, turn, entry)}
              cube={cubeOf(view.game, viewer, controls.includes('double'))}
              selected={entry?.selected ?? null}
              sources={lit.sources}
              destinations={lit.destinations}
              lastMove={lastMoveModel(rules, view.lastMove, viewer)}
              animate={animationsOn()}
              onPoint={(p) => entry && setEntry(tap(entry, p))}
              onDrag={(from, to) => entry && setEntry(drag(entry, from, to))}
              onCube={controls.includes('double') ? () => act({ type: 'double' }) : undefined}
              onDice={controls.includes('roll') ? () => act({ type: 'roll' }) : text !== null ? confirm : undefined}
            />
          )}
        </div>
        <div class="table-act">
          <StatusText view={view} complete={text !== null} />
          {/* The buttons right under the status, so longer news never pushes them out of view. */}
          {!spectator && (
            <ControlsBar
              controls={controls}
              entering={entry ? { canConfirm: text !== null, canUndo: canUndo(entry) } : null}
              resignChoices={view.allowed.resign}
              busy={game.pending}
              act={act}
              confirm={confirm}
              undo={undo}
            />
          )}
          {/* While the end dialog is open it says the table's errors itself (one alert, not two). */}
          {!ended && <ErrorLine error={game.error} />}
          {!spectator && <ClaimPanel view={view} receivedAt={game.receivedAt} busy={game.pending} claim={game.claim} />}
          {/* Every correspondence clock has no delay; nothing else loads for a live one. */}
          {view.clock?.delayMs === 0 && view.you !== null && <LazyCorrespondence id={id} view={view} />}
          {/* The series from its first win on, so a rematch shows it while played; the match's end dialog shows it itself. */}
          {!(view.status === 'over' && ended) && <SeriesLine view={view} />}
          {/* While the end dialog is open it shows the rematch itself. */}
          {view.status === 'over' && !ended && !spectator && <RematchPanel view={view} rematch={game.rematch} />}
          <RoundLine game={id} view={view} />
          <LastMoveLine view={view} />
          <TableNews
            game={game}
            rules={rules}
            recorded={recordedOpening(record.record, record.lines, view.gameNumber)}
          />
          {view.status === 'waiting' && <WaitingPanel id={id} view={view} />}
        </div>
        <aside class="table-side" aria-label={t.table.side} data-testid="table-side">
          <WatchLine view={view} allow={game.allowSpectators} />
          {view.chat.read.length > 0 && <LazyChat view={view} chat={game.chat} />}
          <RecordPanel table={record} />
          <HintPanel id={id} view={view} version={version} />
          <FairLine view={view} />
          <p class="hint">{t.table.shortcuts}</p>
        </aside>
      </div>
      {ended && (
        <EndDialog
          view={view}
          result={ended}
          onClose={() => setEnded(null)}
          rematch={game.rematch}
          error={game.error}
        />
      )}
    </section>
  );
}
