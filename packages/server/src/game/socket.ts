import type { ChatService } from '../chat/chat-service.js';
import { type Connection, type Handler, MAX_SUBSCRIPTIONS, type Subscription } from '../http/connection.js';
import type { Room } from './room.js';
import type { RoomResult } from './room-result.js';
import type { Rooms } from './rooms.js';

/** What the game's messages need of the server. */
export interface GameSocketDeps {
  readonly rooms: Rooms;
  /** A watcher joins the match's chat as he joins its game. */
  readonly chat: ChatService;
}

/**
 * Joins are atomic per connection: the slot is taken before the first await, so joins sent
 * all at once neither pass the cap nor subscribe twice (which doubled every event and leaked
 * the first subscription, keeping the room in memory for ever).
 */
export const join: Handler<'join', GameSocketDeps> = async (c, m, deps) => {
  const { rooms } = deps;
  const taken = c.subscriptions.get(m.game);
  if (taken !== undefined) {
    await taken.joined;
    if (c.subscriptions.get(m.game) !== taken || taken.unsubscribe === null) return;
    const room = await rooms.get(m.game);
    if (room !== null) c.sendFrame(room.stateFrame(c.userId));
    return;
  }
  if (c.subscriptions.size >= MAX_SUBSCRIPTIONS) {
    return c.send({ t: 'error', code: 'ERR_TOO_MANY', message: 'watching too many games at once', game: m.game });
  }
  let joined = () => {};
  const slot: Subscription = { unsubscribe: null, joined: new Promise<void>((resolve) => (joined = resolve)) };
  c.subscriptions.set(m.game, slot);
  try {
    const room = await rooms.get(m.game);
    // The socket closed meanwhile (and dropped its slots): subscribe nothing that nobody would end.
    if (c.subscriptions.get(m.game) !== slot) return;
    if (room === null) {
      c.subscriptions.delete(m.game);
      return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game: m.game });
    }
    // A match whose players forbade spectators is not shown to anyone without a seat.
    if (!room.admits(c.userId)) {
      c.subscriptions.delete(m.game);
      return c.send({
        t: 'error',
        code: 'ERR_NO_SPECTATORS',
        message: 'the players do not allow spectators',
        game: m.game,
      });
    }
    const stopChat = deps.chat.watch(room, c);
    const leave = room.subscribe({
      userId: c.userId,
      send: c.sendFrame,
      // Spectators forbidden meanwhile: the room drops this watcher, and he is told why.
      kick: () => {
        if (c.subscriptions.get(m.game) === slot) c.subscriptions.delete(m.game);
        leave();
        stopChat();
        c.send({ t: 'error', code: 'ERR_NO_SPECTATORS', message: 'the players do not allow spectators', game: m.game });
      },
    });
    slot.unsubscribe = () => {
      leave();
      stopChat();
    };
  } catch (e) {
    if (c.subscriptions.get(m.game) === slot) c.subscriptions.delete(m.game);
    throw e;
  } finally {
    joined();
  }
};

/**
 * Runs a command of the sender's on the game's room (a move, a claim, a seed, spectators
 * forbidden or allowed). A refusal goes to the sender alone, with a fresh state: whatever went
 * wrong, his page's picture is suspect (lila's reload). Not for someone the players keep out:
 * his refused command must not show him the table.
 */
export async function command(
  c: Connection,
  game: string,
  { rooms }: Pick<GameSocketDeps, 'rooms'>,
  run: (room: Room) => Promise<RoomResult<unknown>>,
): Promise<void> {
  const room = await rooms.get(game);
  if (room === null) return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game });
  const r = await run(room);
  if (r.ok) return;
  c.send({ t: 'error', code: r.error.code, message: r.error.message, game });
  if (room.admits(c.userId)) c.sendFrame(room.stateFrame(c.userId));
}

export const act: Handler<'act', GameSocketDeps> = (c, m, deps) =>
  command(c, m.game, deps, (room) => room.act(c.userId, m.action, m.v));

export const ping: Handler<'ping'> = async (c, m) => {
  c.send(m.id === undefined ? { t: 'pong' } : { t: 'pong', id: m.id });
};

/**
 * Claims the match of an absent opponent in an untimed match (Room.claim). The win
 * reaches everyone as the timeout's event; a refusal goes to the sender with a fresh state
 * (its claim countdown, or the move that made the claim stale: command).
 */
export const claim: Handler<'claim', GameSocketDeps> = (c, m, deps) =>
  command(c, m.game, deps, (room) => room.claim(c.userId, m.v));

/**
 * Offers, accepts, withdraws or declines a rematch (Room.rematch). The answer is the
 * room's state, sent to everyone watching it; a refusal is sent to the sender alone (the game
 * limits' too: the offer that starts a rematch counts as a new game of its sender's).
 */
export const rematch: Handler<'rematch', GameSocketDeps> = async (c, m, { rooms }) => {
  const room = await rooms.get(m.game);
  if (room === null) return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game: m.game });
  const r = await room.rematch(c.userId, m.offer, c.address);
  if (!r.ok) c.send({ t: 'error', code: r.error.code, message: r.error.message, game: m.game });
};
