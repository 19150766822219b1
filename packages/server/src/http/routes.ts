import type { Player } from '@zar/match';
import {
  API_PREFIX,
  type Created,
  CredentialsSchema,
  decode,
  type ErrorBody,
  type ErrorCode,
  type GameList,
  type GameReply,
  type GameSummary,
  type Joined,
  type Me,
  NewGameSchema,
  NoBodySchema,
  PROTOCOL_HEADER,
  PROTOCOL_VERSION,
  REST,
  type Route,
  versionMismatch,
} from '@zar/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { lobbyGameRow, type NewGameError, settingsOf, summaryOf, termsOf } from '../game/games.js';
import type { Room } from '../game/room.js';
import type { RoomErrorCode, RoomResult } from '../game/room-result.js';
import type { Rooms } from '../game/rooms.js';
import { seatOf } from '../game/seats.js';
import type { TooMany } from '../limits/bucket.js';
import type { Admission, GameGuard } from '../limits/games.js';
import type { LoginGuard } from '../limits/logins.js';
import { type Auth, displayName } from '../people/auth.js';
import type { GameRow, Store, UserRow } from '../store/types.js';

export interface HttpDeps {
  readonly store: Store;
  readonly rooms: Rooms;
  readonly auth: Auth;
  readonly logins: LoginGuard;
  readonly games: GameGuard;
  readonly diceSeed: string | undefined;
  readonly now: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller, set for every /api request: null for a visitor who has not played yet (no
     * session) until a route makes him a guest (`player`).
     */
    user: UserRow | null;
  }
}

/** What a game id or an invite token in a path may be (protocol's IdSchema): anything else is not looked up. */
export const ID = /^[A-Za-z0-9_-]{6,32}$/;
const LIST_LIMIT = 50;

export function refuse(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  return reply.code(status).send({ error: { code, message } } satisfies ErrorBody);
}

/** A refusal with the seconds to wait, as Retry-After says them: 429 unless `status` says otherwise. */
export const refuseTooMany = (
  reply: FastifyReply,
  refusal: Pick<TooMany, 'message' | 'retryAfterMs'> & { readonly code: ErrorCode },
  status = 429,
): FastifyReply =>
  refuse(
    reply.header('retry-after', String(Math.ceil(refusal.retryAfterMs / 1000))),
    status,
    refusal.code,
    refusal.message,
  );

/** Where a route of the contract is mounted under the /api prefix. */
export const at = (route: Route): string => route.path.slice(API_PREFIX.length);

const ROOM_STATUS: Partial<Record<RoomErrorCode, number>> = {
  ERR_NOT_OPEN: 409,
  ERR_TOO_MANY_GAMES: 409,
  ERR_GAME_FULL: 409,
  ERR_CLOSED: 503,
  ERR_STORE_UNAVAILABLE: 503,
  ERR_INTERNAL: 500,
};

const NEW_GAME_STATUS: Record<NewGameError['code'], number> = { ERR_SETTINGS: 400, ERR_ACCOUNT_ONLY: 403 };

/** Validates a body at the edge; the first problem is named with where it is. */
const parseBody = <S extends v.GenericSchema>(schema: S, body: unknown) => decode(schema, body ?? {});

/** A rated game is joined by accounts only: a guest, or a visitor who has not played, is refused. */
const refuseGuest = (reply: FastifyReply): FastifyReply =>
  refuse(reply, 403, 'ERR_ACCOUNT_ONLY', 'only an account plays rated: register or sign in first');

/** Who looks (a seat's view, "you" in a summary); null: a visitor who has not played. */
const viewerOf = (request: FastifyRequest): string | null => request.user?.id ?? null;

const me = (user: UserRow): Me => ({ id: user.id, name: displayName(user), guest: user.name === null });

/** A visitor who has not played: a guest with no id yet. */
const NOBODY: Me = { id: '', name: 'guest', guest: true };

/** A client of another protocol version (the header is absent for curl and scripts, not for the page). */
function otherVersion(request: FastifyRequest): string | null {
  const sent = request.headers[PROTOCOL_HEADER];
  if (sent === undefined || sent === String(PROTOCOL_VERSION)) return null;
  return String(sent);
}

