import { type MatchState, replay } from '@zar/match';
import type { MatchRecordView, SeatView } from '@zar/protocol';
import { foldRecord } from '../game/record-of.js';
import type { ImportRow } from '../store/types.js';

/**
 * An import as the replay reads it (protocol/src/record.ts): the same fold through appendEvent
 * as a game's record (game/record-of.ts), its players the file's names, each action stamped
 * with the time of the import (a file has no times). The match is over, or as far as the file
 * goes: the replay shows it as it stands.
 */
export function importRecordView(row: ImportRow): MatchRecordView {
  const replayed = replay(row.record);
  if (!replayed.ok) throw new Error(`import ${row.id} no longer replays: ${replayed.error.message}`);
  const states = replayed.value.states;
  const seat = (name: string): SeatView => ({ name, kind: 'human', taken: true });
  const players = [seat(row.record.players[0]), seat(row.record.players[1])] as const;
  const status = (states.at(-1) as MatchState).winner !== null ? 'over' : 'playing';
  const record = foldRecord(row.id, states, row.record.actions, players, status, () => row.createdAt);
  if (record === null) throw new Error(`import ${row.id}: its record cannot be folded`);
  return record;
}
