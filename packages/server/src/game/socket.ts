import { CLOSE_RECONNECT_NOW } from '@zar/protocol';
import type { ChatService } from '../chat/chat-service.js';
import { type Connection, type Handler, MAX_SUBSCRIPTIONS, type Subscription } from '../http/connection.js';
import type { HandleResult, RoomHandle, RoomHandles } from './handle.js';
import type { Rooms } from './rooms.js';

/** What the game's messages need of the server. */
export interface GameSocketDeps {
  readonly rooms: Rooms;
  /** Each game's room, here or at the instance that owns it (handle.ts). */
  readonly handles: RoomHandles;
  /** A watcher joins the match's chat as he joins its game. */
  readonly chat: ChatService;
}

/**
 * Joins are atomic per connection: the slot is taken before the first await, so joins sent
 * all at once neither pass the cap nor subscribe twice (which doubled every event and leaked
 * the first subscription, keeping the room in memory for ever).
 */
export const join: Handler<'join', GameSocketDeps> = async (c, m, deps) => {
  const { handles } = deps;
  const taken = c.subscriptions.get(m.game);
  if (taken !== undefined) {
    await taken.joined;
    if (c.subscriptions.get(m.game) !== taken || taken.unsubscribe === null) return;
    const handle = await handles.get(m.game);
    const frame = handle === null ? null : await handle.stateFor(c.userId);
    if (frame !== null) c.sendFrame(frame);
    return;
  }
  if (c.subscriptions.size >= MAX_SUBSCRIPTIONS) {
    return c.send({ t: 'error', code: 'ERR_TOO_MANY', message: 'watching too many games at once', game: m.game });
  }
  let joined = () => {};
  const slot: Subscription = { unsubscribe: null, joined: new Promise<void>((resolve) => (joined = resolve)) };
  c.subscriptions.set(m.game, slot);
  try {
    const handle = await handles.get(m.game);
    // The socket closed meanwhile (and dropped its slots): subscribe nothing that nobody would end.
    if (c.subscriptions.get(m.game) !== slot) return;
    if (handle === null) {
      c.subscriptions.delete(m.game);
      return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game: m.game });
    }
    let end = () => {};
    // The game left the instance that held it, and no other took it over in time: the page reconnects at once and finds it.
    const moved = () => {
      if (c.subscriptions.get(m.game) === slot) c.subscriptions.delete(m.game);
      end();
      c.socket.close(CLOSE_RECONNECT_NOW, 'the game moved to another server');
    };
    const r = await handle.watch(
      {
        userId: c.userId,
        send: c.sendFrame,
        // Spectators forbidden meanwhile: the room drops this watcher, and he is told why.
        kick: () => {
          if (c.subscriptions.get(m.game) === slot) c.subscriptions.delete(m.game);
          end();
          c.send({
            t: 'error',
            code: 'ERR_NO_SPECTATORS',
            message: 'the players do not allow spectators',
            game: m.game,
          });
        },
        moved,
      },
      c,
      moved,
    );
    // A match whose players forbade spectators is not shown to anyone without a seat.
    if (!r.ok) {
      if (c.subscriptions.get(m.game) === slot) c.subscriptions.delete(m.game);
      return c.send({ t: 'error', code: r.error.code, message: r.error.message, game: m.game });
    }
    end = r.value;
    // The socket closed while another instance was asked: its watch there ends now.
    if (c.subscriptions.get(m.game) !== slot) return end();
    slot.unsubscribe = end;
  } catch (e) {
    if (c.subscriptions.get(m.game) === slot) c.subscriptions.delete(m.game);
    throw e;
  } finally {
    joined();
  }
};

/**
 * Runs a command of the sender's on the game's room, here or at its owner (a move, a claim, a
 * seed, spectators forbidden or allowed). A refusal goes to the sender alone, with a fresh state:
 * whatever went wrong, his page's picture is suspect (lila's reload). Not for someone the players
 * keep out: his refused command must not show him the table.
 */
export async function command(
  c: Connection,
  game: string,
  { handles }: Pick<GameSocketDeps, 'handles'>,
  run: (room: RoomHandle) => Promise<HandleResult<unknown>>,
): Promise<void> {
  const handle = await handles.get(game);
  if (handle === null) return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game });
  const r = await run(handle);
  if (r.ok) return;
  c.send({ t: 'error', code: r.error.code, message: r.error.message, game });
  const frame = await handle.stateFor(c.userId);
  if (frame !== null) c.sendFrame(frame);
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
export const rematch: Handler<'rematch', GameSocketDeps> = async (c, m, { handles }) => {
  const handle = await handles.get(m.game);
  if (handle === null) return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', game: m.game });
  const r = await handle.rematch(c.userId, m.offer, c.address);
  if (!r.ok) c.send({ t: 'error', code: r.error.code, message: r.error.message, game: m.game });
};
