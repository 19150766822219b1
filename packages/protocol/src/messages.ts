import * as v from 'valibot';
import { ClientActionSchema, EventActionSchema } from './actions.js';
import { ChatMessageSchema, ChatPhraseSchema, ChatTextSchema, ReportReasonSchema } from './chat.js';
import { type Decoded, decode } from './decode.js';
import { ErrorCodeSchema } from './errors.js';
import { ClientSeedSchema } from './fair.js';
import { LobbySchema, SeekKindSchema } from './pairing.js';
import { TournamentViewSchema } from './tournament.js';
import { IdSchema, list, VersionSchema } from './values.js';
import { GameViewSchema } from './view-schema.js';
import { LiveGamesSchema } from './watch.js';

/**
 * The socket's messages. Every message is one JSON object with a type tag `t`. Clients act on a
 * game at the version they saw (`v`, the number of actions applied so far); an action on a
 * stale version is refused with ERR_STALE and followed by a fresh `state`. Both directions are
 * strict: a field a message does not name is refused (ERR_MESSAGE from the server), not dropped.
 */
export const ClientMessageSchema = v.variant('t', [
  /** Subscribe to a game; the server answers with its state. */
  v.strictObject({ t: v.literal('join'), game: IdSchema }),
  v.strictObject({ t: v.literal('act'), game: IdSchema, v: VersionSchema, action: ClientActionSchema }),
  v.strictObject({ t: v.literal('ping'), id: v.optional(v.pipe(v.number(), v.integer())) }),
  /**
   * Claim the match of the opponent who must act in an untimed match and has not for the
   * server's inactivity limit (view.claim says when): he loses it as on time.
   */
  v.strictObject({ t: v.literal('claim'), game: IdSchema, v: VersionSchema }),
  /** Offer (or accept) a rematch of a finished match: true; withdraw or decline: false. */
  v.strictObject({ t: v.literal('rematch'), game: IdSchema, offer: v.boolean() }),
  /** Watch the lobby (open games, the pool's counts, one's own requests): true; stop: false. */
  v.strictObject({ t: v.literal('lobby'), watch: v.boolean() }),
  /** Ask to be paired for a kind of match; the socket then watches the lobby. */
  v.strictObject({ t: v.literal('seek'), kind: SeekKindSchema }),
  /** Cancel one of one's requests. */
  v.strictObject({ t: v.literal('unseek'), id: IdSchema }),
  /**
   * A seated player's random seed for the match's dice, sent once he has seen the
   * commitment (view.fair) and before the first roll: refused once given (ERR_SEED_SET) or once
   * the dice have begun (ERR_SEED_LATE).
   */
  v.strictObject({ t: v.literal('seed'), game: IdSchema, seed: ClientSeedSchema }),
  /** Write in the match's chat, in the channel view.chat.write names: free text, or a canned phrase. */
  v.strictObject({ t: v.literal('chat'), game: IdSchema, text: ChatTextSchema }),
  v.strictObject({ t: v.literal('phrase'), game: IdSchema, phrase: ChatPhraseSchema }),
  /** Report a chat message to the moderators (once per message and reporter). */
  v.strictObject({ t: v.literal('report'), game: IdSchema, message: IdSchema, reason: ReportReasonSchema }),
  /** A player of a casual match forbids (false) or allows again (true) spectators. */
  v.strictObject({ t: v.literal('spectators'), game: IdSchema, allow: v.boolean() }),
  /** Watch the live list of games being played (watch.ts): true; stop: false. */
  v.strictObject({ t: v.literal('live'), watch: v.boolean() }),
  /** Watch a tournament (its view whenever it changes): true; stop: false. */
  v.strictObject({ t: v.literal('tournament'), id: IdSchema, watch: v.boolean() }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;

export const ServerMessageSchema = v.variant('t', [
  /** The whole game as the receiver may see it: on join and after a refused action. */
  v.strictObject({ t: v.literal('state'), game: IdSchema, v: VersionSchema, view: GameViewSchema }),
  /** One action applied (by anyone, bots included), with the view after it. */
  v.strictObject({
    t: v.literal('event'),
    game: IdSchema,
    v: VersionSchema,
    action: EventActionSchema,
    view: GameViewSchema,
  }),
  v.strictObject({ t: v.literal('error'), code: ErrorCodeSchema, message: v.string(), game: v.optional(IdSchema) }),
  v.strictObject({ t: v.literal('pong'), id: v.optional(v.pipe(v.number(), v.integer())) }),
  /** The lobby, whole (pairing.ts): on `lobby` or `seek`, then whenever it changes. */
  v.strictObject({ t: v.literal('lobby'), lobby: LobbySchema }),
  /** The request `seek` was paired: the receiver plays in `game` (both players are sent this). */
  v.strictObject({ t: v.literal('paired'), game: IdSchema, seek: IdSchema }),
  /**
   * A match's chat: on `join`, every stored message of the channels the receiver may read
   * (`whole`: true, replacing what he held); then each new message as it is written (`whole`:
   * false). A spectator channel's backlog reaches the players when the match ends.
   */
  v.strictObject({ t: v.literal('chat'), game: IdSchema, whole: v.boolean(), messages: list(ChatMessageSchema) }),
  /** The live list, whole: on `live`, then whenever it changes (at most once a second). */
  v.strictObject({ t: v.literal('live'), live: LiveGamesSchema }),
  /** A watched tournament, whole: on `tournament`, then whenever it changes. */
  v.strictObject({ t: v.literal('tournament'), tournament: TournamentViewSchema }),
  /** The receiver's match of a tournament round has started: he plays in `game` (sent to each of his sockets). */
  v.strictObject({ t: v.literal('round'), tournament: IdSchema, game: IdSchema }),
]);
export type ServerMessage = v.InferOutput<typeof ServerMessageSchema>;

export type ProtocolErrorCode = 'ERR_JSON' | 'ERR_MESSAGE' | 'ERR_TOO_LARGE';

/** Largest frame a client may send, in characters. */
export const MAX_FRAME = 4096;

/** Parses one frame from a client; hostile input gets an error value, never an exception. */
export function parseClientMessage(
  frame: string,
): { ok: true; value: ClientMessage } | { ok: false; error: { code: ProtocolErrorCode; message: string } } {
  if (frame.length > MAX_FRAME) return { ok: false, error: { code: 'ERR_TOO_LARGE', message: 'message too large' } };
  const json = parseJson(frame);
  if (!json.ok) return { ok: false, error: { code: 'ERR_JSON', message: 'a message is one JSON object' } };
  const r = decode(ClientMessageSchema, json.value);
  return r.ok ? r : { ok: false, error: { code: 'ERR_MESSAGE', message: r.message } };
}

/** Parses one frame from the server: anything the contract does not describe is refused. */
export function parseServerMessage(frame: string): Decoded<ServerMessage> {
  const json = parseJson(frame);
  return json.ok ? decode(ServerMessageSchema, json.value) : json;
}

function parseJson(text: string): Decoded<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: 'not JSON' };
  }
}
