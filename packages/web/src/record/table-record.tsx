import type { MatchRecordView } from '@zar/protocol';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useI18n } from '../i18n/index.js';
import type { Opening } from '../table/notice.js';
import { ErrorLine } from '../ui.js';
import { modalOpen } from '../use-modal.js';
import { type Cursor, MoveList } from './move-list.js';
import { type Snapshot, snapshotOf } from './snapshot.js';
import { type Line, linesOf } from './turns.js';
import { type LiveGame, type RecordState, useRecord } from './use-record.js';

/** Each game's lines, made again only when the record changes. */
export function useLines(record: MatchRecordView | null): readonly (readonly Line[])[] {
  return useMemo(() => (record ? record.games.map((g) => linesOf(g.start, g.entries)) : []), [record]);
}

/** The last line of the match: the turn being played now. */
export function liveCursor(lines: readonly (readonly Line[])[]): Cursor | null {
  const game = lines.length - 1;
  return game < 0 ? null : { game, line: (lines[game]?.length ?? 0) - 1 };
}

/**
 * The opening roll of game `number` as the record holds it (who starts is the server's word),
 * for a page that did not see the roll itself: opened or reloaded after it. Null before the
 * dice differ, or while the record has not come.
 */
export function recordedOpening(
  record: MatchRecordView | null,
  lines: readonly (readonly Line[])[],
  number: number,
): Opening | null {
  const game = record?.games.findIndex((g) => g.number === number) ?? -1;
  const line = lines[game]?.filter((l) => l.kind === 'opening' && l.starter !== null).at(-1);
  if (line?.kind !== 'opening' || line.starter === null) return null;
  return { white: line.dice[0], black: line.dice[1], starter: line.starter };
}

/** The play page's record: the move list, and the past position the player chose to look at. */
export interface TableRecord extends RecordState {
  readonly lines: readonly (readonly Line[])[];
  /** The past line shown on the board; null while the live game is. */
  readonly past: Cursor | null;
  /** The board of that past line. */
  readonly snapshot: Snapshot | null;
  readonly pick: (at: Cursor) => void;
  readonly back: () => void;
}

/**
 * Follows the live game's record for the move list. Picking a line other than the live one
 * shows its position; picking the live one, or going back, shows the game again.
 */
export function useTableRecord(id: string, live: LiveGame, viewer: 0 | 1): TableRecord {
  const state = useRecord(id, live);
  const lines = useLines(state.record);
  const [past, setPast] = useState<Cursor | null>(null);
  const now = liveCursor(lines);
  const pick = (at: Cursor) => setPast(now && at.game === now.game && at.line === now.line ? null : at);
  const game = past && state.record ? state.record.games[past.game] : undefined;
  const line = past && past.line >= 0 ? (lines[past.game]?.[past.line] ?? null) : null;
  const snapshot = useMemo(
    () => (game && past ? snapshotOf(game, line, viewer) : null),
    [game, line, viewer, past?.line],
  );
  // Escape goes back to the live game (a dialog open over the page keeps its own Escape).
  useEffect(() => {
    if (!past) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || modalOpen()) return;
      setPast(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [past !== null]);
  return { ...state, lines, past, snapshot, pick, back: () => setPast(null) };
}

/** The move list beside the live board, with the way back while a past position is shown. */
export function RecordPanel({ table }: { table: TableRecord }) {
  const { t } = useI18n();
  const { record, past } = table;
  const panel = useRef<HTMLDivElement>(null);
  // The Back button goes away with the past position: its focus moves to the live line, not the page's start.
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (!leaving || past) return;
    setLeaving(false);
    panel.current?.querySelector<HTMLElement>('[aria-current="step"]')?.focus({ preventScroll: true });
  }, [leaving, past]);
  return (
    <div class="record-panel" data-testid="record-panel" ref={panel}>
      {past && (
        <div class="past-note">
          <p role="status">{t.record.pastShown}</p>
          <button
            type="button"
            class="primary"
            data-testid="back-to-live"
            onClick={() => {
              setLeaving(true);
              table.back();
            }}
          >
            {t.record.backToLive}
          </button>
        </div>
      )}
      {record && (
        <MoveList record={record} lines={table.lines} at={past ?? liveCursor(table.lines)} onPick={table.pick} />
      )}
      {record?.status === 'over' && (
        <p>
          <a href={`/replay/${record.id}`} data-testid="open-replay">
            {t.record.replay.title}
          </a>
        </p>
      )}
      <ErrorLine error={table.error} />
    </div>
  );
}
