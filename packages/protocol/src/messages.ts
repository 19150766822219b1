import type { GameAction } from '@zar/match';
import * as v from 'valibot';
import type { GameView } from './view.js';

/**
 * The wire contract. Every message is one JSON object with a type tag `t`. Clients act on a
 * game at the version they saw (`v`, the number of actions applied so far); an action on a
 * stale version is refused with ERR_STALE and followed by a fresh `state`.
 */
export const PROTOCOL_VERSION = 1;

const gameId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{6,32}$/, 'a game id is 6-32 letters, digits, - or _'));
const version = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));

/** What a player may ask for; the seat comes from the session, never from the message. */
export const ClientActionSchema = v.variant('type', [
  v.object({ type: v.literal('roll') }),
  v.object({ type: v.literal('play'), play: v.pipe(v.string(), v.maxLength(80)) }),
  v.object({ type: v.literal('double') }),
  v.object({ type: v.literal('take') }),
  v.object({ type: v.literal('drop') }),
  v.object({ type: v.literal('beaver') }),
  v.object({ type: v.literal('raccoon') }),
  v.object({ type: v.literal('resign'), level: v.picklist([1, 2, 3]) }),
  v.object({ type: v.literal('accept') }),
  v.object({ type: v.literal('decline') }),
]);
export type ClientAction = v.InferOutput<typeof ClientActionSchema>;

export const ClientMessageSchema = v.variant('t', [
  /** Subscribe to a game; the server answers with its state. */
  v.object({ t: v.literal('join'), game: gameId }),
  v.object({ t: v.literal('act'), game: gameId, v: version, action: ClientActionSchema }),
  v.object({ t: v.literal('ping'), id: v.optional(v.pipe(v.number(), v.integer())) }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;

export type ServerMessage =
  /** The whole game as the receiver may see it: on join and after a refused action. */
  | { readonly t: 'state'; readonly game: string; readonly v: number; readonly view: GameView }
  /** One action applied (by anyone, bots included), with the view after it. */
  | {
      readonly t: 'event';
      readonly game: string;
      readonly v: number;
      readonly action: GameAction;
      readonly view: GameView;
    }
  | { readonly t: 'error'; readonly code: string; readonly message: string; readonly game?: string }
  | { readonly t: 'pong'; readonly id?: number };

export type ProtocolErrorCode = 'ERR_JSON' | 'ERR_MESSAGE' | 'ERR_TOO_LARGE';

/** Largest frame a client may send, in characters. */
export const MAX_FRAME = 4096;

/** Parses one frame from a client; hostile input gets an error value, never an exception. */
export function parseClientMessage(
  frame: string,
): { ok: true; value: ClientMessage } | { ok: false; error: { code: ProtocolErrorCode; message: string } } {
  if (frame.length > MAX_FRAME) return { ok: false, error: { code: 'ERR_TOO_LARGE', message: 'message too large' } };
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return { ok: false, error: { code: 'ERR_JSON', message: 'a message is one JSON object' } };
  }
  const r = v.safeParse(ClientMessageSchema, json);
  if (!r.success) {
    const issue = r.issues[0];
    const path = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return {
      ok: false,
      error: { code: 'ERR_MESSAGE', message: `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}` },
    };
  }
  return { ok: true, value: r.output };
}
