import {
  decode,
  type ErrorCode,
  NewTournamentSchema,
  NoBodySchema,
  REST,
  type Route,
  type TournamentView,
} from '@zar/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { at, ID } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { Limits } from '../limits/config.js';
import type { RateLimiters } from '../limits/limiter.js';
import { type Auth, displayName } from '../people/auth.js';
import type { Store, TournamentRow, UserRow } from '../store/types.js';
import { TournamentGuard } from './guard.js';
import type { Person, TournamentResult, Tournaments } from './tournaments.js';

export interface TournamentRoutesDeps {
  readonly store: Store;
  readonly auth: Auth;
  readonly tournaments: Tournaments;
  readonly limits: Limits;
  /** Where the rate limits are kept: shared through Redis beside other instances, in this process alone (app.ts decides, never a route). */
  readonly limiters: RateLimiters;
  readonly now: () => number;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  ERR_NOT_FOUND: 404,
  ERR_ACCOUNT_ONLY: 403,
  ERR_TOURNAMENT: 409,
  ERR_TOURNAMENT_FULL: 409,
  ERR_TOO_MANY_GAMES: 409,
  ERR_SETTINGS: 400,
};

const personOf = (user: UserRow): Person => ({ id: user.id, name: displayName(user), account: user.name !== null });
const parseBody = <S extends v.GenericSchema>(schema: S, body: unknown) => decode(schema, body ?? {});
type Params = { Params: { id: string } };

/**
 * The tournaments' REST side: the list, one tournament, creating one
 * (accounts only, limited per account and address: tournament/guard.ts), registering and
 * withdrawing, and the creator's start, cancel and bots. Each change answers the tournament as
 * the caller now sees it; its watchers on the socket get it too (ws-tournament.ts). The list
 * and a tournament are for every visitor, and each reads many rows (a tournament every game of
 * its rounds): each costs an address one of its `recordsPerMinute` (429 beyond), as a match
 * record does; a page that stays open follows the changes on the socket instead.
 */
export function tournamentRoutes(deps: TournamentRoutesDeps) {
  const { auth, tournaments } = deps;
  const limiters = deps.limiters;
  const guard = new TournamentGuard(deps.limits, limiters);
  const byAddress = limiters.limiter('tournament-pages', deps.limits.recordsPerMinute, deps.limits.recordsPerMinute);
  /** Null when the address may read a page now; else the refusal, sent. */
  const rateRead = async (request: FastifyRequest, reply: FastifyReply) => {
    const taken = await byAddress.take(request.ip, deps.now());
    return taken.ok ? null : refuseTooMany(reply, tooMany('too many tournament pages asked for', taken.retryAfterMs));
  };
  const viewer = (user: UserRow | null) => ({ userId: user?.id ?? null, account: (user?.name ?? null) !== null });

  /**
   * The change `run` makes for `user`, counted against his changes a minute (TournamentGuard),
   * and the answer: the tournament as he sees it now, or the refusal.
   */
  const answer = async (reply: FastifyReply, user: UserRow, run: () => Promise<TournamentResult<TournamentRow>>) => {
    const limited = await guard.change(user.id, deps.now());
    if (limited !== null) return refuseTooMany(reply, limited);
    const r = await run();
    if (!r.ok) return refuse(reply, STATUS[r.error.code] ?? 400, r.error.code, r.error.message);
    return (await tournaments.viewOf(r.value, viewer(user))) satisfies TournamentView;
  };

  /** The caller when he has a session; refused (401) otherwise. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> => {
    const user = await auth.identify(request);
    if (user === null) refuse(reply, 401, 'ERR_NO_SESSION', 'sign in or play a game first');
    return user;
  };

  return async (api: FastifyInstance): Promise<void> => {
    api.get(at(REST.tournaments), async (request, reply) => (await rateRead(request, reply)) ?? tournaments.list());

    api.get<Params>(at(REST.tournament), async (request, reply) => {
      const refused = await rateRead(request, reply);
      if (refused !== null) return refused;
      const user = await auth.identify(request);
      const view = ID.test(request.params.id) ? await tournaments.view(request.params.id, viewer(user)) : null;
      if (view === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such tournament');
      return view;
    });

    api.post(at(REST.createTournament), async (request, reply) => {
      const body = parseBody(NewTournamentSchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const user = await auth.identify(request);
      if (user === null || user.name === null) {
        return refuse(reply, 403, 'ERR_ACCOUNT_ONLY', 'only an account creates tournaments: register or sign in');
      }
      const tooMany = await guard.rate(user.id, request.ip, deps.now());
      if (tooMany !== null) return refuseTooMany(reply, tooMany);
      const r = await tournaments.create(personOf(user), body.value);
      if (!r.ok) {
        const status = r.error.code === 'ERR_TOURNAMENT' ? 400 : (STATUS[r.error.code] ?? 400);
        return refuse(reply, status, r.error.code, r.error.message);
      }
      return reply.code(201).send(r.value);
    });

    api.post<Params>(at(REST.joinTournament), async (request, reply) => {
      const body = parseBody(NoBodySchema, request.body);
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      if (!ID.test(request.params.id)) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such tournament');
      // A visitor registers for a casual tournament as a guest, as he would start a game.
      const known = await auth.identify(request);
      if (known === null) {
        const view = await tournaments.view(request.params.id, viewer(null));
        if (view === null) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such tournament');
        if (view.rated) return refuse(reply, 403, 'ERR_ACCOUNT_ONLY', 'only an account plays a rated tournament');
        const tooMany = await guard.guest(request.ip, deps.now());
        if (tooMany !== null) return refuseTooMany(reply, tooMany);
      }
      const user = known ?? (await auth.ensure(request, reply));
      return answer(reply, user, () => tournaments.join(request.params.id, personOf(user)));
    });

    /** A signed-in caller's change to tournament `:id`, with the body its route takes: refused as above, else answered. */
    const change = <S extends v.GenericSchema>(
      route: Route & { readonly body: S },
      run: (id: string, user: UserRow, body: v.InferOutput<S>) => Promise<TournamentResult<TournamentRow>>,
    ) =>
      api.post<Params>(at(route), async (request, reply) => {
        const body = parseBody(route.body, request.body);
        if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
        const user = await signedIn(request, reply);
        if (user === null) return reply;
        if (!ID.test(request.params.id)) return refuse(reply, 404, 'ERR_NOT_FOUND', 'no such tournament');
        return answer(reply, user, () => run(request.params.id, user, body.value));
      });

    change(REST.leaveTournament, (id, user) => tournaments.leave(id, user.id));
    change(REST.startTournament, (id, user) => tournaments.start(id, user.id));
    change(REST.cancelTournament, (id, user) => tournaments.cancel(id, user.id));
    change(REST.addTournamentBot, (id, user, body) => tournaments.addBot(id, user.id, body.level));
  };
}
