import { CHAT_CHANNELS } from '@zar/protocol';

/*
 * How much one match's chat holds and how fast one may write in it. The length of
 * a message is the protocol's MAX_CHAT_LENGTH (140, as lichess).
 */

/** Messages sent to a watcher when he joins: the last of the channels he reads (lichess keeps a similar tail). */
export const CHAT_BACKLOG = 200;

/**
 * Messages each channel of a match stores at most; past it, a message in that channel is
 * refused with ERR_CHAT_RATE. A long match between chatty friends writes a few dozen lines;
 * 500 is far above that and bounds what a flood of accounts can make the store keep. Each
 * channel has its own: spectators, however many and however chatty, can never use up the
 * players' channel and silence the players.
 */
export const CHAT_PER_CHANNEL = 500;

/** Messages a match stores at most, both channels together: what the service reads of it. */
export const CHAT_PER_MATCH = CHAT_CHANNELS.length * CHAT_PER_CHANNEL;

/**
 * One writer's rate in one match: a burst of CHAT_BURST messages, then one every
 * 60 000 / CHAT_PER_MINUTE ms (one per 2 s). A person greets with two or three quick lines
 * ("hi", "gl", "hf") and then talks slower than one line in two seconds, which a flood of
 * paste cannot stay under: at most 30 lines a minute reach the other side, so the board is
 * never buried. Too fast: ERR_CHAT_RATE, with the wait in the message.
 */
export const CHAT_BURST = 4;
export const CHAT_PER_MINUTE = 30;
