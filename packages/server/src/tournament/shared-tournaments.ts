import {
  type Bus,
  type Cluster,
  type ClusterConfig,
  closeConnection,
  type LocalNetwork,
  openConnection,
  readyWithin,
} from '../cluster/index.js';
import { type Lease, LocalLeases, RedisLease } from '../cluster/lease.js';
import type { Log } from '../common/log.js';

/**
 * The Redis key of the tournaments' lease: its holder runs every tournament's timers, launches
 * and bookings. One lease for all: a tournament's work is a few store writes a round, the
 * versioned row already fences two writers, and one key means one beat and one recovery on a
 * takeover rather than a key per tournament that new tournaments would have to be found for.
 */
export const TOURNAMENTS_LEASE = 'zar:lease:tournaments';

/** The broadcast channel on which instances tell each other of tournaments' changes and ended matches. */
export const TOURNAMENTS_CHANNEL = 'tournaments';

/** How the tournament service works beside other instances (Tournaments' `link`). */
export interface TournamentsLink {
  readonly lease: Lease;
  readonly bus: Bus;
}

export interface SharedTournaments {
  /** Absent for an instance alone: the service runs everything itself, as it always did. */
  readonly link?: TournamentsLink;
  close(): Promise<void>;
}

/** The lease of each in-process network's instances (tests of several apps in one process). */
const localLeases = new WeakMap<LocalNetwork, LocalLeases>();

/**
 * The tournaments beside other instances (REDIS_URL set): the lease on a connection of its own,
 * as the lobby's; on an in-process network (`network`, tests), the network's own lease. Alone,
 * nothing is opened.
 */
export async function sharedTournaments(
  config: ClusterConfig | undefined,
  cluster: Cluster,
  log: Log,
  network?: LocalNetwork,
): Promise<SharedTournaments> {
  if (!cluster.shared) return { close: async () => {} };
  if (network !== undefined) {
    let leases = localLeases.get(network);
    if (leases === undefined) {
      leases = new LocalLeases(log);
      localLeases.set(network, leases);
    }
    const lease = leases.join(cluster.instance);
    return { link: { lease, bus: cluster.bus }, close: () => lease.close() };
  }
  if (config === undefined || config.redisUrl === null) return { close: async () => {} };
  const { instance, limits } = config;
  const redis = openConnection(config.redisUrl, 'tournaments', {
    commandTimeoutMs: limits.commandTimeoutMs,
    log,
    instance,
  });
  let lease: RedisLease;
  try {
    await readyWithin(redis, limits.connectMs);
    const times = { ttlMs: limits.aliveTtlMs, renewMs: limits.renewMs, marginMs: limits.fenceMarginMs };
    lease = new RedisLease({ key: TOURNAMENTS_LEASE, instance, redis, liveness: cluster.liveness, log, times });
    await lease.start();
  } catch (e) {
    await closeConnection(redis);
    throw e;
  }
  return {
    link: { lease, bus: cluster.bus },
    close: async () => {
      await lease.close();
      await closeConnection(redis);
    },
  };
}
