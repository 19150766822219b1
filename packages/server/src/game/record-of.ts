import { type GameAction, type MatchState, matHolds, replay } from '@zar/match';
import { appendEvent, emptyRecord, gameStateView, type MatchRecordView, type RecordStepView } from '@zar/protocol';
import type { GameRow, StoredAction } from '../store/types.js';
import { seatView } from './seats.js';
import { eventAction } from './view-json.js';

/**
 * A match's record as the move list reads it (protocol/src/record.ts), rebuilt from the stored
 * actions: each action is folded in through appendEvent, the function a client uses on the
 * socket's events, with the view the event carried. What the events told nobody stays out:
 * the row's dice source (the seed of a seeded game) is never read here.
 *
 * Null when the stored actions do not replay (a broken invariant: the server stores only
 * actions its rules accepted).
 */
export function recordOf(row: GameRow, stored: readonly StoredAction[]): MatchRecordView | null {
  const actions = stored.map((s) => s.action);
  const replayed = replay({ version: 1, settings: row.record.settings, players: row.record.players, actions });
  if (!replayed.ok) return null;
  const states = replayed.value.states;
  const players = [seatView(row.seats[0]), seatView(row.seats[1])] as const;
  // The row is read apart from the actions: a match whose last action is here is over, whatever the row says.
  const last = states.at(-1) as MatchState;
  const status = last.winner !== null ? 'over' : row.status;
  return foldRecord(row.id, states, actions, players, status, (i) => (stored[i] as StoredAction).at);
}

/**
 * The record of a replayed match (`states`: the start, then the state after each action):
 * each action folded in through appendEvent with the view its event carried, `status` the
 * match's after the last one, stamped `at(i)`. Null when the fold cannot take an event.
 */
export function foldRecord(
  id: string,
  states: readonly MatchState[],
  actions: readonly GameAction[],
  players: RecordStepView['players'],
  status: MatchRecordView['status'],
  at: (i: number) => number,
): MatchRecordView | null {
  const first = states[0] as MatchState;
  let record: MatchRecordView | null = emptyRecord(
    id,
    first.settings,
    players,
    actions.length === 0 ? status : 'playing',
    gameStateView(first.game),
    matHolds(first.settings),
  );
  for (let i = 0; i < actions.length && record !== null; i++) {
    const before = states[i] as MatchState;
    const after = states[i + 1] as MatchState;
    const view: RecordStepView = {
      // Every event but the last went out while the match was being played.
      status: i === actions.length - 1 ? status : 'playing',
      players,
      score: after.score,
      winner: after.winner,
      gameNumber: after.gameNumber,
      game: gameStateView(after.game),
      // Read only when the action ended a game: the view of that game over.
      previous:
        after.gameNumber !== before.gameNumber && after.previous !== null ? gameStateView(after.previous) : null,
    };
    const action = eventAction(actions[i] as GameAction);
    record = appendEvent(record, { v: i + 1, action, view }, at(i));
  }
  return record;
}
