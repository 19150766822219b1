import type { Handler } from '../http/connection.js';
import { command, type GameSocketDeps } from './socket.js';

/*
 * A player's seed for the fair dice (Room.seed) and a player forbidding or allowing
 * spectators (Room.allowSpectators). The answer is the room's state, sent to everyone watching;
 * a refusal goes to the sender alone, with a fresh state so that his page shows the truth
 * (socket.ts command).
 */

export const seed: Handler<'seed', GameSocketDeps> = (c, m, deps) =>
  command(c, m.game, deps, (room) => room.seed(c.userId, m.seed));

export const spectators: Handler<'spectators', GameSocketDeps> = (c, m, deps) =>
  command(c, m.game, deps, (room) => room.allowSpectators(c.userId, m.allow));
