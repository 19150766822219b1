import type { Redis } from 'ioredis';
import type { Liveness } from '../cluster/index.js';
import type { Outage } from '../common/outage.js';
import type { SocketCount } from './sockets.js';

/** An instance's open sockets by address: a hash of its own, so that its death can drop them all. */
export const SOCKETS_PREFIX = 'zar:sockets:';

/*
 * Writes this instance's count of one address (none: the field removed), then answers the
 * other live instances' counts of it added up, in one round trip.
 * KEYS[1]: this instance's hash. ARGV: the address, its count here, then the others' hashes.
 */
const COUNT_SCRIPT = `
if ARGV[2] == '0' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
local others = 0
for i = 3, #ARGV do
  others = others + (tonumber(redis.call('HGET', ARGV[i], ARGV[1])) or 0)
end
return others`;

interface CountCommand {
  zarSockets(mine: string, address: string, count: string, ...others: string[]): Promise<number>;
}

/**
 * Sockets open at once per address, counted by every instance together. Each instance counts
 * its own at once, before any await, as OpenSockets does, so that sockets opened together
 * cannot slip past here; it adds what the others had at its last word with Redis about that
 * address, which every open and close of it here brings up to date (a refusal too, so that
 * one stale count cannot refuse for long). So the sum can pass the limit only by what the
 * instances admit before they have heard of each other: a socket or a burst each, never more
 * than the limit per instance.
 *
 * Each instance's counts are a hash of its own: written whole again when Redis is back after
 * an outage, removed when it closes, and dropped by the others when its liveness goes down
 * (a kill -9 leaves no count behind for longer than it takes to see it dead).
 */
export class SharedOpenSockets implements SocketCount {
  private readonly here = new Map<string, number>();
  /** The other instances' sockets of each address open here, as last heard. */
  private readonly elsewhere = new Map<string, number>();
  private readonly hash: string;
  private readonly stopPeers: () => void;

  constructor(
    private readonly redis: Redis,
    private readonly liveness: Liveness,
    private readonly outage: Outage,
    private readonly max: number,
  ) {
    this.hash = SOCKETS_PREFIX + liveness.instance;
    redis.defineCommand('zarSockets', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    this.stopPeers = liveness.onPeer((instance, up) => {
      if (!up) this.redis.del(SOCKETS_PREFIX + instance).catch((e: unknown) => this.outage.failed(e));
    });
    // A hash left by an earlier life under this name, or by this one before an outage: written whole.
    this.rewrite();
    redis.on('ready', () => this.rewrite());
  }

  admit(address: string): boolean {
    const open = this.here.get(address) ?? 0;
    if (open + (this.elsewhere.get(address) ?? 0) >= this.max) {
      this.tell(address, open);
      return false;
    }
    this.here.set(address, open + 1);
    this.tell(address, open + 1);
    return true;
  }

  release(address: string): void {
    const open = (this.here.get(address) ?? 0) - 1;
    if (open > 0) this.here.set(address, open);
    else {
      this.here.delete(address);
      this.elsewhere.delete(address);
    }
    this.tell(address, Math.max(0, open));
  }

  /** This instance's counts removed from Redis (its sockets are closing with it). */
  async close(): Promise<void> {
    this.stopPeers();
    if (this.redis.status !== 'ready') return;
    await this.redis.del(this.hash).catch((e: unknown) => this.outage.failed(e));
  }

  private tell(address: string, open: number): void {
    if (this.redis.status !== 'ready') return;
    const others = [...this.liveness.peers()].map((instance) => SOCKETS_PREFIX + instance);
    (this.redis as unknown as CountCommand).zarSockets(this.hash, address, String(open), ...others).then(
      (count) => {
        if (this.here.has(address)) this.elsewhere.set(address, count);
      },
      (e: unknown) => this.outage.failed(e),
    );
  }

  private rewrite(): void {
    if (this.redis.status !== 'ready') return;
    const fields = [...this.here].flatMap(([address, open]) => [address, String(open)]);
    const write = this.redis.multi().del(this.hash);
    if (fields.length > 0) write.hset(this.hash, ...fields);
    write.exec().catch((e: unknown) => this.outage.failed(e));
  }
}
