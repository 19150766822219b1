import { toJsonRecord, writeMat } from '@zar/match';
import { type MatchRecordView, REST, type Route } from '@zar/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fairProof } from '../dice/fair-seeds.js';
import { at, ID } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiters } from '../limits/limiter.js';
import type { Auth } from '../people/auth.js';
import type { GameRow, GamesStore, StoredAction } from '../store/types.js';
import { admits } from './company/view.js';
import { recordOf } from './record-of.js';

export interface RecordDeps {
  /** Where the rate limits are kept: shared through Redis beside other instances, in this process alone (app.ts decides, never a route). */
  readonly limiters: RateLimiters;
  readonly store: GamesStore;
  readonly limits: Limits;
  readonly now: () => number;
  /** Who asks, for a match whose players forbade spectators: only they see it while it is played. */
  readonly auth?: Pick<Auth, 'identify'>;
}

/**
 * Games whose last record built is kept: a finished match's record is asked for again and
 * again. One a game, so the versions a live game passes through do not crowd the others out.
 */
const CACHED = 64;

/** The match's record without its dice source: what the downloads hold. */
const publicRecord = (row: GameRow, stored: readonly StoredAction[]) => ({
  version: 1 as const,
  settings: row.record.settings,
  players: row.record.players,
  actions: stored.map((s) => s.action),
});

/**
 * The Zar JSON record, with the proof of its dice for a finished match played with fair dice
 * (fair-seeds.ts): anyone can check every roll with it. Matches stored before fair dice, and
 * those on seeded dice, have none.
 */
const jsonRecord = (row: GameRow, stored: readonly StoredAction[]): string => {
  const proof = fairProof(row.fair, row.status);
  return toJsonRecord({ ...publicRecord(row, stored), ...(proof === null ? {} : { proof }) });
};

const attachment = (reply: FastifyReply, route: Route, id: string): FastifyReply => {
  const file = route.download;
  if (file === undefined) throw new Error(`${route.path} is not a download`);
  return reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="zar-${id}.${file.extension}"`);
};

/**
 * A match's record and its downloads. GET /api/games/:id/record: every action by game with
 * each state (record-of.ts), to anyone who may watch the game (anyone with its id, as GET
 * /api/games/:id), live or finished: it holds only what the game's events told its watchers.
 * GET …/match.mat (gnubg, backgammon only: 422 ERR_MAT_UNREPRESENTABLE for what the format
 * cannot hold) and …/match.json (Zar JSON, every game): the finished match only (409
 * ERR_NOT_OVER while it is played), without its dice source but with the proof of fair dice. Each request replays a match, so
 * an address has `recordsPerMinute` of them (429 with Retry-After beyond), and the last few
 * records built are kept.
 */
export function recordRoutes(deps: RecordDeps) {
  const { store, now } = deps;
  const byAddress = deps.limiters.limiter('records', deps.limits.recordsPerMinute, deps.limits.recordsPerMinute);
  /** By game id: the record and the version and status it was built at. */
  const built = new Map<string, { readonly stamp: string; readonly record: MatchRecordView }>();

  const cached = (row: GameRow, stored: readonly StoredAction[]): MatchRecordView | null => {
    const stamp = `${stored.length}:${row.status}`;
    const hit = built.get(row.id);
    // Deleted and set again: the map's order is the order of last use.
    built.delete(row.id);
    const record = hit?.stamp === stamp ? hit.record : recordOf(row, stored);
    if (record === null) return null;
    built.set(row.id, { stamp, record });
    for (const old of built.keys()) {
      if (built.size <= CACHED) break;
      built.delete(old);
    }
    return record;
  };

  /**
   * Whoever may watch the match may read it (company/view.ts admits): anyone but while it is
   * played with spectators forbidden, when only its players may. Who asks is read only then.
   */
  const admitted = async (row: GameRow, request: FastifyRequest): Promise<boolean> =>
    admits(row, null) || admits(row, (await deps.auth?.identify(request))?.id ?? null);

  return async (api: FastifyInstance): Promise<void> => {
    /** The game and its actions, or the refusal already sent. */
    const load = async (
      id: string,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ row: GameRow; stored: StoredAction[] } | null> => {
      const ip = request.ip;
      const taken = await byAddress.take(ip, now());
      if (!taken.ok) {
        refuseTooMany(reply, tooMany('too many match records asked for', taken.retryAfterMs));
        return null;
      }
      const row = ID.test(id) ? await store.gameById(id) : null;
      if (row === null) {
        refuse(reply, 404, 'ERR_NOT_FOUND', 'no such game');
        return null;
      }
      if (!(await admitted(row, request))) {
        refuse(reply, 403, 'ERR_NO_SPECTATORS', 'the players do not allow spectators');
        return null;
      }
      return { row, stored: await store.actions(id) };
    };

    const finished = async (id: string, request: FastifyRequest, reply: FastifyReply) => {
      const game = await load(id, request, reply);
      if (game === null) return null;
      if (game.row.status !== 'over') {
        refuse(reply, 409, 'ERR_NOT_OVER', 'a match can be downloaded once it is over');
        return null;
      }
      return game;
    };

    api.get<{ Params: { id: string } }>(at(REST.record), async (request, reply) => {
      const game = await load(request.params.id, request, reply);
      if (game === null) return reply;
      const record = cached(game.row, game.stored);
      if (record === null) {
        request.log.error({ game: game.row.id }, 'a stored match does not replay');
        return refuse(reply, 500, 'ERR_INTERNAL', 'the record of this match could not be read');
      }
      return record satisfies MatchRecordView;
    });

    api.get<{ Params: { id: string } }>(at(REST.matchMat), async (request, reply) => {
      const game = await finished(request.params.id, request, reply);
      if (game === null) return reply;
      const mat = writeMat(publicRecord(game.row, game.stored));
      if (!mat.ok) {
        if (mat.error.code === 'ERR_MAT_UNREPRESENTABLE') {
          return refuse(reply, 422, 'ERR_MAT_UNREPRESENTABLE', `${mat.error.message}; download the Zar JSON record`);
        }
        request.log.error({ game: game.row.id, err: mat.error }, 'a stored match does not replay');
        return refuse(reply, 500, 'ERR_INTERNAL', 'the record of this match could not be read');
      }
      return attachment(reply, REST.matchMat, game.row.id).send(mat.value);
    });

    api.get<{ Params: { id: string } }>(at(REST.matchJson), async (request, reply) => {
      const game = await finished(request.params.id, request, reply);
      if (game === null) return reply;
      return attachment(reply, REST.matchJson, game.row.id).send(jsonRecord(game.row, game.stored));
    });
  };
}
