import type { Result } from '@zar/engine';
import type { ErrorCode, ReportReason } from '@zar/protocol';
import type { Connection, Handler } from '../http/connection.js';
import type { ChatService, ChatWords } from './chat-service.js';

/**
 * A match's chat as the socket reaches it, wherever the match's room is: game/handle.ts's
 * RoomHandle fits (the chat runs on the instance that owns the match, so its rate, its count
 * and its order are one per match), without the chat importing the game.
 */
export interface ChatHandle {
  write(userId: string | null, words: ChatWords): Promise<Result<void, ErrorCode>>;
  report(userId: string | null, messageId: string, reason: ReportReason): Promise<Result<void, ErrorCode>>;
}

/** The matches' chats: game/handle.ts's RoomHandles fits. */
export interface ChatHandles {
  get(game: string): ChatHandle | null | Promise<ChatHandle | null>;
}

/**
 * What the chat's messages need of the server. Generic in its handles so that the socket's
 * deps, which hold the game's own RoomHandles for every module, can extend it.
 */
export interface ChatSocketDeps<H extends ChatHandles = ChatHandles> {
  readonly handles: H;
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
  const r = await room.report(c.userId, m.message, m.reason);
  if (!r.ok) c.send({ t: 'error', code: r.error.code, message: r.error.message, game: m.game });
};

async function say(c: Connection, game: string, words: ChatWords, deps: ChatSocketDeps): Promise<void> {
  const room = await joinedRoom(c, game, deps);
  if (room === null) return;
  const r = await room.write(c.userId, words);
  if (!r.ok) c.send({ t: 'error', code: r.error.code, message: r.error.message, game });
}

/** The room of a game this socket watches now; otherwise the socket is told and the answer is null. */
async function joinedRoom(c: Connection, game: string, { handles }: Pick<ChatSocketDeps, 'handles'>) {
  const slot = c.subscriptions.get(game);
  if (slot !== undefined) await slot.joined;
  const room = c.subscriptions.get(game)?.unsubscribe ? await handles.get(game) : null;
  if (room === null) c.send({ t: 'error', code: 'ERR_NO_CHAT', message: 'join the game to use its chat', game });
  return room;
}
