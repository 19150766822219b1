import { type RolloutStatus, RolloutStatusSchema } from '@zar/protocol';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTER_LIMITS, type LocalLiveness, LocalNetwork } from '../src/cluster/index.js';
import { Caller, type Running, startServer } from './support/harness.js';

/*
 * Two instances on one in-process network, as behind a balancer without stickiness: a rollout
 * runs in the bots of the instance it was started on, and is read and stopped through the other.
 */

type Refusal = { error: { code: string; message: string } };

const OPENING = 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5';
const QUIET = { error: () => {}, warn: () => {} };
const LIMITS = { ...DEFAULT_CLUSTER_LIMITS, askTimeoutMs: 2000 };

const network = new LocalNetwork(LIMITS.maxEnvelopeBytes, QUIET);
let a: Running;
let b: Running;

const liveness = (r: Running) => r.app.zar.cluster.liveness as LocalLiveness;

beforeAll(async () => {
  // A runs the rollouts in its worker; B has none, so that nothing B answers can come from its own bots.
  a = await startServer({
    botWorkers: 1,
    app: { cluster: { redisUrl: null, instance: 'a', limits: LIMITS }, network },
  });
  b = await startServer({ app: { cluster: { redisUrl: null, instance: 'b', limits: LIMITS }, network } });
  liveness(a).setPeer('b', true);
  liveness(b).setPeer('a', true);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/**
 * The rollout once it is no longer running, read through `caller`. Waited for up to a minute:
 * the first one starts A's bot workers, which load for many seconds beside a full suite.
 */
async function finished(caller: Caller, id: string): Promise<RolloutStatus> {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const r = await caller.call<RolloutStatus>('GET', `/api/board/rollouts/${id}`);
    expect(r.status).toBe(200);
    if (r.body.state !== 'running') return r.body;
    await new Promise((go) => setTimeout(go, 20));
  }
  throw new Error('the rollout never ended');
}

describe('a rollout beside other instances', () => {
  it('started through A is read through B as it goes, then done', async () => {
    const throughA = new Caller(a.base);
    const throughB = new Caller(b.base);
    const options = { trials: 36, truncate: 2, varianceReduction: true, seed: 3 };
    const started = await throughA.call<RolloutStatus>('POST', '/api/board/rollouts', {
      position: OPENING,
      ...options,
    });
    expect(started.status).toBe(200);
    const id = started.body.id;
    expect(v.is(RolloutStatusSchema, started.body)).toBe(true);
    const early = await throughB.call<RolloutStatus>('GET', `/api/board/rollouts/${id}`);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ id, trials: 36 });
    expect(early.body.done).toBeLessThan(36);
    const done = await finished(throughB, id);
    expect(v.is(RolloutStatusSchema, done)).toBe(true);
    expect(done).toMatchObject({ id, state: 'done', done: 36 });
    // The same answer as A's own.
    expect((await throughA.call<RolloutStatus>('GET', `/api/board/rollouts/${id}`)).body).toEqual(done);
  }, 90_000);

  it('started through A is stopped through B by its asker', async () => {
    const throughA = new Caller(a.base);
    const throughB = new Caller(b.base);
    const long = { position: OPENING, trials: 1296, truncate: 10, varianceReduction: true };
    const started = await throughA.call<RolloutStatus>('POST', '/api/board/rollouts', long);
    expect(started.status).toBe(200);
    const id = started.body.id;
    const stopped = await throughB.call<RolloutStatus>('POST', `/api/board/rollouts/${id}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ id, state: 'stopped' });
    await new Promise((go) => setTimeout(go, 300));
    const later = await throughA.call<RolloutStatus>('GET', `/api/board/rollouts/${id}`);
    expect(later.body.state).toBe('stopped');
    expect(later.body.done).toBeLessThan(1296);
  }, 60_000);

  it('is unknown through B when no instance alive runs it', async () => {
    const throughA = new Caller(a.base);
    const throughB = new Caller(b.base);
    for (const id of ['AAAAAAAAAAAAAAAA', 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const read = await throughB.call<Refusal>('GET', `/api/board/rollouts/${id}`);
      expect(read.status).toBe(404);
      expect(read.body.error.code).toBe('ERR_NOT_FOUND');
      expect((await throughB.call('POST', `/api/board/rollouts/${id}/stop`, {})).status).toBe(404);
    }
    // A rollout of A once A is gone for B.
    const started = await throughA.call<RolloutStatus>('POST', '/api/board/rollouts', {
      position: OPENING,
      trials: 36,
      truncate: 2,
    });
    expect(started.status).toBe(200);
    liveness(b).setPeer('a', false);
    try {
      expect((await throughB.call('GET', `/api/board/rollouts/${started.body.id}`)).status).toBe(404);
      expect((await throughA.call('GET', `/api/board/rollouts/${started.body.id}`)).status).toBe(200);
    } finally {
      liveness(b).setPeer('a', true);
    }
  }, 60_000);
});
