import { afterEach, describe, expect, it, vi } from 'vitest';
import { clusterConfigFrom, DEFAULT_CLUSTER_LIMITS, localCluster, openCluster } from '../src/cluster/index.js';

/*
 * REDIS_URL and ZAR_INSTANCE, and the instance alone that Zar is without them: the same as
 * before the cluster existed, with no timer and no socket of its own.
 */

afterEach(() => {
  vi.useRealTimers();
});

describe('the cluster settings', () => {
  it('leave an instance alone, under a random name, when nothing is set', () => {
    const a = clusterConfigFrom({});
    const b = clusterConfigFrom({ REDIS_URL: '', ZAR_INSTANCE: '' });
    if (!a.ok || !b.ok) throw new Error('expected settings');
    expect(a.value.redisUrl).toBeNull();
    expect(a.value.instance).toMatch(/^i-[A-Za-z0-9_-]{8}$/);
    expect(b.value.instance).not.toBe(a.value.instance);
    expect(a.value.limits).toBe(DEFAULT_CLUSTER_LIMITS);
  });

  it('take a redis:// or rediss:// address and a name', () => {
    const r = clusterConfigFrom({ REDIS_URL: 'rediss://:secret@cache.example:6380/2', ZAR_INSTANCE: 'web-1.a_b' });
    expect(r).toMatchObject({
      ok: true,
      value: { redisUrl: 'rediss://:secret@cache.example:6380/2', instance: 'web-1.a_b' },
    });
  });

  it.each(['localhost:6379', 'http://cache:6379', 'redis://', 'not a url'])(
    'refuse REDIS_URL "%s" with a stable code',
    (url) => {
      const r = clusterConfigFrom({ REDIS_URL: url });
      expect(r.ok ? null : r.error.code).toBe('ERR_REDIS_URL');
    },
  );

  it('never repeat a refused address, which may hold a password', () => {
    const r = clusterConfigFrom({ REDIS_URL: 'http://user:hunter2@cache' });
    expect(r.ok ? '' : r.error.message).not.toContain('hunter2');
  });

  it.each(['has space', 'a:b/c', 'x'.repeat(65), 'ünï'])('refuse ZAR_INSTANCE "%s"', (name) => {
    const r = clusterConfigFrom({ ZAR_INSTANCE: name });
    expect(r.ok ? null : r.error.code).toBe('ERR_INSTANCE');
  });
});

describe('an instance alone', () => {
  it('starts no timer, is live, has no peers, and answers its own questions', async () => {
    vi.useFakeTimers();
    const cluster = await openCluster(
      { redisUrl: null, instance: 'alone', limits: DEFAULT_CLUSTER_LIMITS },
      { error: () => {}, warn: () => {} },
    );
    expect(vi.getTimerCount()).toBe(0);
    expect(cluster).toMatchObject({ instance: 'alone', shared: false });
    expect(cluster.liveness.live).toBe(true);
    expect(cluster.liveness.peers().size).toBe(0);
    cluster.rpc.serve('echo', (body) => ({ ok: true, value: body }));
    expect(await cluster.rpc.ask('alone', 'echo', 'me')).toEqual({ ok: true, value: 'me' });
    expect(vi.getTimerCount()).toBe(0);
    await cluster.close();
  });

  it('beside others on a test network, is told of peers and fences as the test says', () => {
    const cluster = localCluster('one');
    const seen: string[] = [];
    cluster.liveness.onPeer((peer, up) => seen.push(`${peer} ${up}`));
    cluster.liveness.onFence((fenced) => seen.push(`fenced ${fenced}`));
    cluster.liveness.setPeer('two', true);
    cluster.liveness.setPeer('two', true);
    cluster.liveness.setFenced(true);
    expect(cluster.liveness.live).toBe(false);
    cluster.liveness.setPeer('two', false);
    expect(seen).toEqual(['two true', 'fenced true', 'two false']);
  });
});
