import type { GameAction } from '@zar/match';
import type { GameRow } from '../store/types.js';
import type { Flagged } from './flag.js';
import type { RoomRefusal } from './room-result.js';

/** Fields of a game's row that a command changes beside the match (the match's own go with its actions). */
export type RowChange = Partial<
  Pick<GameRow, 'seats' | 'status' | 'open' | 'fair' | 'noSpectators' | 'rated' | 'unrated'>
>;

/**
 * What the room does after a command that changes what it keeps beside the match (a person
 * sitting down, a seed, a player's word on spectators), in this order, inside its queue:
 * store, send away, count again who is there, read the ratings, tell, then start what is due.
 * The deciders (join.ts startDecision, company/fair.ts decideSeed, company/spectators.ts
 * decideSpectators) return it; they store and send nothing themselves.
 */
export interface RoomDecision {
  /** Fields of the game's row to store before anyone is told; null when nothing changes. */
  readonly store: RowChange | null;
  /**
   * The game starts with this change (its second player sat down): its updatedAt moves, the
   * wait for the fair dice's seeds begins, the seats' ratings are read, and what is due without
   * a person (the opening roll) is scheduled.
   */
  readonly starts?: boolean;
  /** Spectators are not admitted now: those watching without a seat are sent away (company/spectators.ts strangers). */
  readonly sendAway: boolean;
  /** Whom the state is sent to again: everyone, or only the sender (nothing changed: a repeat). */
  readonly tell: 'all' | 'sender';
  /** Both seeds are in: the opening roll waiting for them goes now. */
  readonly opening: boolean;
}

/**
 * What a command or a timer brings to the match, decided at a time the room reads once
 * (player-check.ts decideAct and decideClaim, abandon.ts decideAbandon, the autopilot's
 * steps): the action to store, a refusal, or a flag fallen by then, stored as the timeout that
 * ends the match (abandoned when `abandonedBy` says so). A person's action is answered as it is,
 * without a result around it: this runs for every action.
 */
export type ActionDecision = GameAction | Flagged | RoomRefusal;
