import type { GameView, MatchRecordView, ServerMessage } from '@zar/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, startCluster, type TestCluster } from './support/cluster.js';
import { actorOfView, autoplay, Caller, Client, randomAction, seededRandom } from './support/harness.js';
import { CASUAL } from './support/lobby-server.js';
import { account } from './support/people.js';

/*
 * Games played across three real server processes on one PostgreSQL and one Redis: the players
 * of one game on different instances, a pairing across them, the owner of live games killed
 * mid-turn, and an instance that loses Redis stepping down. One cluster for the whole file.
 */

/**
 * How long the games of a dead instance may take to move again here: far over the 5 s a
 * takeover takes on a quiet machine, which the server bench measures (--instances); a test on
 * a loaded machine checks that they do, not how fast.
 */
const TAKEOVER_WAIT_MS = 20_000;
/**
 * How long new games against the bot may take to get under way: an instance's first bot
 * decision starts its bot workers, which load for a second on a quiet machine and for many
 * seconds beside a full suite on two cores.
 */
const START_WAIT_MS = 30_000;

type Event = Extract<ServerMessage, { t: 'event' }>;

let cluster: TestCluster;
let db: pg.Client;

beforeAll(async () => {
  // Every player comes from 127.0.0.1: the per-address limits are a site's, not this test's.
  cluster = await startCluster({
    instances: 3,
    redisLinks: true,
    env: {
      ZAR_LIMITS: 'login=1000,games=1000,sockets=1000,open-games=1000,records=1000,messages=1000,message-burst=1000',
    },
  });
  db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
}, 120_000);
afterAll(async () => {
  await db?.end();
  await cluster?.stop();
});

const instance = (i: number): Instance => {
  const found = cluster.instances[i];
  if (found === undefined) throw new Error(`no instance ${i}`);
  return found;
};

