import type { Bus, Cluster, ClusterConfig, LocalNetwork } from '../cluster/index.js';
import type { Lease } from '../cluster/lease.js';
import { openLease } from '../cluster/open-lease.js';
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

/**
 * The tournaments beside other instances (REDIS_URL set, or an in-process network in tests): a
 * lease of their own (open-lease.ts). Alone, nothing is opened.
 */
export async function sharedTournaments(
  config: ClusterConfig | undefined,
  cluster: Cluster,
  log: Log,
  network?: LocalNetwork,
): Promise<SharedTournaments> {
  const opened = await openLease(TOURNAMENTS_LEASE, 'tournaments', config, cluster, log, network);
  if (opened === null) return { close: async () => {} };
  return { link: { lease: opened.lease, bus: cluster.bus }, close: () => opened.close() };
}
