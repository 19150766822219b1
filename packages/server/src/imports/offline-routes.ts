import { createHash } from 'node:crypto';
import { UNTIMED } from '@zar/match';
import {
  type ErrorBody,
  OFFLINE_MAX_BYTES,
  type OfflineRecord,
  OfflineRecordSchema,
  type OfflineUploaded,
  REST,
} from '@zar/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { newGameRow } from '../game/game-row.js';
import { botSeat, humanSeat } from '../game/seats.js';
import { parseBody } from '../http/body.js';
import { at } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiters } from '../limits/limiter.js';
import type { Auth } from '../people/auth.js';
import type { UserRow } from '../store/people-store.js';
import type { GameRow, GamesStore } from '../store/types.js';
import { type CheckedOffline, checkOffline } from './offline-check.js';
import type { FileRefusal } from './read-file.js';

export interface OfflineDeps {
  readonly limiters: RateLimiters;
  readonly store: Pick<GamesStore, 'createGame' | 'gameById' | 'appendAction'>;
  readonly auth: Pick<Auth, 'identify'>;
  readonly limits: Limits;
  readonly now: () => number;
}

/** The body's limit: the record's JSON, with room for the request around it. */
const BODY_LIMIT = OFFLINE_MAX_BYTES + 4096;

const refuseRecord = (reply: FastifyReply, e: FileRefusal): FastifyReply =>
  reply.code(422).send({ error: { code: e.code, message: e.message, detail: e.detail } } satisfies ErrorBody);

/**
 * The game an offline match becomes in its player's history: its id is made from the player and
 * the browser's id of the match, so that an upload sent twice (a lost answer, two tabs) keeps
 * one game, and nobody else's upload can name it.
 */
export const offlineGameId = (userId: string, recordId: string): string =>
  `off${createHash('sha256').update(`${userId}:${recordId}`).digest('base64url').slice(0, 20)}`;

/**
 * POST /api/offline (protocol offline.ts): a match a signed-in person played against the bot in
 * the browser, added to his history once it replays (offline-check.ts), as a finished casual
 * game against a bot seat, its dice source 'offline' (not provable, never rated). Checking
 * replays the whole record, so a person has `importsPerMinute` uploads, as for imports (429
 * beyond). A match not finished is kept as it stands, over: it is played on in the browser only.
 */
export function offlineRoutes(deps: OfflineDeps) {
  const { store, now } = deps;
  const limiters = deps.limiters;
  const uploads = limiters.limiter('offline-uploads', deps.limits.importsPerMinute, deps.limits.importsPerMinute);

  return async (api: FastifyInstance): Promise<void> => {
    api.post(at(REST.uploadOffline), { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const user = await deps.auth.identify(request);
      if (user === null) return refuse(reply, 401, 'ERR_NO_SESSION', 'sign in to add a match to your history');
      const taken = await uploads.take(user.id, now());
      if (!taken.ok) return refuseTooMany(reply, tooMany('too many matches uploaded', taken.retryAfterMs));
      const body = parseBody(OfflineRecordSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const id = offlineGameId(user.id, body.value.id);
      if ((await store.gameById(id)) !== null) return { id } satisfies OfflineUploaded;
      const checked = checkOffline(body.value);
      if (!checked.ok) return refuseRecord(reply, checked.error);
      await keep(store, offlineRow(id, user, body.value, checked.value, now()), checked.value, now());
      return { id } satisfies OfflineUploaded;
    });
  };
}

/** The history's row of a checked offline match: over, casual, the person in seat 0 and the bot in seat 1. */
function offlineRow(id: string, user: UserRow, record: OfflineRecord, checked: CheckedOffline, at: number): GameRow {
  const person = humanSeat(user.id, user.name ?? record.names[0]);
  const row = newGameRow({
    id,
    settings: record.settings,
    players: [person.name, record.names[1]],
    dice: { source: 'offline', seed: record.seed },
    seats: [person, botSeat(record.level)],
    status: 'playing',
    clock: UNTIMED,
    rated: false,
    pool: null,
    now: record.startedAt > 0 && record.startedAt < at ? record.startedAt : at,
  });
  // Stored over from the start, so that no instance takes it for a live game while its actions are written.
  return { ...row, status: 'over', fair: null, score: checked.end.score, winner: checked.end.winner, updatedAt: at };
}

async function keep(store: OfflineDeps['store'], row: GameRow, checked: CheckedOffline, at: number): Promise<void> {
  await store.createGame(row);
  for (const [i, action] of checked.actions.entries()) {
    // No status given: the row stays over, and the dice, not the site's, stay out of its dice statistics.
    const r = await store.appendAction(row.id, i, action, at);
    if (!r.ok) throw new Error(`an offline match's action ${i + 1} was not stored: ${r.code}`);
  }
}
