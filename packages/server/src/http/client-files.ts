import { relative, sep } from 'node:path';
import type { FastifyReply } from 'fastify';

/** A year: a hashed name never changes its content, so the browser need not ask again. */
const HASHED = 'public, max-age=31536000, immutable';

/** The service worker and the script it imports (the turn notifications' clicks), under their fixed names. */
const WORKER_FILES = new Set(['sw.js', 'sw-notices.js']);

/**
 * The cache headers of the built client's files (@fastify/static's setHeaders; every other
 * file keeps its revalidate-each-time default). The service worker (with the script it
 * imports) and the manifest are revalidated on every fetch: a browser holding an old sw.js
 * would keep the old app past a release. The manifest gets its registered type, which send's
 * table may not know.
 */
export function clientFileHeaders(root: string): (reply: FastifyReply, path: string) => void {
  return (reply, path) => {
    const file = relative(root, path).split(sep).join('/');
    if (WORKER_FILES.has(file)) reply.header('cache-control', 'no-cache');
    else if (file === 'manifest.webmanifest') {
      reply.header('cache-control', 'no-cache');
      reply.header('content-type', 'application/manifest+json');
    } else if (file.startsWith('assets/')) reply.header('cache-control', HASHED);
  };
}