/** Waits until `test` holds; `what` says what was waited for, and `state` what there was instead. */
async function until(
  test: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
  state: () => unknown = () => '',
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`${what}: not so within ${ms} ms ${JSON.stringify(await state())}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const eventsOf = (client: Client, game: string): Event[] =>
  client.messages.filter((m): m is Event => m.t === 'event' && m.game === game);

/** The record as stored: its entries, each at its version, read through `at`. */
async function entriesOf(at: Instance, game: string, cookie: string): Promise<Map<number, unknown>> {
  const caller = new Caller(at.base);
  caller.cookie = cookie;
  const r = await caller.call<MatchRecordView>('GET', `/api/games/${game}/record`);
  expect(r.status, at.output()).toBe(200);
  const entries = r.body.games.flatMap((g) => g.entries);
  // One entry per version from 1 on: nothing applied twice, nothing missing.
  expect(entries.map((e) => e.v)).toEqual(entries.map((_, i) => i + 1));
  expect(entries.length).toBe(r.body.v);
  return new Map(entries.map((e) => [e.v, e.action]));
}

/** Every action the client was told of (acknowledged to it) is in the record at its version. */
async function keptAsSeen(at: Instance, client: Client, game: string, cookie: string): Promise<void> {
  // Taken before the record is read: a game whose player stopped may still go on meanwhile (the
  // bot's turn, the next game's opening), and what it is told after the read is not in that read.
  const seen = eventsOf(client, game);
  const entries = await entriesOf(at, game, cookie);
  expect(seen.length).toBeGreaterThan(0);
  for (const e of seen) expect(entries.get(e.v), `v${e.v} of ${game}`).toEqual(e.action);
}

/**
 * A player who acts whenever it is his turn and, when a command is refused or lost (the owner
 * gone, a stale version after a takeover), joins again and acts on the state he is sent, as
 * the page does. Stops when `stop` is called or the match ends.
 */
class Player {
  private lastSent = -1;
  private stopped = false;
  last = 0;
  constructor(
    readonly client: Client,
    readonly game: string,
    private readonly random: () => number,
  ) {
    client.socket.on('message', (data) => this.onFrame(JSON.parse(data.toString()) as ServerMessage));
    client.send({ t: 'join', game });
  }

  stop(): void {
    this.stopped = true;
  }

  private onFrame(m: ServerMessage): void {
    if (this.stopped) return;
    if (m.t === 'error' && (m.game === undefined || m.game === this.game)) {
      this.lastSent = -1;
      setTimeout(() => this.client.send({ t: 'join', game: this.game }), 100);
      return;
    }
    if ((m.t !== 'state' && m.t !== 'event') || m.game !== this.game) return;
    this.last = Math.max(this.last, m.v);
    const view: GameView = m.view;
    if (view.status !== 'playing' || actorOfView(view) !== view.you || m.v <= this.lastSent) return;
    this.lastSent = m.v;
    this.client.send({ t: 'act', game: this.game, v: m.v, action: randomAction(view, this.random) });
  }
}

/** `count` games against the bot made through `owner` (so owned there), played from sockets on `from`. */
async function botGames(owner: Instance, from: readonly Instance[], count: number, seed: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const caller = new Caller(owner.base);
      // Long enough that no match ends while a test waits for it to go on (both sides play at once).
      const { id } = await caller.newGame({ preset: 'backgammon', length: 25, opponent: 'bot' });
      const at = from[i % from.length] as Instance;
      const client = await Client.open(at.ws, caller.cookie);
      return { id, cookie: caller.cookie, at, client, player: new Player(client, id, seededRandom(seed + i)) };
    }),
  );
}

/** Each game's owner, owner epoch and version as the store has them now, in the order asked. */
async function ownersOf(games: readonly { readonly id: string }[]) {
  const r = await db.query<{ id: string; owner: string | null; owner_epoch: number; version: number }>(
    'SELECT id, owner, owner_epoch, version FROM games WHERE id = ANY($1)',
    [games.map((g) => g.id)],
  );
  return games.map((g) => {
    const row = r.rows.find((x) => x.id === g.id);
    if (row === undefined) throw new Error(`no game ${g.id}`);
    return { owner: row.owner, epoch: Number(row.owner_epoch), version: Number(row.version) };
  });
}

const health = async (i: Instance): Promise<number> => {
  try {
    return (await fetch(`${i.base}/api/health`)).status;
  } catch {
    return 0;
  }
};

describe('games across three instances', () => {
  it('two players of one game on different instances play it through and see the same versions', async () => {
    const host = await account(instance(0).base, 'host');
    const guest = await account(instance(1).base, 'guest');
    const created = await host.newGame({ opponent: 'friend', length: 1 });
    expect((await guest.call('POST', `/api${created.invite}`)).status).toBe(200);
    const sockets = [await Client.open(instance(0).ws, host.cookie), await Client.open(instance(1).ws, guest.cookie)];
    const [a, b] = await Promise.all(
      sockets.map((s, i) => autoplay(s, created.id, { random: seededRandom(7 + i), timeoutMs: 20_000 })),
    );
    expect(a?.last.status).toBe('over');
    expect(b?.v).toBe(a?.v);
    // Each socket was told every action from its join on, in order, the same one at each version.
    const [seenA, seenB] = sockets.map((s) => new Map(eventsOf(s, created.id).map((e) => [e.v, e.action])));
    for (const seen of [seenA, seenB]) {
      const vs = [...(seen?.keys() ?? [])];
      expect(vs).toEqual(vs.map((_, i) => (vs[0] ?? 0) + i));
      expect(vs.at(-1)).toBe(a?.v);
    }
    for (const [v, action] of seenA ?? []) if (seenB?.has(v)) expect(seenB.get(v)).toEqual(action);
    await keptAsSeen(instance(2), sockets[1] as Client, created.id, guest.cookie);
    await Promise.all(sockets.map((s) => s.close()));
  }, 40_000);

  it('two players waiting in quick pairing on different instances are paired into one game', async () => {
    const ann = await account(instance(0).base, 'ann');
    const bob = await account(instance(2).base, 'bob');
    const annSocket = await Client.open(instance(0).ws, ann.cookie);
    const bobSocket = await Client.open(instance(2).ws, bob.cookie);
    const pairedOf = (c: Client) => c.next((m) => m.t === 'paired', 10_000);
    const both = Promise.all([pairedOf(annSocket), pairedOf(bobSocket)]);
    // The pool may be moving to its first holder: a refused request is asked again, as a page does.
    for (const c of [bobSocket, annSocket]) {
      const m = await c.request({ t: 'seek', kind: CASUAL }, (x) => x.t === 'lobby' || x.t === 'error');
      if (m.t === 'error') c.send({ t: 'seek', kind: CASUAL });
    }
    const [annPaired, bobPaired] = await both;
    if (annPaired.t !== 'paired' || bobPaired.t !== 'paired') throw new Error('not paired');
    expect(annPaired.game).toBe(bobPaired.game);
    const [sa, sb] = await Promise.all([annSocket.join(annPaired.game), bobSocket.join(bobPaired.game)]);
    expect(sa.view.players).toEqual(sb.view.players);
    expect([sa.view.you, sb.view.you].sort()).toEqual([0, 1]);
    await Promise.all([annSocket.close(), bobSocket.close()]);
  });

  it('the owner of live games killed mid-turn: every game goes on elsewhere, nothing acknowledged lost or doubled', async () => {
    const dying = instance(2);
    // The survivors' bots have played already (their workers warm), as on a site that runs.
    const warm = [
      ...(await botGames(instance(0), [instance(0)], 1, 90)),
      ...(await botGames(instance(1), [instance(1)], 1, 91)),
    ];
    await until(
      () => warm.every((g) => g.player.last >= 6),
      START_WAIT_MS,
      'the survivors’ bots playing',
      () => warm.map((g) => `${g.id} ${g.player.last}`),
    );
    for (const g of warm) g.player.stop();
    const games = await botGames(dying, [instance(0), instance(1)], 6, 100);
    await until(
      () => games.every((g) => g.player.last >= 6),
      START_WAIT_MS,
      'the games under way',
      () => games.map((g) => `${g.id} ${g.player.last}`),
    );
    // Mid-turn: the players' commands and the bot's answers are in flight as it dies.
    const killedAt = Date.now();
    await dying.kill();
    // What it relayed before it died has arrived by now: a move after this one is the new owner's.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const at = games.map((g) => g.player.last);
    const movedIn: number[] = games.map(() => -1);
    await until(
      () => {
        games.forEach((g, i) => {
          if (movedIn[i] === -1 && g.player.last > (at[i] ?? 0)) movedIn[i] = Date.now() - killedAt;
        });
        return movedIn.every((ms) => ms >= 0);
      },
      TAKEOVER_WAIT_MS,
      'every game moving again',
      () => games.map((g, i) => `${g.id} ${at[i]} ${g.player.last}`),
    );
    console.log(`games moving again after the owner's SIGKILL in ${movedIn.join(', ')} ms`);
    for (const g of games) g.player.stop();
    for (const o of await ownersOf(games)) expect(['z1', 'z2']).toContain(o.owner);
    for (const g of games) {
      await keptAsSeen(instance(0), g.client, g.id, g.cookie);
      await g.client.close();
    }
  }, 120_000);

  it('an instance that loses Redis steps down: no write of its own lands after its fence, and another takes its games', async () => {
    const cut = instance(1);
    const other = instance(0);
    const games = await botGames(cut, [other], 3, 200);
    await until(
      () => games.every((g) => g.player.last >= 4),
      START_WAIT_MS,
      'the games under way',
      () => games.map((g) => `${g.id} ${g.player.last}`),
    );
    // A socket on the instance that will be cut off, watching the first game there.
    const first = games[0];
    if (first === undefined) throw new Error('no game');
    const stale = await Client.open(cut.ws, first.cookie);
    const staleClosed = new Promise<number>((resolve) => stale.socket.once('close', (code) => resolve(code)));
    await stale.join(first.id);
    const before = await ownersOf(games);
    expect(before.every((o) => o.owner === 'z2')).toBe(true);

    cut.redisLink?.cut();
    await until(async () => (await health(cut)) === 503, 6_000, 'the cut instance fenced');
    expect(await health(other)).toBe(200);
    expect(cut.output()).toContain('this instance is fenced');
    // Its own player's socket is closed with 1012 (the game moved), which sends a page elsewhere at once.
    expect(await staleClosed).toBe(1012);
    // From its fence on, while the games are still its own in the store, nothing it writes lands.
    const fenced = await ownersOf(games);
    await until(
      async () => {
        const now = await ownersOf(games);
        now.forEach((o, i) => {
          if (o.owner === 'z2')
            expect(o.version, `${games[i]?.id} written by the fenced owner`).toBe(fenced[i]?.version);
        });
        return now.every((o) => o.owner === 'z1');
      },
      10_000,
      'the games taken over',
      () => ownersOf(games),
    );
    const moved = games.map((g) => g.player.last);
    await until(
      () => games.every((g, i) => g.player.last > (moved[i] ?? 0) + 2),
      10_000,
      'the games going on at z1',
      () => games.map((g, i) => `${g.id} ${moved[i]} ${g.player.last}`),
    );
    const after = await ownersOf(games);
    for (const [i, o] of after.entries()) expect(o.epoch).toBeGreaterThan(before[i]?.epoch ?? 0);
    for (const g of games) g.player.stop();
    for (const g of games) await keptAsSeen(other, g.client, g.id, g.cookie);

    // Back on Redis it serves again, from the game's new owner.
    cut.redisLink?.restore();
    await until(async () => (await health(cut)) === 200, 10_000, 'the cut instance back');
    const [last] = await ownersOf([first]);
    // A page that connects there now is served from the game's new owner.
    const fresh = await Client.open(cut.ws, first.cookie);
    const state = await fresh.join(first.id);
    await fresh.close();
    expect(state.v).toBe(last?.version);
    expect(last?.owner).toBe('z1');
    for (const g of games) await g.client.close();
  }, 90_000);
});
