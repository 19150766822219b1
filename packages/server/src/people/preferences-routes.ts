import { DEFAULT_PREFERENCES, decode, type Preferences, PreferencesSchema, REST } from '@zar/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { at } from '../http/paths.js';
import { refuse, refuseTooMany } from '../http/refuse.js';
import { tooMany } from '../limits/bucket.js';
import type { RateLimiters } from '../limits/limiter.js';
import type { PeopleStore, UserRow } from '../store/types.js';
import type { Auth } from './auth.js';

export interface PreferencesDeps {
  /** Where the rate limits are kept: shared through Redis beside other instances, in this process alone (app.ts decides, never a route). */
  readonly limiters: RateLimiters;
  readonly store: PeopleStore;
  readonly auth: Auth;
  readonly now: () => number;
}

/** Saves one account may make a minute (a burst of as many): a settings panel saves once a change. */
export const PREFERENCE_SAVES_PER_MINUTE = 60;

/**
 * GET and POST /api/preferences: an account's table preferences (theme, checkers, sound...),
 * kept on the server so they follow the player to every device. A guest keeps his in the
 * browser: 401 ERR_NO_SESSION without a session, 403 ERR_ACCOUNT_ONLY for a guest. An account
 * that never saved any gets the defaults. A body is strict (ERR_BODY names a misspelled field);
 * every field may be left out and takes its default.
 */
export function preferencesRoutes(deps: PreferencesDeps) {
  const saves = deps.limiters.limiter('preference-saves', PREFERENCE_SAVES_PER_MINUTE, PREFERENCE_SAVES_PER_MINUTE);

  /** The caller's account, or null once he has been refused. */
  const account = async (request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> => {
    const user = await deps.auth.identify(request);
    if (user === null) {
      refuse(reply, 401, 'ERR_NO_SESSION', 'preferences are kept in this browser until you register');
      return null;
    }
    if (user.name === null) {
      refuse(
        reply,
        403,
        'ERR_ACCOUNT_ONLY',
        'a guest keeps his preferences in this browser; register to keep them here',
      );
      return null;
    }
    return user;
  };

  return async (api: FastifyInstance): Promise<void> => {
    api.get(at(REST.preferences), async (request, reply) => {
      const user = await account(request, reply);
      if (user === null) return reply;
      const stored = await deps.store.preferencesOf(user.id);
      if (stored === null) return DEFAULT_PREFERENCES;
      // Saved by an older or newer server: what still parses is kept, the rest takes its default.
      const whole = decode(PreferencesSchema, stored);
      if (whole.ok) return whole.value satisfies Preferences;
      return { ...DEFAULT_PREFERENCES, ...knownFields(stored) } satisfies Preferences;
    });

    api.post(at(REST.savePreferences), async (request, reply) => {
      const body = decode(PreferencesSchema, request.body ?? {});
      if (!body.ok) return refuse(reply, 400, 'ERR_BODY', body.message);
      const user = await account(request, reply);
      if (user === null) return reply;
      const taken = await saves.take(user.id, deps.now());
      if (!taken.ok) return refuseTooMany(reply, tooMany('too many saves', taken.retryAfterMs));
      await deps.store.setPreferences(user.id, body.value, deps.now());
      return reply.code(204).send();
    });
  };
}

/** The fields of a stored value that are valid preferences each on its own. */
function knownFields(stored: Readonly<Record<string, unknown>>): Partial<Preferences> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (!Object.hasOwn(DEFAULT_PREFERENCES, key)) continue;
    const one = decode(PreferencesSchema, { [key]: value });
    if (one.ok) out[key] = value;
  }
  return out as Partial<Preferences>;
}
