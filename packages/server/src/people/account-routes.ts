import { CredentialsSchema, type Me, NoBodySchema, REST } from '@zar/protocol';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../http/body.js';
import { at } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import type { GameGuard } from '../limits/games.js';
import type { LoginGuard } from '../limits/logins.js';
import type { UserRow } from '../store/types.js';
import { type Auth, displayName } from './auth.js';
import { playerOf } from './caller.js';

export interface AccountRoutesDeps {
  readonly auth: Auth;
  readonly logins: LoginGuard;
  /** A new guest is counted as a new game is. */
  readonly games: GameGuard;
  readonly now: () => number;
}

const me = (user: UserRow): Me => ({ id: user.id, name: displayName(user), guest: user.name === null });

/** A visitor who has not played: a guest with no id yet. */
const NOBODY: Me = { id: '', name: 'guest', guest: true };

/** Who the caller is, and becoming a guest without starting a game. */
export function guestRoutes({ auth, games, now }: AccountRoutesDeps) {
  return (api: FastifyInstance): void => {
    api.get(at(REST.me), async (request) => (request.user === null ? NOBODY : me(request.user)));

    api.post(at(REST.guest), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      if (request.user !== null) return me(request.user);
      // A new guest is a stored user: counted as a new game is, so a script cannot fill the table.
      const tooMany = await games.rate(`address:${request.ip}`, request.ip, now());
      if (tooMany !== null) return refuseTooMany(reply, tooMany);
      return me(await playerOf(auth, request, reply));
    });
  };
}

/** The account: registering, signing in, signing out here or everywhere. */
export function accountRoutes({ auth, logins, now }: AccountRoutesDeps) {
  return (api: FastifyInstance): void => {
    api.post(at(REST.register), async (request, reply) => {
      const body = parseBody(CredentialsSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const tooMany = await logins.attempt(request.ip, now());
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
      const tooMany =
        (await logins.attempt(request.ip, now())) ?? (await logins.locked(body.value.name, client, now()));
      if (tooMany !== null) return refuseTooMany(reply, tooMany);
      const r = await auth.login(body.value, request, reply);
      if (!r.ok) {
        await logins.failed(body.value.name, client, now());
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
