import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '@zar/protocol';
import type { FastifyRequest } from 'fastify';

/** A client of another protocol version (the header is absent for curl and scripts, not for the page). */
export function otherVersion(request: FastifyRequest): string | null {
  const sent = request.headers[PROTOCOL_HEADER];
  if (sent === undefined || sent === String(PROTOCOL_VERSION)) return null;
  return String(sent);
}
