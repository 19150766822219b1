import { type GameAction, type MatchState, matHolds, replay } from '@zar/match';
import { appendEvent, emptyRecord, gameStateView, type MatchRecordView, type SeatView } from '@zar/protocol';
import { eventAction } from '../game/view-json.js';
import type { ImportRow } from '../store/types.js';

/**
 * An import as the replay reads it (protocol/src/record.ts): the same fold through appendEvent
 * as a game's record (game/record-of.ts), its players the file's names, each action stamped
 * with the time of the import (a file has no times). The match is over, or as far as the file
 * goes: the replay shows it as it stands.
 */
export function importRecordView(row: ImportRow): MatchRecordView {
  const { actions } = row.record;
  const replayed = replay(row.record);
  if (!replayed.ok) throw new Error(`import ${row.id} no longer replays: ${replayed.error.message}`);
  const states = replayed.value.states;
  const seat = (name: string): SeatView => ({ name, kind: 'human', taken: true });
  const players = [seat(row.record.players[0]), seat(row.record.players[1])] as const;
  const first = states[0] as MatchState;
  const status = (states.at(-1) as MatchState).winner !== null ? 'over' : 'playing';
  const start = gameStateView(first.game);
  let record: MatchRecordView | null = emptyRecord(
    row.id,
    first.settings,
    players,
    status,
    start,
    matHolds(first.settings),
  );
  for (let i = 0; i < actions.length && record !== null; i++) {
    const before = states[i] as MatchState;
    const after = states[i + 1] as MatchState;
    const ended = after.gameNumber !== before.gameNumber && after.previous !== null;
    record = appendEvent(
      record,
      {
        v: i + 1,
        action: eventAction(actions[i] as GameAction),
        view: {
          status: i === actions.length - 1 ? status : 'playing',
          players,
          score: after.score,
          winner: after.winner,
          gameNumber: after.gameNumber,
          game: gameStateView(after.game),
          previous: ended && after.previous !== null ? gameStateView(after.previous) : null,
        },
      },
      row.createdAt,
    );
  }
  if (record === null) throw new Error(`import ${row.id}: its record cannot be folded`);
  return record;
}
