import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The page's Content-Security-Policy. Scripts only from this server (the built client has no
 * inline script); no plugins, no <base>, forms post only here, and no site may frame Zar.
 * Styles allow 'unsafe-inline', as lichess's policy does: the board's SVG carries a <style>
 * element (board-ui's BOARD_CSS; without it Chromium reports style-src-elem, the e2e test
 * headers.e2e.test.ts saw it), and a style cannot run code. Preact's style props go through
 * the CSSOM, which the policy does not govern. connect-src 'self' covers the same-origin
 * WebSocket (CSP level 3).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A year; without includeSubDomains, which would bind every other site of the operator's domain. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

const ALWAYS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // frame-ancestors for the browsers that predate it.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Invite links carry their token in the path: other sites never see a path of ours.
  'referrer-policy': 'same-origin',
};

/**
 * Sets the security headers on every answer (an onRequest hook, so refusals and the static
 * files get them too). HSTS only when the request came over TLS: request.protocol is 'https'
 * for a TLS listener or, from a trusted proxy only, X-Forwarded-Proto: https. Sent over plain
 * http it would be ignored, and on localhost it would pin a developer's browser to https.
 */
export function securityHeaders(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.headers(ALWAYS);
  if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  done();
}
