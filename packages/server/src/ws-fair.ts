import type { Room } from './room.js';
import type { RoomResult } from './room-result.js';
import type { Connection, Handler, SocketDeps } from './ws-connection.js';

/*
 * Issue 29: a player's seed for the fair dice (Room.seed) and a player forbidding or allowing
 * spectators (Room.allowSpectators). The answer is the room's state, sent to everyone watching;
 * a refusal goes to the sender alone, with a fresh state so that his page shows the truth.
 */

export const seed: Handler<'seed'> = (c, m, deps) => command(c, m.game, deps, (room) => room.seed(c.userId, m.seed));

export const spectators: Handler<'spectators'> = (c, m, deps) =>
  command(c, m.game, deps, (room) => room.allowSpectators(c.userId, m.allow));

/** Runs `run` on the game's room; a refusal is sent to the sender, and a fresh state if he may watch the game. */
async function command(
  c: Connection,
  game: string,
  { rooms }: SocketDeps,
  run: (room: Room) => Promise<RoomResult<void>>,
): Promise<void> {
  const room = await rooms.get(game);
  if (room === null) return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game });
  const r = await run(room);
  if (r.ok) return;
  c.send({ t: 'error', code: r.error.code, message: r.error.message, game });
  if (room.admits(c.userId)) c.sendFrame(room.stateFrame(c.userId));
}
