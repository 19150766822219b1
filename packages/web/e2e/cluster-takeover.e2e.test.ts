import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Front, ownerOf, startCluster, startFront, type TestCluster } from '../../server/test/support/cluster.js';
import { newContext, newPage, shot } from './support/browser.js';
import { look, myTurn, newGame, playMove, untilMyMove } from './support/play.js';
import { REPO } from './support/server.js';
import { suite } from './support/suite.js';

/*
 * A page plays through HAProxy in front of three instances (the repository's deploy/haproxy.cfg,
 * no stickiness) while the instance that owns its game is SIGKILLed: the game is taken over by
 * another, the page finds it again by itself, with no reload, and play goes on.
 */

const env = suite();
let cluster: TestCluster;
let front: Front;

beforeAll(async () => {
  cluster = await startCluster({
    instances: 3,
    env: { ZAR_STATIC_DIR: join(REPO, 'packages/web/dist'), ZAR_LIMITS: 'login=1000,games=1000,sockets=1000' },
  });
  // Everything goes to z1 while it is up (so the game is z1's and the page's socket too); the
  // others are HAProxy's backups, which the page reaches once z1 is dead.
  const [first, ...others] = cluster.instances;
  if (first === undefined) throw new Error('no instance');
  front = await startFront([first], others);
}, 120_000);
afterAll(async () => {
  await front?.stop();
  await cluster?.stop();
});

describe('a game through the balancer across a takeover', () => {
  it('the owner of the game dies; the page reconnects by itself and play goes on', async () => {
    const page = await newPage(await newContext(env.browser, front.base));
    const id = await newGame(page, { opponent: 'bot', length: 3 });
    await untilMyMove(page);
    await playMove(page);
    await untilMyMove(page);
    const before = await look(page);

    const owner = await ownerOf(cluster, id);
    expect(owner).toBe('z1');
    const dying = cluster.instances[0];
    // The page's own socket dies with the game's owner: it must find another instance by itself.
    const reopened = page.waitForEvent('websocket', { timeout: 20_000 });
    await dying?.kill();

    // Taken over (in about 3 to 5 s: the dead alive key's 3 s, then the claim; the server
    // bench measures it, this waits longer for a loaded machine).
    const died = Date.now();
    let taken = owner;
    while (taken === owner && Date.now() - died < 20_000) {
      await new Promise((r) => setTimeout(r, 100));
      taken = await ownerOf(cluster, id);
    }
    console.log(`the game was taken over ${Date.now() - died} ms after its owner died`);
    // No reload: the same page, at the same version, once the game lives elsewhere.
    await page.getByTestId('offline').waitFor({ state: 'detached', timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe(`/play/${id}`);
    expect(await myTurn(page)).toBe('yourMove');
    expect((await look(page)).version).toBe(before.version);
    expect(taken).not.toBe(owner);
    // A new socket was opened (to a survivor, through the front).
    expect((await reopened).url()).toContain('/ws');
    expect(cluster.instances.map((i) => i.name)).toContain(taken);

    // The new owner takes the play, and its bot answers.
    await playMove(page);
    expect(['yourRoll', 'yourMove', 'doubled', 'over']).toContain(await myTurn(page));
    expect((await look(page)).version).toBeGreaterThan(before.version + 1);
    await shot(page, 'cluster-takeover-continued');
  }, 60_000);
});
