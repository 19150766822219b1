import type { Connection, Handler } from '../http/connection.js';
import type { WritableChatRoom } from './access.js';
import type { ChatService, ChatWords } from './chat-service.js';

/** The live rooms as the chat reads them: game/rooms.ts's Rooms fits, without the chat importing the game. */
export interface ChatRooms {
  get(game: string): Promise<WritableChatRoom | null>;
}

/**
 * What the chat's messages need of the server. Generic in its rooms so that the socket's deps,
 * which hold the game's own Rooms for every module, can extend it.
 */
export interface ChatSocketDeps<R extends ChatRooms = ChatRooms> {
  readonly rooms: R;
  readonly chat: ChatService;
}

/*
 * The chat's messages on the socket. One writes and reports only in a match this
 * socket has joined: the join is where spectators the players forbade are turned away, and a
 * watcher the room drops since then has no slot left.
 */

export const chat: Handler<'chat', ChatSocketDeps> = (c, m, deps) => say(c, m.game, { text: m.text }, deps);

export const phrase: Handler<'phrase', ChatSocketDeps> = (c, m, deps) => say(c, m.game, { phrase: m.phrase }, deps);

export const report: Handler<'report', ChatSocketDeps> = async (c, m, deps) => {
  const room = await joinedRoom(c, m.game, deps);
  if (room === null) return;
  const r = await deps.chat.report(room, c.userId, m.message, m.reason);
  if (!r.ok) c.send({ t: 'error', code: r.error.code, message: r.error.message, game: m.game });
};

async function say(c: Connection, game: string, words: ChatWords, deps: ChatSocketDeps): Promise<void> {
  const room = await joinedRoom(c, game, deps);
  if (room === null) return;
  const r = await deps.chat.write(room, c.userId, words);
  if (!r.ok) c.send({ t: 'error', code: r.error.code, message: r.error.message, game });
}

/** The room of a game this socket watches now; otherwise the socket is told and the answer is null. */
async function joinedRoom(c: Connection, game: string, { rooms }: Pick<ChatSocketDeps, 'rooms'>) {
  const slot = c.subscriptions.get(game);
  if (slot !== undefined) await slot.joined;
  const room = c.subscriptions.get(game)?.unsubscribe ? await rooms.get(game) : null;
  if (room === null) c.send({ t: 'error', code: 'ERR_NO_CHAT', message: 'join the game to use its chat', game });
  return room;
}
