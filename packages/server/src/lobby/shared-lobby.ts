import type { Cluster, ClusterConfig, LocalNetwork } from '../cluster/index.js';
import { openLease } from '../cluster/open-lease.js';
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

/**
 * The lobby beside other instances (REDIS_URL set, or an in-process network in tests): one
 * lease (open-lease.ts) for the pool and the live list. Alone, nothing is opened and nothing
 * changes.
 */
export async function sharedLobby(
  config: ClusterConfig | undefined,
  cluster: Cluster,
  log: Log,
  network?: LocalNetwork,
): Promise<SharedLobby> {
  const opened = await openLease(LOBBY_LEASE, 'lobby', config, cluster, log, network);
  if (opened === null) return { close: async () => {} };
  const { lease } = opened;
  return {
    pool: { bus: cluster.bus, rpc: cluster.rpc, liveness: cluster.liveness, lease, log },
    live: (locate) => ({ lease, rpc: cluster.rpc, locate }),
    close: () => opened.close(),
  };
}
