import type { FastifyInstance } from 'fastify';
import type { Liveness } from '../cluster/liveness.js';
import { refuse } from './refuse.js';

/** Where the balancer checks an instance (deploy/haproxy.cfg); under /api so no page route shadows it. */
export const HEALTH_PATH = '/health';
/** How long one look at the store is the answer: every balancer asks each instance every second. */
export const HEALTH_CACHE_MS = 500;
/** A store slower than this counts as away: the balancer's own check gives up soon after. */
export const HEALTH_STORE_MS = 1_000;

export interface HealthDeps {
  /** Any cheap read of the store (the games store's heartbeat row): http knows no domain's store. */
  readonly store: { heartbeat(): Promise<unknown> };
  readonly liveness: Pick<Liveness, 'live'>;
  readonly now: () => number;
}

/**
 * GET /api/health: 200 while this instance may serve, 503 when it is fenced (Redis lost: it
 * owns no game until the fence lifts) or its store does not answer, so that the balancer
 * sends players to the others. A fence is read at each call (a field); the store is asked
 * for one row at most once every HEALTH_CACHE_MS, however many balancers ask.
 */
export function healthRoutes(deps: HealthDeps) {
  let cached: { at: number; up: Promise<boolean> } | null = null;
  const storeUp = (): Promise<boolean> => {
    const now = deps.now();
    if (cached === null || now - cached.at >= HEALTH_CACHE_MS) {
      cached = { at: now, up: answersWithin(deps.store.heartbeat(), HEALTH_STORE_MS) };
    }
    return cached.up;
  };
  return async (api: FastifyInstance): Promise<void> => {
    api.get(HEALTH_PATH, async (_request, reply) => {
      if (!deps.liveness.live) {
        return refuse(reply, 503, 'ERR_STORE_UNAVAILABLE', 'this instance lost Redis and stepped down (fenced)');
      }
      if (!(await storeUp())) return refuse(reply, 503, 'ERR_STORE_UNAVAILABLE', 'the store does not answer');
      return { ok: true };
    });
  };
}

function answersWithin(asked: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    asked.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}
