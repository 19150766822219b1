import type { Handler } from './ws-connection.js';

/*
 * Issue 29: a player's seed for the fair dice (Room.seed) and a player forbidding or allowing
 * spectators (Room.allowSpectators). The answer is the room's state, sent to everyone watching;
 * a refusal goes to the sender alone, with a fresh state so that his page shows the truth.
 */

export const seed: Handler<'seed'> = async (c, m, { rooms }) => {
  const room = await rooms.get(m.game);
  if (room === null) return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game: m.game });
  const r = await room.seed(c.userId, m.seed);
  if (r.ok) return;
  c.send({ t: 'error', code: r.error.code, message: r.error.message, game: m.game });
  if (room.admits(c.userId)) c.sendFrame(room.stateFrame(c.userId));
};

export const spectators: Handler<'spectators'> = async (c, m, { rooms }) => {
  const room = await rooms.get(m.game);
  if (room === null) return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game: m.game });
  const r = await room.allowSpectators(c.userId, m.allow);
  if (r.ok) return;
  c.send({ t: 'error', code: r.error.code, message: r.error.message, game: m.game });
  if (room.admits(c.userId)) c.sendFrame(room.stateFrame(c.userId));
};
