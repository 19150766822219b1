import type { MatchRecordView } from '@zar/protocol';
import type { Cursor } from '../record/move-list.js';
import type { TableRecord } from '../record/table-record.js';
import type { OfflineKit } from './kit.js';

/**
 * The move list of an offline match, as the play page's (useTableRecord) but from the record
 * the worker keeps rather than the server's: picking a past line shows its position, picking
 * the live one (or going back) the game again.
 */
export function useOfflineRecord(kit: OfflineKit, moves: MatchRecordView | null, viewer: 0 | 1): TableRecord {
  const { useMemo, useState } = kit.hooks;
  const lines = kit.useLines(moves);
  const [past, setPast] = useState<Cursor | null>(null);
  const now = kit.liveCursor(lines);
  const pick = (at: Cursor) => setPast(now && at.game === now.game && at.line === now.line ? null : at);
  const game = past && moves ? moves.games[past.game] : undefined;
  const line = past && past.line >= 0 ? (lines[past.game]?.[past.line] ?? null) : null;
  const snapshot = useMemo(
    () => (game && past ? kit.snapshotOf(game, line, viewer) : null),
    [game, line, viewer, past?.line],
  );
  // The panel links a finished match to its replay page, which the server has only once the
  // match is uploaded: to the panel it is never over (the move list reads no status).
  const shown = useMemo(() => (moves?.status === 'over' ? { ...moves, status: 'playing' as const } : moves), [moves]);
  return { record: shown, error: null, lines, past, snapshot, pick, back: () => setPast(null) };
}
