import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuse } from './refuse.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Listed origins, normalised as browsers send them (scheme://host[:port], no default port). */
export function parseOrigins(text: string | undefined): Set<string> {
  const origins = new Set<string>();
  for (const part of (text ?? '').split(',')) {
    const item = part.trim();
    if (item === '') continue;
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`ZAR_ORIGINS: ${item} is not an origin like https://zar.example`);
    }
    origins.add(url.origin);
  }
  return origins;
}

/**
 * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses, CIDR ranges
 * or proxy-addr's names (loopback, linklocal, uniquelocal), comma-separated. None by default,
 * so a client cannot claim https (and get Secure cookies, HSTS) or another address by a header.
 */
export function parseTrustedProxies(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * Cross-site request forgery and cross-site WebSocket hijacking: a state-changing request
 * (anything but GET/HEAD/OPTIONS) and every WebSocket upgrade must come from a page of this
 * server (Origin's host is the Host the browser asked for) or of a listed origin. Browsers
 * always send Origin on a WebSocket and on a cross-site POST, so a request without one comes
 * from a program (curl, the CLI), which holds its own cookie anyway: let it through, as lichess
 * does. 'null' (a sandboxed frame, a file://) is refused.
 */
export function originCheck(allowed: ReadonlySet<string>) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    const origin = request.headers.origin;
    if ((SAFE_METHODS.has(request.method) && !upgrade) || origin === undefined || sameSite(origin, request, allowed)) {
      done();
      return;
    }
    // Debug, as every refusal is (request-log.ts): any site can send these as often as it likes.
    request.log.debug({ origin, host: request.headers.host, url: request.url }, 'cross-origin request refused');
    void refuse(reply, 403, 'ERR_ORIGIN', `requests from ${origin} are not accepted here`);
  };
}

function sameSite(origin: string, request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === 'null') return false;
  if (allowed.has(url.origin)) return true;
  const host = request.headers.host?.toLowerCase();
  return host !== undefined && url.host === host && (url.protocol === 'http:' || url.protocol === 'https:');
}
