import type { Player } from '@zar/match';
import type { ChatAccess } from '@zar/protocol';
import type { GameRow } from '../store/types.js';

/*
 * Who may write and read which channel of a match's chat, as lichess keeps it: the
 * players talk in their channel; spectators have their own, which the players read only once
 * the match is over (so the spectators' comments cannot help a player during play); a guest
 * spectator only reads; a game against a bot has no chat at all. The view shows it
 * (view.chat), and the chat service enforces the writer's own view's field (chat/access.ts
 * WritableChatRoom), so the two cannot disagree: a spectator the room has not yet found to have
 * an account is shown no channel to write in, and is refused one.
 */

export interface ChatViewer {
  /** The viewer's seat; null for a spectator. */
  readonly you: Player | null;
  /** A spectator with an account (not a guest). Not read for a player. */
  readonly account: boolean;
}

const NONE: ChatAccess = { write: null, read: [] };
const PLAYING: ChatAccess = { write: 'players', read: ['players'] };
const PLAYED: ChatAccess = { write: 'players', read: ['players', 'spectators'] };
const SPECTATOR: ChatAccess = { write: 'spectators', read: ['spectators'] };
const GUEST: ChatAccess = { write: null, read: ['spectators'] };

/** A seat is a bot's: the match has no chat. */
export const againstBot = (seats: GameRow['seats']): boolean => seats[0].kind === 'bot' || seats[1].kind === 'bot';

/** What `viewer` may do with the chat of a match between `seats` in `status`. */
export function chatAccess(seats: GameRow['seats'], status: GameRow['status'], viewer: ChatViewer): ChatAccess {
  if (againstBot(seats)) return NONE;
  if (viewer.you !== null) return status === 'over' ? PLAYED : PLAYING;
  return viewer.account ? SPECTATOR : GUEST;
}
