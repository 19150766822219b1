import type { Log } from '../common/log.js';
import type { Bus } from './bus.js';
import { RedisBus } from './bus.js';
import type { ClusterConfig, ClusterLimits } from './config.js';
import { DEFAULT_CLUSTER_LIMITS, randomInstance } from './config.js';
import { type Liveness, RedisLiveness } from './liveness.js';
import { LocalLiveness, LocalNetwork } from './local.js';
import { connectRedis } from './redis.js';
import { Rpc } from './rpc.js';

/**
 * What an instance needs to work beside others: its name, the bus to them, questions and
 * answers over it, and who is alive. app.ts holds one; the game, lobby and other modules are
 * handed the parts they use.
 */
export interface Cluster {
  readonly instance: string;
  /** False for an instance alone (no REDIS_URL): there is no one to forward to or take over from. */
  readonly shared: boolean;
  readonly bus: Bus;
  readonly rpc: Rpc;
  readonly liveness: Liveness;
  /** The liveness stopped (its key removed), every waiting question answered, the bus and Redis closed. */
  close(): Promise<void>;
}

/**
 * The cluster the configuration asks for: over Redis when REDIS_URL is set (connected, its
 * channel subscribed and its alive key set before this returns, or an error), otherwise an
 * instance alone on the in-process twin, which starts no timer and opens no socket.
 */
export async function openCluster(config: ClusterConfig, log: Log): Promise<Cluster> {
  if (config.redisUrl === null) return localCluster(config.instance, config.limits, log);
  const { instance, limits } = config;
  const links = connectRedis(config.redisUrl, { commandTimeoutMs: limits.commandTimeoutMs, log, instance });
  try {
    await links.ready(limits.connectMs);
    const bus = await RedisBus.open({
      instance,
      commands: links.commands,
      subscriber: links.subscriber,
      maxEnvelopeBytes: limits.maxEnvelopeBytes,
      log,
    });
    const liveness = new RedisLiveness({ instance, commands: links.commands, limits, log });
    await liveness.start();
    return assemble({ instance, shared: true, bus, liveness, limits, log, closeLinks: links.close });
  } catch (e) {
    await links.close();
    throw new Error(
      `instance ${instance} could not join the cluster at REDIS_URL: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/**
 * An instance on an in-process network: alone (the default), or beside others on the same
 * `network` (tests of several instances without Redis).
 */
export function localCluster(
  instance: string = randomInstance(),
  limits: ClusterLimits = DEFAULT_CLUSTER_LIMITS,
  log: Log = { error: () => {}, warn: () => {} },
  network?: LocalNetwork,
): Cluster & { readonly liveness: LocalLiveness } {
  const bus = (network ?? new LocalNetwork(limits.maxEnvelopeBytes, log)).join(instance);
  return assemble({ instance, shared: network !== undefined, bus, liveness: new LocalLiveness(instance), limits, log });
}

interface Parts<L extends Liveness> {
  readonly instance: string;
  readonly shared: boolean;
  readonly bus: Bus;
  readonly liveness: L;
  readonly limits: ClusterLimits;
  readonly log: Log;
  /** The connections under the bus, closed last. */
  readonly closeLinks?: () => Promise<void>;
}

/** A cluster of its parts, with questions asked over its bus; it closes them from the top down. */
function assemble<L extends Liveness>(parts: Parts<L>): Cluster & { readonly liveness: L } {
  const { bus, liveness, limits, closeLinks } = parts;
  const rpc = new Rpc(bus, { maxPending: limits.maxPendingAsks, timeoutMs: limits.askTimeoutMs, log: parts.log });
  const unwatch = liveness.onPeer((instance, up) => rpc.peer(instance, up));
  return {
    instance: parts.instance,
    shared: parts.shared,
    bus,
    rpc,
    liveness,
    close: async () => {
      unwatch();
      await liveness.close();
      rpc.close();
      await bus.close();
      if (closeLinks !== undefined) await closeLinks();
    },
  };
}
