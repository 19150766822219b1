import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../src/cluster/index.js';
import {
  type Cluster,
  type ClusterLimits,
  DEFAULT_CLUSTER_LIMITS,
  LocalNetwork,
  localCluster,
  openCluster,
} from '../src/cluster/index.js';
import { startRedis, type TestRedis } from './support/redis.js';

/*
 * The bus and its questions, over a real redis-server and over the in-process twin: the same
 * cases must hold for both, since a single instance runs on the twin and a cluster on Redis.
 */

const LIMITS: ClusterLimits = {
  ...DEFAULT_CLUSTER_LIMITS,
  maxEnvelopeBytes: 4096,
  maxPendingAsks: 3,
  askTimeoutMs: 1000,
};
const quiet = { error: () => {}, warn: () => {} };

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

/** Each test's instances get names of their own: the Redis is shared by the whole file. */
let runs = 0;

interface Transport {
  readonly name: string;
  /** Instances a, b, … (as many as names), closed by the returned `close`. */
  open(count: number): Promise<{ clusters: Cluster[]; close(): Promise<void> }>;
}

const transports: Transport[] = [
  {
    name: 'Redis',
    open: async (count) => {
      const run = ++runs;
      const clusters = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          openCluster({ redisUrl: redis.url, instance: `bus${run}-${i}`, limits: LIMITS }, quiet),
        ),
      );
      return { clusters, close: async () => void (await Promise.all(clusters.map((c) => c.close()))) };
    },
  },
  {
    name: 'the in-process twin',
    open: async (count) => {
      const network = new LocalNetwork(LIMITS.maxEnvelopeBytes, quiet);
      const clusters = Array.from({ length: count }, (_, i) => localCluster(`local-${i}`, LIMITS, quiet, network));
      return { clusters, close: async () => void (await Promise.all(clusters.map((c) => c.close()))) };
    },
  },
];

/** Resolves when `predicate` holds, polled; fails the test after `ms`. */
async function until(predicate: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function pair(clusters: Cluster[]): [Cluster, Cluster] {
  const [a, b] = clusters;
  if (a === undefined || b === undefined) throw new Error('two instances expected');
  return [a, b];
}

describe.each(transports)('the bus over $name', (transport) => {
  it('delivers one sender’s tells in the order sent, with the sender named', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    const got: Envelope[] = [];
    b.bus.on('count', (envelope) => got.push(envelope));
    for (let i = 0; i < 500; i++) expect(a.bus.send(b.instance, 'tell', 'count', 0, String(i)).ok).toBe(true);
    await until(() => got.length === 500);
    expect(got.map((e) => Number(e.body))).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(got[0]).toMatchObject({ kind: 'tell', type: 'count', from: a.instance, id: 0 });
    await close();
  });

  it('carries bodies as they are: newlines, spaces, JSON and other scripts', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    const got: string[] = [];
    b.bus.on('text', (envelope) => got.push(envelope.body));
    const bodies = ['', 'two\nlines', ' a b ', '{"t":"state","v":3}', 'Ζάρι — زار 🎲'];
    for (const body of bodies) a.bus.send(b.instance, 'tell', 'text', 0, body);
    await until(() => got.length === bodies.length);
    expect(got).toEqual(bodies);
    await close();
  });

  it('refuses an envelope over the limit, counted in UTF-8 bytes, and sends one at it', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    const got: number[] = [];
    b.bus.on('big', (envelope) => got.push(Buffer.byteLength(envelope.body)));
    const header = `T big ${a.instance} 0\n`.length;
    const fits = 'x'.repeat(LIMITS.maxEnvelopeBytes - header);
    expect(a.bus.send(b.instance, 'tell', 'big', 0, fits).ok).toBe(true);
    const over = a.bus.send(b.instance, 'tell', 'big', 0, `${fits}x`);
    expect(over.ok ? null : over.error.code).toBe('ERR_ENVELOPE_TOO_LARGE');
    // 2 bytes a character: short in characters, over the limit in bytes.
    const wide = a.bus.send(b.instance, 'tell', 'big', 0, 'é'.repeat(LIMITS.maxEnvelopeBytes / 2));
    expect(wide.ok ? null : wide.error.code).toBe('ERR_ENVELOPE_TOO_LARGE');
    await until(() => got.length === 1);
    expect(got).toEqual([fits.length]);
    await close();
  });

  it('tells every listener of a broadcast channel, the sender’s own too', async () => {
    const { clusters, close } = await transport.open(3);
    const heard: string[] = [];
    const stops = clusters.map((c) => c.bus.listen('news', (e) => heard.push(`${c.instance}<${e.from}:${e.body}`)));
    // Redis answers SUBSCRIBE asynchronously: a broadcast sent at once could reach no one yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [a, b] = pair(clusters);
    b.bus.broadcast('news', 'headline', 'hello');
    await until(() => heard.length === 3);
    expect(heard.sort()).toEqual(clusters.map((c) => `${c.instance}<${b.instance}:hello`).sort());
    stops[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    b.bus.broadcast('news', 'headline', 'again');
    await until(() => heard.length === 5);
    expect(heard.slice(3).some((h) => h.startsWith(`${a.instance}<`))).toBe(false);
    await close();
  });

  it('refuses to send once closed', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    await a.close();
    const sent = a.bus.send(b.instance, 'tell', 'x', 0, '');
    expect(sent.ok ? null : sent.error.code).toBe('ERR_BUS_CLOSED');
    await close();
  });
});

