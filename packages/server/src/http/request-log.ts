import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { WebSocket } from 'ws';
import { refuse } from './refuse.js';

/*
 * What the server writes about the requests and frames it is sent. Anyone can send them, as
 * fast as he likes: a line per request at info wrote 17 MB a minute under a flood of refused
 * requests, and a malformed frame logged at error set off the operators' alerts for anyone who
 * wanted to. So every request and every refusal is a debug line (LOG_LEVEL=debug shows them),
 * and error is kept for the server's own faults (docs/operations.md, "What to watch").
 */

/**
 * Fastify's own lines about requests, at debug: one per answered request (in place of its
 * "incoming request" and "request completed" at info), a route not found, a 4xx its default
 * error handler answers, a client gone before the answer was sent. A 5xx is logged where it
 * happened too, at warn (the store away) or error (a fault: app.ts's error handler).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ...(error ? { err: error } : {}),
      },
      'request answered',
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'no such route');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error, status: reply.statusCode }, 'request refused');
  }

  override streamError(error: Error, request: FastifyRequest): void {
    request.log.debug({ err: error }, 'the answer could not be sent in full');
  }
}

/**
 * Error codes of a socket error that the other end caused: a frame the ws library refuses (too
 * big, invalid UTF-8, a bad opcode or mask: WS_ERR_…), or a connection it reset or dropped
 * (a system error such as ECONNRESET or EPIPE; a write after the stream ended).
 */
const FROM_THE_PEER = /^(WS_ERR_|E[A-Z]+$|ERR_STREAM_)/;

/** Whether a socket's error was the client's doing (or the network's), rather than the server's. */
export function isPeerError(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : '';
  return FROM_THE_PEER.test(code);
}

/**
 * The socket plugin's error handler (it logs every error at error level by default): a frame
 * or a connection the client broke is a debug line; anything else is a fault of ours, at
 * error. Either way the socket ends: the ws library has already sent its close code (1009 too
 * big, 1007 not UTF-8) to a client that broke the protocol.
 */
export function socketError(error: unknown, socket: WebSocket, request: FastifyRequest): void {
  if (isPeerError(error)) request.log.debug({ err: error }, 'socket refused: the client broke the protocol');
  else request.log.error({ err: error }, 'socket failed');
  socket.terminate();
}

/**
 * Refuses a WebSocket upgrade anywhere but at `socketPath` with a 404, before the socket
 * plugin would accept it only to close it again (with an info line for each try).
 */
export function upgradeOnlyAt(socketPath: string) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (!request.ws || request.routeOptions.url === socketPath) {
      done();
      return;
    }
    void refuse(reply, 404, 'ERR_NOT_FOUND', `no socket at ${request.url.split('?')[0] ?? ''}`);
  };
}
