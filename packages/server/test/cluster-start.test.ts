import type { MatchRecordView } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Front, healthy, type Instance, startCluster, startFront, type TestCluster } from './support/cluster.js';
import { autoplay, Caller, Client, seededRandom, settled } from './support/harness.js';

/*
 * Three real server processes on one fresh PostgreSQL and one Redis, started at the same
 * moment: what a cluster's start already does, before the games are shared between them.
 */

let cluster: TestCluster;
let front: Front | undefined;
let began = 0;
let startedIn = 0;

beforeAll(async () => {
  began = Date.now();
  cluster = await startCluster({ instances: 3 });
  startedIn = Date.now() - began;
}, 120_000);
afterAll(async () => {
  await front?.stop();
  await cluster?.stop();
});

const instance = (i: number): Instance => {
  const found = cluster.instances[i];
  if (found === undefined) throw new Error(`no instance ${i}`);
  return found;
};

async function recordThrough(
  at: { readonly base: string; output?(): string },
  game: string,
  cookie: string,
): Promise<MatchRecordView> {
  const caller = new Caller(at.base);
  caller.cookie = cookie;
  const r = await caller.call<MatchRecordView>('GET', `/api/games/${game}/record`);
  expect(r.status, at.output?.()).toBe(200);
  return r.body;
}

describe('three instances on one PostgreSQL and one Redis', () => {
  let game = '';
  let cookie = '';
  let played = 0;

  it('start together on a fresh database (one of them upgrades the schema, the others wait) and each answers', async () => {
    expect(cluster.instances.map((i) => i.name)).toEqual(['z1', 'z2', 'z3']);
    expect(cluster.postgres.private && cluster.redis.private).toBe(true);
    for (const i of cluster.instances) {
      expect(await healthy(i), i.output()).toBe(true);
      // Each took its own name on the shared Redis.
      expect(i.output()).toContain(`"instance":"${i.name}"`);
    }
    console.log(`three instances started in ${startedIn} ms`);
  });

  it('a game created and played through one instance is read through another', async () => {
    const me = new Caller(instance(0).base);
    ({ id: game } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' }));
    cookie = me.cookie;
    const client = await Client.open(instance(0).ws, cookie);
    await autoplay(client, game, { random: seededRandom(39), maxActs: 6 });
    // The bot's answers to the last action are in before the record is read.
    played = (await settled(client, game)).v;
    await client.close();
    expect(played).toBeGreaterThan(6);
    // The same cookie is good on every instance: they share the secret and the sessions' store.
    const record = await recordThrough(instance(1), game, cookie);
    expect(record.id).toBe(game);
    expect(record.v).toBe(played);
    expect((await recordThrough(instance(2), game, cookie)).v).toBe(played);
  });

  it('HAProxy with the repository’s configuration spreads the requests over the three', async () => {
    front = await startFront(cluster.instances);
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${front.base}/api/games/${game}/record`, { headers: { cookie } });
      servedBy.add(r.headers.get('x-served-by'));
      expect(((await r.json()) as MatchRecordView).v).toBe(played);
    }
    // Round robin and no stickiness: six requests in a row reach every instance.
    expect([...servedBy].sort()).toEqual(['z1', 'z2', 'z3']);
  });

  it('SIGKILL of one instance leaves the others serving', async () => {
    await instance(1).kill();
    expect(instance(1).child.signalCode).toBe('SIGKILL');
    expect(await healthy(instance(1))).toBe(false);
    expect(await healthy(instance(0))).toBe(true);
    expect(await healthy(instance(2))).toBe(true);
    // The record is still read elsewhere, and the game goes on where it lives.
    expect((await recordThrough(instance(2), game, cookie)).v).toBe(played);
    const client = await Client.open(instance(0).ws, cookie);
    await autoplay(client, game, { random: seededRandom(40), maxActs: 2 });
    const more = (await settled(client, game)).v;
    await client.close();
    expect(more).toBeGreaterThan(played);
    expect((await recordThrough(instance(2), game, cookie)).v).toBe(more);
    // Through the front too, at once: a connection refused by the dead one is sent to another.
    if (front === undefined) throw new Error('no front');
    for (let i = 0; i < 6; i++) expect((await recordThrough(front, game, cookie)).v).toBe(more);
  });
});
