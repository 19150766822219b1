import type { Player } from '@zar/match';
import {
  type Created,
  type GameReply,
  type GameSummary,
  type Joined,
  NewGameSchema,
  NoBodySchema,
  REST,
} from '@zar/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseBody } from '../http/body.js';
import { at, ID } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { type Admission, type GameGuard, type StartKind, startKind } from '../limits/games.js';
import { type Auth, displayName } from '../people/auth.js';
import { playerOf, viewerOf } from '../people/caller.js';
import { seatOf } from '../store/game-seats.js';
import type { GameRow, GamesStore, UserRow } from '../store/types.js';
import { lobbyGameRow, type NewGameError, settingsOf, summaryOf, termsOf } from './games.js';
import type { HandleErrorCode, HandleResult, RoomHandle, RoomHandles } from './handle.js';
import type { Rooms } from './rooms.js';

export interface GameRoutesDeps {
  readonly store: GamesStore;
  readonly rooms: Rooms;
  /** Each game's room, here or at the instance that owns it (handle.ts). */
  readonly handles: RoomHandles;
  readonly auth: Auth;
  readonly games: GameGuard;
  readonly diceSeed: string | undefined;
  readonly now: () => number;
}

const ROOM_STATUS: Partial<Record<HandleErrorCode, number>> = {
  ERR_NOT_FOUND: 404,
  ERR_OWNER_UNREACHABLE: 503,
  ERR_NOT_OPEN: 409,
  ERR_TOO_MANY_GAMES: 409,
  ERR_GAME_FULL: 409,
  ERR_CLOSED: 503,
  ERR_STORE_UNAVAILABLE: 503,
  ERR_INTERNAL: 500,
};

const NEW_GAME_STATUS: Record<NewGameError['code'], number> = { ERR_SETTINGS: 400, ERR_ACCOUNT_ONLY: 403 };

/** A rated game is joined by accounts only: a guest, or a visitor who has not played, is refused. */
const refuseGuest = (reply: FastifyReply): FastifyReply =>
  refuse(reply, 403, 'ERR_ACCOUNT_ONLY', 'only an account plays rated: register or sign in first');

/** Making, joining and looking at games over REST. Play itself is on the socket. */
export function gameRoutes(deps: GameRoutesDeps) {
  const { store, rooms, handles, auth, games, now } = deps;
  /**
   * The guard's word on a match the caller starts (GameGuard.admit): one game of his minute,
   * one more unfinished game. A visitor is counted by his address alone (its own bucket stands
   * for him) and made a guest only once the rate has let him through.
   */
  const admitCaller = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: StartKind,
  ): Promise<{ ok: true; user: UserRow; release: () => void } | Exclude<Admission, { ok: true }>> => {
    let user = request.user;
    const by = { id: user?.id ?? `address:${request.ip}`, address: request.ip };
    const seated = async () => {
      user = await playerOf(auth, request, reply);
      return [user.id];
    };
    const place = await games.admit(by, seated, kind);
    if (!place.ok) return place;
    if (user === null) {
      // A broken invariant, but the place it holds is still given back.
      place.release();
      throw new Error('the guard admitted a start that seats nobody');
    }
    return { ok: true, user, release: place.release };
  };
  /** Seats the caller in `room` (whose seats are `seats`) as the guard admits it (a seat taken starts a match); a seat he holds is given back as it is. */
  const sit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    room: RoomHandle,
    seats: GameRow['seats'],
    via: 'lobby' | 'invite',
  ): Promise<HandleResult<Player> | Exclude<Admission, { ok: true }>> => {
    const known = request.user;
    if (known !== null && seatOf(seats, known.id) !== null) return room.join(known.id, displayName(known), via);
    // A join is rare (once a game): the row says which limit the seat counts against.
    const kind = startKind((await store.gameById(room.id))?.clock);
    const place = await admitCaller(request, reply, kind);
    if (!place.ok) return place;
    try {
      return await room.join(place.user.id, displayName(place.user), via);
    } finally {
      place.release();
    }
  };
  /** A start refused: the guard's rate with Retry-After (429), the rest by their code. */
  const refuseStart = (reply: FastifyReply, r: Exclude<HandleResult<Player> | Admission, { ok: true }>) => {
    const { error } = r;
    if ('retryAfterMs' in error) return refuseTooMany(reply, error);
    return refuse(reply, ROOM_STATUS[error.code] ?? 400, error.code, error.message);
  };
  return (api: FastifyInstance): void => {
    api.post(at(REST.createGame), async (request, reply) => {
      const body = parseBody(NewGameSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const settings = settingsOf(body.value);
      if (!settings.ok) return refuse(reply, 400, settings.error.code, settings.error.message);
      // A visitor without a session is a guest to be: he may not ask for a rated match either.
      const terms = termsOf(body.value, settings.value, { guest: (request.user?.name ?? null) === null });
      if (!terms.ok) return refuse(reply, NEW_GAME_STATUS[terms.error.code], terms.error.code, terms.error.message);
      const place = await admitCaller(request, reply, startKind(terms.value.clock));
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
      const room = ID.test(request.params.id) ? await handles.get(request.params.id) : null;
      if (room === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such game');
      const look = await room.look(viewerOf(request));
      if (!look.ok) return refuseStart(reply, look);
      // As on the socket (socket.ts join): a match whose players forbade spectators shows them nothing.
      if (look.value.view === null) {
        return refuse(reply, 403, 'ERR_NO_SPECTATORS', 'the players do not allow spectators');
      }
      return { v: look.value.version, view: look.value.view } satisfies GameReply;
    });

    api.post<{ Params: { id: string } }>(at(REST.joinGame), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const room = ID.test(request.params.id) ? await handles.get(request.params.id) : null;
      if (room === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such game');
      const look = await room.look(null);
      if (!look.ok) return refuseStart(reply, look);
      if (look.value.rated && (request.user?.name ?? null) === null) return refuseGuest(reply);
      const r = await sit(request, reply, room, look.value.seats, 'lobby');
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
      const room = row === null ? null : await handles.get(row.id);
      if (room === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'this invitation does not exist');
      const look = await room.look(null);
      if (!look.ok) return refuseStart(reply, look);
      if (look.value.rated && (request.user?.name ?? null) === null) return refuseGuest(reply);
      const r = await sit(request, reply, room, look.value.seats, 'invite');
      if (!r.ok) return refuseStart(reply, r);
      return { id: room.id, seat: r.value } satisfies Joined;
    });
  };
}