describe.each(transports)('questions over $name', (transport) => {
  it('are answered, refused with the answerer’s code, or told there is no answerer', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    b.rpc.serve('echo', (body, from) => ({ ok: true, value: `${from} said ${body}` }));
    b.rpc.serve('refuse', async () => ({ ok: false, error: { code: 'ERR_NOT_OWNER', message: 'not mine' } }));
    b.rpc.serve('throw', () => {
      throw new Error('broken');
    });
    expect(await a.rpc.ask(b.instance, 'echo', 'hi')).toEqual({ ok: true, value: `${a.instance} said hi` });
    expect(await a.rpc.ask(b.instance, 'refuse', '')).toEqual({
      ok: false,
      error: { code: 'ERR_NOT_OWNER', message: 'not mine' },
    });
    expect(await a.rpc.ask(b.instance, 'nothing', '')).toMatchObject({ ok: false, error: { code: 'ERR_ASK_UNKNOWN' } });
    expect(await a.rpc.ask(b.instance, 'throw', '')).toMatchObject({ ok: false, error: { code: 'ERR_ASK_FAILED' } });
    // Many at once: each answer finds its own question.
    const answers = await Promise.all([1, 2, 3].map((n) => a.rpc.ask(b.instance, 'echo', String(n))));
    expect(answers.map((r) => (r.ok ? r.value : r.error.code))).toEqual(
      [1, 2, 3].map((n) => `${a.instance} said ${n}`),
    );
    expect(a.rpc.inFlight).toBe(0);
    await close();
  });

  it('time out with a stable code, and an answer that comes later is dropped', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    b.rpc.serve('slow', async (body) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { ok: true, value: body };
    });
    const answer = await a.rpc.ask(b.instance, 'slow', 'late', 50);
    expect(answer).toMatchObject({ ok: false, error: { code: 'ERR_ASK_TIMEOUT' } });
    // The answer comes after the ask was settled: it did not wait for it (a clock's reading
    // would say the same, but a loaded machine fires the 50 ms timer late).
    expect(a.rpc.lateAnswers).toBe(0);
    await until(() => a.rpc.lateAnswers === 1);
    expect(a.rpc.inFlight).toBe(0);
    await close();
  });

  it('to an instance seen dying are answered ERR_ASK_GONE at once, waiting or new, until it is back', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    b.rpc.serve('never', () => new Promise<never>(() => {}));
    b.rpc.serve('echo', (body) => ({ ok: true, value: body }));
    const waiting = a.rpc.ask(b.instance, 'never', '', 10_000);
    await until(() => a.rpc.inFlight === 1);
    a.rpc.peer(b.instance, false);
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'ERR_ASK_GONE' } });
    expect(a.rpc.inFlight).toBe(0);
    expect(await a.rpc.ask(b.instance, 'echo', 'x')).toMatchObject({ ok: false, error: { code: 'ERR_ASK_GONE' } });
    a.rpc.peer(b.instance, true);
    expect(await a.rpc.ask(b.instance, 'echo', 'x')).toEqual({ ok: true, value: 'x' });
    await close();
  });

  it('to an instance that is not there time out rather than hang', async () => {
    const { clusters, close } = await transport.open(1);
    const [a] = clusters;
    if (a === undefined) throw new Error('one instance expected');
    expect(await a.rpc.ask('nobody-here', 'echo', '', 30)).toMatchObject({
      ok: false,
      error: { code: 'ERR_ASK_TIMEOUT' },
    });
    await close();
  });

  it('are bounded: one over the limit in flight is refused at once', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    const release: Array<() => void> = [];
    b.rpc.serve('hold', () => new Promise((resolve) => release.push(() => resolve({ ok: true, value: 'done' }))));
    const held = Array.from({ length: LIMITS.maxPendingAsks }, () => a.rpc.ask(b.instance, 'hold', ''));
    expect(a.rpc.inFlight).toBe(LIMITS.maxPendingAsks);
    expect(await a.rpc.ask(b.instance, 'hold', '')).toMatchObject({ ok: false, error: { code: 'ERR_ASK_BUSY' } });
    await until(() => release.length === LIMITS.maxPendingAsks);
    for (const done of release) done();
    expect((await Promise.all(held)).every((r) => r.ok)).toBe(true);
    expect(a.rpc.inFlight).toBe(0);
    await close();
  });

  it('waiting when the instance closes are answered ERR_ASK_CLOSED', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    b.rpc.serve('never', () => new Promise(() => {}));
    const waiting = a.rpc.ask(b.instance, 'never', '');
    await a.close();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'ERR_ASK_CLOSED' } });
    expect(await a.rpc.ask(b.instance, 'never', '')).toMatchObject({ ok: false, error: { code: 'ERR_ASK_CLOSED' } });
    await close();
  });

  it('whose answer is too large are refused with that code, not left to time out', async () => {
    const { clusters, close } = await transport.open(2);
    const [a, b] = pair(clusters);
    b.rpc.serve('huge', () => ({ ok: true, value: 'x'.repeat(LIMITS.maxEnvelopeBytes) }));
    expect(await a.rpc.ask(b.instance, 'huge', '', 500)).toMatchObject({
      ok: false,
      error: { code: 'ERR_ENVELOPE_TOO_LARGE' },
    });
    await close();
  });
});
