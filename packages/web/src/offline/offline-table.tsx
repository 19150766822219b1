import type { DiceView } from '@zar/board-ui';
import type { Turn } from '@zar/engine';
import type { ClientAction, GameResult, GameView } from '@zar/protocol';
import type { Control } from '../play/controls-bar.js';
import type { Entry } from '../play/entry.js';
import type { OfflineKit } from './kit.js';
import { useOfflineRecord } from './offline-record.js';
import type { OfflineConnection } from './use-offline-game.js';

function diceView(kit: OfflineKit, view: GameView, turn: Turn | null, entry: Entry | null): DiceView | null {
  if (!turn) return null;
  const dice = entry ? kit.entry.diceOfEntry(entry) : kit.entry.diceOfTurn(turn);
  return { ...dice, side: view.game.turn === 0 ? 'own' : 'opp' };
}

/**
 * The play page's table for a match played in the browser: the same board, status, buttons,
 * news, move list, hints and end dialog as online (pages/play.tsx), over the worker's connection. The
 * person always sits in seat 0. What an online table has beside (chat, spectators, claims,
 * the dice's proof, rematches) has no place offline.
 */
export function OfflineTable(props: { kit: OfflineKit; game: OfflineConnection; side: preact.ComponentChildren }) {
  const { kit, game } = props;
  const { useEffect, useMemo, useRef, useState } = kit.hooks;
  const e = kit.entry;
  const { view, version } = game;
  kit.useTableSounds(game);
  const rules = useMemo(() => (view ? kit.rulesOfView(view.game) : null), [view?.game.game, view?.game.options]);
  kit.useAutoActions(game, rules);
  const record = useOfflineRecord(kit, game.moves, 0);
  const [entry, setEntry] = useState<Entry | null>(null);
  const [ended, setEnded] = useState<GameResult | null>(null);
  const resultsSeen = useRef<number | null>(null);

  const turn = useMemo(() => (view && rules ? e.turnOfView(rules, view.game) : null), [version, rules]);
  useEffect(() => {
    setEntry(turn && view?.allowed.play ? e.entryOf(turn) : null);
  }, [turn]);
  // A game ended by this page's play opens the dialog (a match resumed over opens none).
  useEffect(() => {
    if (!view) return;
    const seen = resultsSeen.current;
    const last = view.results.at(-1);
    if (last && seen !== null && view.results.length > seen) setEnded(last);
    resultsSeen.current = view.results.length;
  }, [version]);

  const model = useMemo(() => {
    if (!view || !rules) return null;
    if (entry) return kit.boardModel(rules, e.currentPosition(entry.turn));
    const parsed = kit.parseZarPosition(view.game.position);
    return parsed.ok ? kit.boardModel(rules, kit.fromViewer(rules, parsed.value, view.game.turn, 0)) : null;
  }, [version, rules, entry]);

  if (!view) return <kit.ErrorLine error={game.error} />;
  const controls: Control[] = kit.controlsOf(view.allowed);
  const text = entry ? e.playText(entry) : null;
  const act = (a: ClientAction) => {
    record.back();
    game.act(a);
  };
  const confirm = () => {
    if (text === null) return;
    record.back();
    if (game.act({ type: 'play', play: text })) setEntry(null);
  };
  const undo = () => entry && e.canUndo(entry) && setEntry(e.undoEntry(entry));
  const lit = entry ? e.highlights(entry) : { sources: [], destinations: [] };
  const recorded = kit.recordedOpening(record.record, record.lines, view.gameNumber);
  return (
    <div class="table" data-testid="play" data-version={version} data-phase={view.game.phase}>
      <div class="table-score">
        <kit.ScoreBar view={view} model={model} viewer={0} receivedAt={game.receivedAt} />
      </div>
      <div class="table-board">
        {record.snapshot && <kit.SnapshotBoard snapshot={record.snapshot} viewer={0} />}
        {!record.snapshot && model && rules && (
          <kit.BoardView
            model={model}
            viewer={0}
            game={view.game.game}
            dice={diceView(kit, view, turn, entry)}
            cube={kit.cubeOf(view.game, 0, controls.includes('double'))}
            selected={entry?.selected ?? null}
            sources={lit.sources}
            destinations={lit.destinations}
            lastMove={kit.lastMoveModel(rules, view.lastMove, 0)}
            animate={kit.animationsOn()}
            onPoint={(p) => entry && setEntry(e.tap(entry, p))}
            onDrag={(from, to) => entry && setEntry(e.drag(entry, from, to))}
            onCube={controls.includes('double') ? () => act({ type: 'double' }) : undefined}
            onDice={controls.includes('roll') ? () => act({ type: 'roll' }) : text !== null ? confirm : undefined}
          />
        )}
      </div>
      <div class="table-act">
        <kit.StatusText view={view} complete={text !== null} />
        <kit.ControlsBar
          controls={controls}
          entering={entry ? { canConfirm: text !== null, canUndo: e.canUndo(entry) } : null}
          resignChoices={view.allowed.resign}
          busy={game.pending}
          act={act}
          confirm={confirm}
          undo={undo}
        />
        {!ended && <kit.ErrorLine error={game.error} />}
        <kit.LastMoveLine view={view} />
        <kit.TableNews game={game} rules={rules} recorded={recorded} />
      </div>
      <aside class="table-side" data-testid="table-side">
        <kit.RecordPanel table={record} />
        <kit.HintPanel id={view.id} view={view} version={version} source={game.hint} />
        {props.side}
      </aside>
      {ended && (
        <kit.EndDialog
          view={view}
          result={ended}
          onClose={() => setEnded(null)}
          rematch={game.rematch}
          error={game.error}
        />
      )}
    </div>
  );
}
