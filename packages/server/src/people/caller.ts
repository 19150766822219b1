import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../store/types.js';
import type { Auth } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller, set for every /api request: null for a visitor who has not played yet (no
     * session) until a route makes him a guest (`playerOf`).
     */
    user: UserRow | null;
  }
}

/** Who looks (a seat's view, "you" in a summary); null: a visitor who has not played. */
export const viewerOf = (request: FastifyRequest): string | null => request.user?.id ?? null;

/**
 * The caller as a player: a visitor without a session becomes a guest here (a user and a
 * session row, and the cookie), once his request has passed every check, as he starts or
 * joins a game. Every other route serves him as nobody and stores nothing (auth.ts).
 */
export async function playerOf(auth: Auth, request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  request.user ??= await auth.ensure(request, reply);
  return request.user;
}
