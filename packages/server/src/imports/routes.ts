import { whyNotAnalysable } from '@zar/bot';
import {
  type ErrorBody,
  IMPORT_MAX_BYTES,
  type ImportList,
  NewImportSchema,
  REST,
  type AnalysisStatus as Sent,
} from '@zar/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Analyses } from '../analysis/analyses.js';
import { parseBody } from '../http/body.js';
import { at, ID } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiters } from '../limits/limiter.js';
import type { Auth } from '../people/auth.js';
import type { ImportRow, ImportsStore } from '../store/types.js';
import { FileChecker } from './checker.js';
import type { FileRefusal } from './read-file.js';
import { importRecordView } from './record-view.js';
import { analysisKey, importSummary, keepImport, LISTED } from './service.js';

export interface ImportsDeps {
  /** Where the rate limits are kept: shared through Redis beside other instances, in this process alone (app.ts decides, never a route). */
  readonly limiters: RateLimiters;
  readonly store: ImportsStore;
  readonly analyses: Analyses;
  readonly auth: Pick<Auth, 'identify' | 'ensure'>;
  readonly limits: Limits;
  readonly now: () => number;
}

/**
 * The request's body limit: the file's text as a JSON string, whose escapes (\n, \") can at
 * most double a .mat's or a JSON record's size; the text itself is held to IMPORT_MAX_BYTES.
 */
const BODY_LIMIT = 2 * IMPORT_MAX_BYTES + 4096;

/** A file that does not check: 422 with its code, English message and the detail a page words. */
const refuseFile = (reply: FastifyReply, e: FileRefusal): FastifyReply =>
  reply.code(422).send({ error: { code: e.code, message: e.message, detail: e.detail } } satisfies ErrorBody);

/**
 * Imports of matches played elsewhere (protocol/src/imports.ts). POST /api/imports checks a
 * .mat or Zar JSON file (at most IMPORT_MAX_BYTES: 413 beyond) and keeps the match, owned by
 * the caller (a visitor is made a guest, as making a game does), or answers 422 with where the
 * file is wrong, keeping nothing. Checking replays the whole file (a big one in a worker,
 * checker.ts), so a person (an account, a guest, else an address) has `importsPerMinute` (429
 * beyond). An import is read by anyone with its id, its record as a game's is (an address's
 * `recordsPerMinute`); its analysis as a game's, for players only, through the same queue.
 */
export function importRoutes(deps: ImportsDeps) {
  const { store, now } = deps;
  const limiters = deps.limiters;
  const uploads = limiters.limiter('imports', deps.limits.importsPerMinute, deps.limits.importsPerMinute);
  const records = limiters.limiter('import-records', deps.limits.recordsPerMinute, deps.limits.recordsPerMinute);
  const checker = new FileChecker();

  const find = async (id: string, reply: FastifyReply): Promise<ImportRow | null> => {
    const row = ID.test(id) ? await store.importById(id) : null;
    if (row === null) refuse(reply, 404, 'ERR_NOT_FOUND', 'no such imported match');
    return row;
  };

  const analysis = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const user = await deps.auth.identify(request);
    if (user === null) return refuse(reply, 401, 'ERR_NO_SESSION', 'only players may ask for an analysis');
    const row = await find(request.params.id, reply);
    if (row === null) return reply;
    // A match still being played elsewhere is not analysed: the analysis would be a hint.
    if (row.record.settings.length > 0 && row.outcome.winner === null) {
      return refuse(reply, 409, 'ERR_NOT_OVER', 'a match is analysed once it is over');
    }
    const refused = whyNotAnalysable(row.record.settings);
    if (refused !== null) return refuse(reply, 422, 'ERR_ANALYSIS_GAME', refused);
    const status = await deps.analyses.request(analysisKey(row.id), async () => row.record, user.id);
    if (status.state === 'refused') {
      return refuseTooMany(reply, status, status.code === 'ERR_ANALYSIS_BUSY' ? 503 : 429);
    }
    if (status.state === 'failed') return refuse(reply, 500, status.code, status.message);
    const sent: Sent = status;
    return reply.code(status.state === 'ready' ? 200 : 202).send(sent);
  };

  return async (api: FastifyInstance): Promise<void> => {
    api.addHook('onClose', () => checker.close());
    api.post(at(REST.createImport), { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const body = parseBody(NewImportSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const bytes = Buffer.byteLength(body.value.text, 'utf8');
      if (bytes > IMPORT_MAX_BYTES) {
        return refuse(reply, 413, 'ERR_TOO_LARGE', `the file has ${bytes} bytes; at most ${IMPORT_MAX_BYTES}`);
      }
      const known = await deps.auth.identify(request);
      const taken = await uploads.take(known?.id ?? `address:${request.ip}`, now());
      if (!taken.ok) return refuseTooMany(reply, tooMany('too many files imported', taken.retryAfterMs));
      const file = await checker.check(body.value.text, bytes);
      if (file === null) {
        return refuseTooMany(reply, tooMany('the server is checking many files now', 5_000));
      }
      if (!file.ok) return refuseFile(reply, file.error);
      const owner = known ?? (await deps.auth.ensure(request, reply));
      const row = await keepImport(store, { owner: owner.id, name: body.value.name ?? null, file: file.value }, now());
      return importSummary(row);
    });

    api.get(at(REST.imports), async (request) => {
      const user = await deps.auth.identify(request);
      const rows = user === null ? [] : await store.importsOf(user.id, LISTED);
      return { imports: rows.map(importSummary) } satisfies ImportList;
    });

    api.get<{ Params: { id: string } }>(at(REST.importOne), async (request, reply) => {
      const row = await find(request.params.id, reply);
      return row === null ? reply : importSummary(row);
    });

    api.get<{ Params: { id: string } }>(at(REST.importRecord), async (request, reply) => {
      const taken = await records.take(request.ip, now());
      if (!taken.ok) return refuseTooMany(reply, tooMany('too many match records asked for', taken.retryAfterMs));
      const row = await find(request.params.id, reply);
      return row === null ? reply : importRecordView(row);
    });

    api.get<{ Params: { id: string } }>(at(REST.importAnalysis), analysis);
  };
}
