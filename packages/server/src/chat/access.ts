import type { ChatAccess, ChatChannel } from '@zar/protocol';
import { chatAccess } from '../chat-access.js';
import { seatOf } from '../seats.js';
import type { GameRow, GameStatusRow } from '../store/types.js';

/** What the chat needs of a match: a Room fits, and so does its row. */
export interface ChatRoom {
  readonly id: string;
  readonly seats: GameRow['seats'];
  readonly status: GameStatusRow;
}

/**
 * What `userId` may do with the match's chat: chat-access.ts's rule, the one the view shows
 * (no chat against a bot; the players' channel, and the spectators' once the match is over;
 * the spectators' channel, written only with an account).
 */
export const chatAccessOf = (room: ChatRoom, userId: string | null, account: boolean): ChatAccess =>
  chatAccess(room.seats, room.status, { you: seatOf(room.seats, userId), account });

/** The viewer may read `channel` of the match now (reading does not depend on having an account). */
export const mayRead = (room: ChatRoom, userId: string | null, channel: ChatChannel): boolean =>
  chatAccessOf(room, userId, false).read.includes(channel);
