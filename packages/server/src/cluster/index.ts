export type { Bus, BusCode, EnvelopeHandler } from './bus.js';
export { type Cluster, localCluster, openCluster } from './cluster.js';
export {
  aloneConfig,
  type ClusterConfig,
  type ClusterConfigCode,
  type ClusterLimits,
  clusterConfigFrom,
  DEFAULT_CLUSTER_LIMITS,
} from './config.js';
export type { Envelope, EnvelopeKind } from './envelope.js';
export type { FenceListener, Liveness, PeerListener } from './liveness.js';
export { LocalLiveness, LocalNetwork } from './local.js';
export { closeConnection, openConnection, readyWithin } from './redis.js';
export type { Answer, Answerer, AskCode, Rpc } from './rpc.js';
