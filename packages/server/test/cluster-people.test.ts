import type { ServerMessage } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTER_LIMITS, LocalNetwork, localCluster } from '../src/cluster/index.js';
import { SessionSockets } from '../src/people/session-sockets.js';
import { SharedPeople, shareSessionEnds } from '../src/people/shared-people.js';

/*
 * Who is online across instances (SharedPeople) and sessions ended on every instance, on the
 * in-process network: no Redis, the liveness said by the test.
 */

const quiet = { error: () => {}, warn: () => {} };
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

type Local = ReturnType<typeof localCluster>;

/** Two instances on one network, each seeing the other alive. */
function instances(first: string, second: string): [Local, Local] {
  const network = new LocalNetwork(DEFAULT_CLUSTER_LIMITS.maxEnvelopeBytes, quiet);
  const a = localCluster(first, DEFAULT_CLUSTER_LIMITS, quiet, network);
  const b = localCluster(second, DEFAULT_CLUSTER_LIMITS, quiet, network);
  a.liveness.setPeer(second, true);
  b.liveness.setPeer(first, true);
  closers.push(
    () => a.close(),
    () => b.close(),
  );
  return [a, b];
}

function people(cluster: Local) {
  const shared = new SharedPeople({ bus: cluster.bus, liveness: cluster.liveness, log: quiet });
  closers.push(() => shared.close());
  return shared;
}

/** A socket that keeps what it is sent. */
function socket() {
  const got: ServerMessage[] = [];
  return { got, send: (m: ServerMessage) => void got.push(m) };
}

/** Lets the network deliver what was sent (a microtask each). */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('people online across instances', () => {
  it('counts a user’s sockets on every instance the same from each, reaches them all, and he leaves with his last', async () => {
    const [a, b] = instances('a', 'b');
    const [pa, pb] = [people(a), people(b)];
    const left: string[] = [];
    pa.onLeave((user) => left.push(`a:${user}`));
    pb.onLeave((user) => left.push(`b:${user}`));
    const [s1, s2, s3] = [socket(), socket(), socket()];
    const off1 = pa.add('u', s1);
    const off2 = pb.add('u', s2);
    const off3 = pb.add('u', s3);
    await delivered();
    expect([pa.online('u'), pb.online('u')]).toEqual([3, 3]);
    expect(pa.send('u', { t: 'paired', game: 'g1', seek: 's1' })).toBe(3);
    await delivered();
    expect([s1.got, s2.got, s3.got].map((got) => got.length)).toEqual([1, 1, 1]);
    off1();
    off2();
    await delivered();
    expect([pa.online('u'), pb.online('u')]).toEqual([1, 1]);
    expect(left).toEqual([]);
    off3();
    await delivered();
    expect([pa.online('u'), pb.online('u')]).toEqual([0, 0]);
    expect(left.sort()).toEqual(['a:u', 'b:u']);
  });

  it('an instance that comes up is told every count, and one that dies takes its counts with it', async () => {
    const [a, b] = instances('a', 'b');
    const pa = people(a);
    pa.add('u', socket());
    pa.add('v', socket());
    // b starts after a's sockets opened: their counts were broadcast before it listened.
    const pb = people(b);
    b.liveness.setPeer('a', false);
    a.liveness.setPeer('b', false);
    a.liveness.setPeer('b', true);
    b.liveness.setPeer('a', true);
    await delivered();
    expect([pb.online('u'), pb.online('v')]).toEqual([1, 1]);
    const left: string[] = [];
    pb.onLeave((user) => left.push(user));
    b.liveness.setPeer('a', false);
    expect([pb.online('u'), pb.online('v')]).toEqual([0, 0]);
    expect(left.sort()).toEqual(['u', 'v']);
  });
});

describe('session ends across instances', () => {
  it('a logout here ends the session’s sockets there; signing out everywhere ends the user’s', async () => {
    const [a, b] = instances('a', 'b');
    const [here, there] = [new SessionSockets(), new SessionSockets()];
    const endsA = shareSessionEnds(a.bus, here);
    const endsB = shareSessionEnds(b.bus, there);
    closers.push(endsA.close, endsB.close);
    const ended: string[] = [];
    there.track('s1', () => ended.push('s1')).identified('u');
    there.track('s2', () => ended.push('s2')).identified('u');
    there.track('s3', () => ended.push('s3')).identified('w');
    endsA.sessionEnded('s1');
    await delivered();
    expect(ended).toEqual(['s1']);
    endsA.userEnded('u');
    await delivered();
    expect(ended).toEqual(['s1', 's2']);
  });
});
