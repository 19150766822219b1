import { type MatchState, replay } from '@zar/match';
import { foldRecord, type MatchRecordView } from '@zar/protocol';
import type { GameRow, StoredAction } from '../store/types.js';
import { seatView } from './seats.js';

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
  const record = foldRecord(row.id, states, actions, players, status, (i) => (stored[i] as StoredAction).at);
  // A match played offline says so wherever its record is shown: its dice are not provable.
  return record !== null && row.record.dice?.source === 'offline' ? { ...record, offline: true } : record;
}

/** Written in the contract's package, which the browser's offline play shares. */
export { foldRecord } from '@zar/protocol';