/** The REST side: making, joining and listing games; the account. Play itself is on the socket. */
export function httpRoutes(deps: HttpDeps) {
  const { store, rooms, auth, logins, games, now } = deps;
  /**
   * The caller as a player: a visitor without a session becomes a guest here (a user and a
   * session row, and the cookie), once his request has passed every check, as he starts or
   * joins a game. Every other route serves him as nobody and stores nothing (auth.ts).
   */
  const player = async (request: FastifyRequest, reply: FastifyReply): Promise<UserRow> => {
    request.user ??= await auth.ensure(request, reply);
    return request.user;
  };
  /**
   * The guard's word on a match the caller starts (GameGuard.admit): one game of his minute,
   * one more unfinished game. A visitor is counted by his address alone (its own bucket stands
   * for him) and made a guest only once the rate has let him through.
   */
  const admitCaller = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ ok: true; user: UserRow; release: () => void } | Exclude<Admission, { ok: true }>> => {
    let user = request.user;
    const place = await games.admit({ id: user?.id ?? `address:${request.ip}`, address: request.ip }, async () => {
      user = await player(request, reply);
      return [user.id];
    });
    if (!place.ok) return place;
    if (user === null) {
      // A broken invariant, but the place it holds is still given back.
      place.release();
      throw new Error('the guard admitted a start that seats nobody');
    }
    return { ok: true, user, release: place.release };
  };
  /** Seats the caller in `room` as the guard admits it (a seat taken starts a match); a seat he holds is given back as it is. */
  const sit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    room: Room,
    via: 'lobby' | 'invite',
  ): Promise<RoomResult<Player> | Exclude<Admission, { ok: true }>> => {
    const known = request.user;
    if (known !== null && seatOf(room.seats, known.id) !== null) return room.join(known.id, displayName(known), via);
    const place = await admitCaller(request, reply);
    if (!place.ok) return place;
    try {
      return await room.join(place.user.id, displayName(place.user), via);
    } finally {
      place.release();
    }
  };
  /** A start refused: the guard's rate with Retry-After (429), the rest by their code. */
  const refuseStart = (reply: FastifyReply, r: Exclude<RoomResult<Player> | Admission, { ok: true }>) => {
    const { error } = r;
    if ('retryAfterMs' in error) return refuseTooMany(reply, error);
    return refuse(reply, ROOM_STATUS[error.code] ?? 400, error.code, error.message);
  };
  return async (api: FastifyInstance): Promise<void> => {
    api.addHook('onRequest', async (request, reply) => {
      const other = otherVersion(request);
      if (other !== null) return refuse(reply, 400, 'ERR_VERSION', versionMismatch(other));
      request.user = await auth.identify(request);
    });

    api.get(at(REST.me), async (request) => (request.user === null ? NOBODY : me(request.user)));

    api.post(at(REST.guest), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      if (request.user !== null) return me(request.user);
      // A new guest is a stored user: counted as a new game is, so a script cannot fill the table.
      const tooMany = games.rate(`address:${request.ip}`, request.ip, now());
      if (tooMany !== null) return refuseTooMany(reply, tooMany);
      return me(await player(request, reply));
    });

    api.post(at(REST.createGame), async (request, reply) => {
      const body = parseBody(NewGameSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const settings = settingsOf(body.value);
      if (!settings.ok) return refuse(reply, 400, settings.error.code, settings.error.message);
      // A visitor without a session is a guest to be: he may not ask for a rated match either.
      const terms = termsOf(body.value, settings.value, { guest: (request.user?.name ?? null) === null });
      if (!terms.ok) return refuse(reply, NEW_GAME_STATUS[terms.error.code], terms.error.code, terms.error.message);
      const place = await admitCaller(request, reply);
      if (!place.ok) return refuseStart(reply, place);
      const { user } = place;
      let row: GameRow;
      try {
        row = lobbyGameRow(
          body.value,
          settings.value,
          terms.value,
          { id: user.id, name: displayName(user) },
          deps.diceSeed,
          now(),
        );
        await rooms.create(row);
      } finally {
        place.release();
      }
      return reply.code(201).send({
        id: row.id,
        seat: 0,
        ...(row.inviteToken === null ? {} : { invite: `/invite/${row.inviteToken}` }),
      } satisfies Created);
    });

    api.get<{ Params: { id: string } }>(at(REST.game), async (request, reply) => {
      const room = ID.test(request.params.id) ? await rooms.get(request.params.id) : null;
      if (room === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such game');
      // As on the socket (ws-game.ts join): a match whose players forbade spectators shows them nothing.
      if (!room.admits(viewerOf(request))) {
        return refuse(reply, 403, 'ERR_NO_SPECTATORS', 'the players do not allow spectators');
      }
      return { v: room.version, view: room.view(viewerOf(request)) } satisfies GameReply;
    });

    api.post<{ Params: { id: string } }>(at(REST.joinGame), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const room = ID.test(request.params.id) ? await rooms.get(request.params.id) : null;
      if (room === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such game');
      if (room.rated && (request.user?.name ?? null) === null) return refuseGuest(reply);
      const r = await sit(request, reply, room, 'lobby');
      if (!r.ok) return refuseStart(reply, r);
      return { id: room.id, seat: r.value } satisfies Joined;
    });

    api.get<{ Params: { token: string } }>(at(REST.invite), async (request, reply) => {
      const row = ID.test(request.params.token) ? await store.gameByInvite(request.params.token) : null;
      if (row === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'this invitation does not exist');
      return summaryOf(row, viewerOf(request)) satisfies GameSummary;
    });

    api.post<{ Params: { token: string } }>(at(REST.acceptInvite), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const row = ID.test(request.params.token) ? await store.gameByInvite(request.params.token) : null;
      const room = row === null ? null : await rooms.get(row.id);
      if (room === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'this invitation does not exist');
      if (room.rated && (request.user?.name ?? null) === null) return refuseGuest(reply);
      const r = await sit(request, reply, room, 'invite');
      if (!r.ok) return refuseStart(reply, r);
      return { id: room.id, seat: r.value } satisfies Joined;
    });

    api.get(at(REST.lobby), async (request) => {
      const rows = await store.openGames(LIST_LIMIT);
      return { games: rows.map((row) => summaryOf(row, viewerOf(request))) } satisfies GameList;
    });

    api.get(at(REST.history), async (request) => {
      const user = request.user;
      if (user === null) return { games: [] } satisfies GameList;
      const rows = await store.gamesOfUser(user.id, LIST_LIMIT);
      return { games: rows.map((row) => summaryOf(row, user.id)) } satisfies GameList;
    });

    api.post(at(REST.register), async (request, reply) => {
      const body = parseBody(CredentialsSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const tooMany = logins.attempt(request.ip, now());
      if (tooMany !== null) return refuseTooMany(reply, tooMany);
      const r = await auth.register(request.user, body.value, request, reply);
      if (!r.ok) return refuse(reply, r.error.code === 'ERR_NAME_TAKEN' ? 409 : 400, r.error.code, r.error.message);
      return me(r.value);
    });

    api.post(at(REST.login), async (request, reply) => {
      const body = parseBody(CredentialsSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      // Counted per account and client: a browser that signed in to it before, else the address.
      const client = { address: request.ip, device: auth.devices.idFor(request, body.value.name) };
      // Before the hash: refused guesses cost the server nothing.
      const tooMany = logins.attempt(request.ip, now()) ?? logins.locked(body.value.name, client, now());
      if (tooMany !== null) return refuseTooMany(reply, tooMany);
      const r = await auth.login(body.value, request, reply);
      if (!r.ok) {
        logins.failed(body.value.name, client, now());
        return refuse(reply, 401, r.error.code, r.error.message);
      }
      logins.succeeded(body.value.name, client);
      return me(r.value);
    });

    api.post(at(REST.logout), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      await auth.logout(request, reply);
      return reply.code(204).send();
    });

    api.post(at(REST.logoutEverywhere), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      if (request.user === null) await auth.logout(request, reply);
      else await auth.logoutEverywhere(request.user, request, reply);
      return reply.code(204).send();
    });
  };
}
