import { randomBytes } from 'node:crypto';

/** Opaque random identifiers, base64url so they fit in paths and cookies untouched. */
export const randomId = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** 10 bytes: 14 characters, within the protocol's game id pattern. */
export const newGameId = (): string => randomId(10);
export const newUserId = (): string => randomId(12);
/** 32 bytes: unguessable, so the session row needs no further secret. */
export const newSessionId = (): string => randomId(32);
export const newInviteToken = (): string => randomId(18);

/** A small stable number from a string (FNV-1a), for seeding a bot from its game id. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
