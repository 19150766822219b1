import type { ErrorBody, ErrorCode } from '@zar/protocol';
import type { FastifyReply } from 'fastify';

/** A refusal as the contract writes it: the status, and the body `{ error: { code, message } }`. */
export function refuse(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  return reply.code(status).send({ error: { code, message } } satisfies ErrorBody);
}

/** A rate's refusal: what to say, and how long until the next try is let through. */
export interface TooManyRefusal {
  readonly code: ErrorCode;
  readonly message: string;
  readonly retryAfterMs: number;
}

/** A refusal with the seconds to wait, as Retry-After says them: 429 unless `status` says otherwise. */
export const refuseTooMany = (reply: FastifyReply, refusal: TooManyRefusal, status = 429): FastifyReply =>
  refuse(
    reply.header('retry-after', String(Math.ceil(refusal.retryAfterMs / 1000))),
    status,
    refusal.code,
    refusal.message,
  );
