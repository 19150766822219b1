import { Redis } from 'ioredis';
import type { Log } from '../common/log.js';
import { Outage } from '../common/outage.js';

/**
 * The two connections an instance holds to Redis: one for commands (PUBLISH, the alive key)
 * and one for subscriptions, which Redis puts in a mode that takes no other command.
 */
export interface RedisLinks {
  readonly commands: Redis;
  readonly subscriber: Redis;
  /** Both ready (connected and answering); each waits at most `ms`. */
  ready(ms: number): Promise<void>;
  close(): Promise<void>;
}

export interface LinkOptions {
  /** A command not answered within this long fails rather than waits for a stalled Redis. */
  readonly commandTimeoutMs: number;
  /** Who is told when a connection is lost and when it is back. */
  readonly log: Log;
  /** This instance, in the connections' CLIENT LIST names. */
  readonly instance: string;
}

/** Reconnecting after a loss: soon at first, then every 2 s, for ever (an outage is waited out, never fatal). */
function retryDelay(times: number): number {
  return Math.min(times * 100, 2000);
}

export function connectRedis(url: string, options: LinkOptions): RedisLinks {
  const commands = openConnection(url, 'commands', options);
  const subscriber = openConnection(url, 'subscriber', options);
  return {
    commands,
    subscriber,
    ready: async (ms) => {
      await Promise.all([readyWithin(commands, ms), readyWithin(subscriber, ms)]);
    },
    close: async () => {
      await Promise.all([closeConnection(commands), closeConnection(subscriber)]);
    },
  };
}

export interface ConnectionOptions extends LinkOptions {
  /** The outage not logged here, where the connection's user tells it in its own words. */
  readonly quiet?: boolean;
}

/**
 * One connection to Redis, named `zar-{instance}-{role}` in CLIENT LIST, reconnecting for ever;
 * it is lost and back in the log, once each per outage, unless `quiet`.
 */
export function openConnection(url: string, role: string, options: ConnectionOptions): Redis {
  const redis = new Redis(url, {
    connectionName: `zar-${options.instance}-${role}`,
    retryStrategy: retryDelay,
    // Nothing waits for Redis to come back: a publish is at most once anyway, the alive key
    // must not be renewed late from a queue, after this instance has fenced itself, and a rate
    // limit is answered locally at once while Redis is away.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs,
    // A lost subscriber connection subscribes again to its channels when it is back.
    autoResubscribe: true,
  });
  if (options.quiet === true) {
    // ioredis throws an 'error' no one listens to.
    redis.on('error', () => {});
    return redis;
  }
  const outage = new Outage(options.log, `Redis is unreachable (${role}); trying again`, `Redis is back (${role})`);
  redis.on('error', (e: unknown) => outage.failed(e));
  redis.on('ready', () => outage.recovered());
  return redis;
}

/** Resolves once `redis` is ready (connected and answering), rejects after `ms` if it is not. */
export function readyWithin(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', done);
      reject(new Error(`Redis did not answer within ${ms} ms`));
    }, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', done);
  });
}

/** QUIT when connected (pending replies are read first), else just the socket closed and no reconnecting. */
export async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Lost meanwhile: disconnect below.
    }
  }
  redis.disconnect(false);
}
