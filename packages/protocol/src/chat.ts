import * as v from 'valibot';
import { IdSchema, list, PlayerSchema } from './values.js';

/*
 * Chat in a match between people, as lichess keeps it: the players' channel, and
 * the spectators' own channel that the players do not see while the match is played (they may
 * read it once it is over). Messages are stored with the match. No chat in games against bots.
 */

export const CHAT_CHANNELS = ['players', 'spectators'] as const;
export const ChatChannelSchema = v.picklist(CHAT_CHANNELS);
export type ChatChannel = v.InferOutput<typeof ChatChannelSchema>;

/** The longest message, in characters (lichess: 140). */
export const MAX_CHAT_LENGTH = 140;

/**
 * Canned phrases: sent as an id, shown in the reader's language. The web catalogue has a text
 * for each in every language (a test checks it).
 */
export const CHAT_PHRASES = [
  'hello',
  'good-luck',
  'have-fun',
  'nice-roll',
  'nice-play',
  'well-played',
  'thanks',
  'sorry',
  'oops',
  'good-game',
  'bye',
] as const;
export const ChatPhraseSchema = v.picklist(CHAT_PHRASES);
export type ChatPhrase = v.InferOutput<typeof ChatPhraseSchema>;

/** What a client may write: trimmed by the server, 1 to MAX_CHAT_LENGTH characters, no links. */
export const ChatTextSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_CHAT_LENGTH));

export const ChatMessageSchema = v.strictObject({
  id: IdSchema,
  /** When the server stored it (ms since the epoch). */
  at: v.number(),
  channel: ChatChannelSchema,
  /** The writer's name as the table shows it. */
  from: v.string(),
  /** The writer's seat; null for a spectator. */
  seat: v.nullable(PlayerSchema),
  /** Exactly one of text and phrase is set. */
  text: v.nullable(v.string()),
  phrase: v.nullable(ChatPhraseSchema),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

/** What the viewer may do with the match's chat now (the server decides; the page shows it). */
export const ChatAccessSchema = v.strictObject({
  /** The channel the viewer writes in; null when he may not write (a game against a bot, a guest spectator). */
  write: v.nullable(ChatChannelSchema),
  /** The channels the viewer is sent (and may read), in the order a page shows them. */
  read: list(ChatChannelSchema),
});
export type ChatAccess = v.InferOutput<typeof ChatAccessSchema>;

export const REPORT_REASONS = ['insult', 'spam', 'cheating', 'other'] as const;
export const ReportReasonSchema = v.picklist(REPORT_REASONS);
export type ReportReason = v.InferOutput<typeof ReportReasonSchema>;
