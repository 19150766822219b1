import { type Clock, replay } from '@zar/match';
import type { Log } from '../common/log.js';
import { diceOfRow } from '../dice/dice.js';
import type { GameRow, GamesStore, StoredAction } from '../store/types.js';
import { loadRoomClock } from './clock.js';
import { Room, type RoomDeps } from './room.js';

/** A stored game rebuilt, not yet started: its room and its clock (null: untimed). */
export interface BuiltRoom {
  readonly room: Room;
  readonly clock: Clock | null;
}

/**
 * A game's room as its record leaves it: the actions replayed through the rules, the clock
 * read back with the downtimes it skips, and the room at the version stored, writing with
 * `epoch` beside other instances. Null when the record does not replay: a bug or a tampered
 * database, said so in the log, and nothing wrong served.
 */
export async function buildRoom(
  store: Pick<GamesStore, 'pausesSince'>,
  log: Log,
  deps: RoomDeps,
  row: GameRow,
  stored: readonly StoredAction[],
  epoch: number | undefined,
): Promise<BuiltRoom | null> {
  const actions = stored.map((s) => s.action);
  const rebuilt = replay({ ...row.record, actions });
  if (!rebuilt.ok) {
    log.error({ game: row.id, error: rebuilt.error }, 'stored game does not replay');
    return null;
  }
  const state = rebuilt.value.states.at(-1);
  if (state === undefined) throw new Error('replay returned no state');
  const times = stored.map((s) => s.at);
  const clock = await loadRoomClock(store, row, rebuilt.value.states, times, deps.correspondenceDayMs);
  return { room: new Room(row, state, actions, diceOfRow(row, actions), deps, clock, epoch), clock };
}
