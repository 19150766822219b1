import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { type Front, type Served, startFront } from './support/cluster.js';
import { freePort } from './support/ports.js';

/*
 * The repository's HAProxy configuration (deploy/haproxy.cfg) in front of three stand-ins for
 * instances, plain HTTP servers that name themselves: what the front does when one of them
 * dies between two requests of a client that keeps its connection, which no Zar instance is
 * needed to show. HAProxy keeps idle connections to the instances and reuses them; a request
 * sent on one whose instance has just died gets no answer at all. A browser would send it
 * again by itself; fetch, a script or the cli does not, so the front must.
 */

const STAND_IN = `
const name = process.argv[1];
require('node:http')
  .createServer((req, res) => res.end(name))
  .listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('up'));
`;

interface StandIn extends Served {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
}

async function standIn(name: string): Promise<StandIn> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', STAND_IN, name, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the stand-in ${name} exited with ${code}`)));
  });
  return { name, base: `http://127.0.0.1:${port}`, child, exited };
}

const running: { fronts: Front[]; standIns: StandIn[] } = { fronts: [], standIns: [] };
afterEach(async () => {
  await Promise.all(running.fronts.splice(0).map((f) => f.stop()));
  for (const s of running.standIns.splice(0)) {
    s.child.kill('SIGKILL');
    await s.exited;
  }
});

describe('the front (deploy/haproxy.cfg) when an instance dies', () => {
  it('answers every read sent right after the death, though some went out on a connection to the dead one', async () => {
    // A few rounds: whether a read meets a reused connection to the dead instance is a race,
    // which the front lost in most rounds before it sent such reads again itself.
    for (let round = 0; round < 4; round++) {
      const standIns = await Promise.all(['z1', 'z2', 'z3'].map(standIn));
      running.standIns.push(...standIns);
      const front = await startFront(standIns);
      running.fronts.push(front);
      // Every instance answers once on this client's kept connections, so HAProxy holds one to each.
      const before = new Set<string>();
      for (let i = 0; i < 6; i++) before.add(await (await fetch(`${front.base}/`)).text());
      expect([...before].sort()).toEqual(['z1', 'z2', 'z3']);
      const dead = standIns[1] as StandIn;
      dead.child.kill('SIGKILL');
      const answers: string[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await fetch(`${front.base}/api/games/g/record`);
        answers.push(`${r.status} ${await r.text()}`);
      }
      // Nothing failed; each answered by an instance, the dead one at most before it was gone.
      expect(
        answers.every((a) => /^200 z[123]$/.test(a)),
        answers.join(', '),
      ).toBe(true);
      await Promise.all(running.fronts.splice(0).map((f) => f.stop()));
      for (const s of running.standIns.splice(0)) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }
  }, 60_000);
});
