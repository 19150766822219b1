import type { ChatAccess, ChatChannel } from '@zar/protocol';
import { seatOf } from '../store/game-seats.js';
import type { GameRow, GameStatusRow } from '../store/types.js';
import { chatAccess } from './channels.js';

/** What the chat needs of a match to send it: a Room fits, and so does its row. */
export interface ChatRoom {
  readonly id: string;
  readonly seats: GameRow['seats'];
  readonly status: GameStatusRow;
}

/**
 * A match one writes in: the room itself. Who may write is read from the very view the
 * writer is sent (Room.view, whose `chat` field channels.ts fills from what the room knows
 * of him), never worked out again beside it: a spectator whose account the room has not looked
 * up yet is shown `write: null` and is refused until his view says otherwise.
 */
export interface WritableChatRoom extends ChatRoom {
  view(userId: string | null): { readonly chat: ChatAccess };
}

/** The viewer may read `channel` of the match now (reading does not depend on having an account). */
export const mayRead = (room: ChatRoom, userId: string | null, channel: ChatChannel): boolean =>
  chatAccess(room.seats, room.status, { you: seatOf(room.seats, userId), account: false }).read.includes(channel);
