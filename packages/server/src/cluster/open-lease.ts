import type { Log } from '../common/log.js';
import type { Cluster } from './cluster.js';
import type { ClusterConfig } from './config.js';
import { type Lease, LocalLeases, RedisLease } from './lease.js';
import type { LocalNetwork } from './local.js';
import { closeConnection, openConnection, readyWithin } from './redis.js';

/** A lease this instance takes part in, and how to leave it (with its connection, where it has one). */
export interface OpenedLease {
  readonly lease: Lease;
  close(): Promise<void>;
}

/** Each in-process network's leases, by key (the tests of several apps in one process). */
const localLeases = new WeakMap<LocalNetwork, Map<string, LocalLeases>>();

/**
 * Takes part in the lease `key` beside other instances. With Redis, a RedisLease on a
 * connection of its own (named `name`), so that its beats do not wait behind the bus's
 * publishing, renewed with the alive key's times: a dead holder's lease is taken as soon as its
 * games are. On an in-process network (`network`, tests), that network's lease of `key`. Null
 * for an instance alone, which holds no lease at all.
 */
export async function openLease(
  key: string,
  name: string,
  config: ClusterConfig | undefined,
  cluster: Cluster,
  log: Log,
  network?: LocalNetwork,
): Promise<OpenedLease | null> {
  if (!cluster.shared) return null;
  if (network !== undefined) {
    const byKey = localLeases.get(network) ?? new Map<string, LocalLeases>();
    localLeases.set(network, byKey);
    const leases = byKey.get(key) ?? new LocalLeases(log);
    byKey.set(key, leases);
    const lease = leases.join(cluster.instance);
    return { lease, close: () => lease.close() };
  }
  if (config === undefined || config.redisUrl === null) return null;
  const { instance, limits } = config;
  const redis = openConnection(config.redisUrl, name, { commandTimeoutMs: limits.commandTimeoutMs, log, instance });
  try {
    await readyWithin(redis, limits.connectMs);
    const times = { ttlMs: limits.aliveTtlMs, renewMs: limits.renewMs, marginMs: limits.fenceMarginMs };
    const lease = new RedisLease({ key, instance, redis, liveness: cluster.liveness, log, times });
    await lease.start();
    return {
      lease,
      close: async () => {
        await lease.close();
        await closeConnection(redis);
      },
    };
  } catch (e) {
    await closeConnection(redis);
    throw e;
  }
}
