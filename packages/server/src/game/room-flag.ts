import type { GameAction, Player } from '@zar/match';
import type { LiveRoom, RoomLive } from './room-live.js';
import { fail, RETRY, type RetryPolicy, type RoomResult, retryWaitMs } from './room-result.js';

/** The room as its flag fall sees it: its clock, its queue, its commit (the room stays the one authority). */
export interface FlagRoom {
  readonly live: RoomLive;
  readonly retry?: RetryPolicy;
  /** Read when used (the room's values change as its queue runs). */
  liveRoom(): LiveRoom;
  version(): number;
  closed(): boolean;
  broken(): boolean;
  now(): number;
  serial(task: () => Promise<RoomResult<number>>): Promise<RoomResult<number>>;
  commit(action: GameAction, at: number, abandonedBy?: Player): Promise<RoomResult<number>>;
}

/**
 * The actor's flag has fallen by now: he loses the match on time, through the queue like any
 * action (stored before anyone hears of it). Null when no flag has fallen.
 */
async function timeOutIfFallen(room: FlagRoom): Promise<RoomResult<number> | null> {
  const at = room.now();
  const flagged = room.live.fallen(room.liveRoom(), at);
  if (flagged === null) return null;
  return room.commit({ type: 'timeout', player: flagged.player }, at, flagged.abandonedBy);
}

/** An action that came after the flag fell: the match ends on time first, and the action is refused. */
export async function lateFlag(room: FlagRoom): Promise<RoomResult<never> | null> {
  const r = await timeOutIfFallen(room);
  return r?.ok ? fail('ERR_MATCH_OVER', 'time ran out before this action arrived: the match is over') : r;
}

/** The flag timer fired: time out the actor (a store that is away is asked again, as in RETRY). */
export function flagFell(room: FlagRoom): void {
  void room
    .serial(async () => {
      const r = await timeOutIfFallen(room);
      // Fired before the fall on this room's clock (an injected one): wait again.
      if (r === null) room.live.arm();
      return r ?? { ok: true, value: room.version() };
    })
    .then((r) => {
      const { live } = room;
      if (r.ok) live.refusals = 0;
      else if (r.error.code === 'ERR_STORE_UNAVAILABLE' && !room.closed() && !room.broken()) {
        live.flag.at(retryWaitMs(room.retry ?? RETRY, live.refusals++));
      }
    });
}
