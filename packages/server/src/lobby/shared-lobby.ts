import {
  type Cluster,
  type ClusterConfig,
  closeConnection,
  type LocalNetwork,
  openConnection,
  readyWithin,
} from '../cluster/index.js';
import { type Lease, LocalLeases, RedisLease } from '../cluster/lease.js';
import type { Log } from '../common/log.js';
import type { LiveLink } from './live-feed.js';
import type { PoolLinkDeps } from './pool-link.js';

/** The Redis key of the lobby's lease: its holder runs the pairing pool and reads the live list. */
export const LOBBY_LEASE = 'zar:lease:lobby';

/** What the lobby shares with the other instances; nothing for an instance alone. */
export interface SharedLobby {
  /** The pairing pool's link (PairingPool's `link`). */
  readonly pool?: Omit<PoolLinkDeps, 'create'>;
  /** The live list's link, given where a game's room is (Rooms.locate). */
  live?(locate: LiveLink['locate']): LiveLink;
  close(): Promise<void>;
}

/** The lease of each in-process network's instances (tests of several apps in one process). */
const localLeases = new WeakMap<LocalNetwork, LocalLeases>();

/**
 * The lobby beside other instances (REDIS_URL set): one lease for the pool and the live list,
 * on a connection of its own so that its beats do not wait behind the bus's publishing; on an
 * in-process network (`network`, tests), the network's own lease. Alone, nothing is opened and
 * nothing changes.
 */
export async function sharedLobby(
  config: ClusterConfig | undefined,
  cluster: Cluster,
  log: Log,
  network?: LocalNetwork,
): Promise<SharedLobby> {
  if (!cluster.shared) return { close: async () => {} };
  if (network !== undefined) {
    let leases = localLeases.get(network);
    if (leases === undefined) {
      leases = new LocalLeases(log);
      localLeases.set(network, leases);
    }
    const lease = leases.join(cluster.instance);
    return linked(cluster, lease, log, () => lease.close());
  }
  if (config === undefined || config.redisUrl === null) return { close: async () => {} };
  const { instance, limits } = config;
  const redis = openConnection(config.redisUrl, 'lobby', { commandTimeoutMs: limits.commandTimeoutMs, log, instance });
  let lease: RedisLease;
  try {
    await readyWithin(redis, limits.connectMs);
    // The alive key's times: a dead holder's lease is taken as soon as its games are.
    const times = { ttlMs: limits.aliveTtlMs, renewMs: limits.renewMs, marginMs: limits.fenceMarginMs };
    lease = new RedisLease({ key: LOBBY_LEASE, instance, redis, liveness: cluster.liveness, log, times });
    await lease.start();
  } catch (e) {
    await closeConnection(redis);
    throw e;
  }
  return linked(cluster, lease, log, async () => {
    await lease.close();
    await closeConnection(redis);
  });
}

function linked(cluster: Cluster, lease: Lease, log: Log, close: () => Promise<void>): SharedLobby {
  return {
    pool: { bus: cluster.bus, rpc: cluster.rpc, liveness: cluster.liveness, lease, log },
    live: (locate) => ({ lease, rpc: cluster.rpc, locate }),
    close,
  };
}
