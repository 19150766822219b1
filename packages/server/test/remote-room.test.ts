import type { GameView, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../src/cluster/index.js';
import { DEFAULT_CLUSTER_LIMITS, type LocalLiveness, LocalNetwork, localCluster } from '../src/cluster/index.js';
import { RoomHandles, type RoomLocator } from '../src/game/handle.js';
import { RemoteRooms } from '../src/game/remote-room.js';
import { FRAMES, UNWATCH } from '../src/game/remote-subscribers.js';
import {
  Caller,
  Client,
  type Running,
  randomAction,
  seededRandom,
  settled,
  sqliteStore,
  startServer,
  tempDir,
} from './support/harness.js';

/*
 * Two instances in one process on one SQLite file, on an in-process cluster network: a game
 * owned by A, played by one person on A and one on B over WebSocket. B forwards its player's
 * commands to A and relays A's frames, each viewer's own, in version order.
 */

const QUIET = { error: () => {}, warn: () => {} };
const LIMITS = { ...DEFAULT_CLUSTER_LIMITS, askTimeoutMs: 2000 };

const network = new LocalNetwork(LIMITS.maxEnvelopeBytes, QUIET);
const dir = tempDir();
let a: Running;
let b: Running;

async function instance(name: string): Promise<Running> {
  const store = await sqliteStore(`${dir.dir}/zar.db`);
  return startServer({
    store,
    app: { cluster: { redisUrl: null, instance: name, limits: LIMITS }, network },
  });
}

const liveness = (r: Running) => r.app.zar.cluster.liveness as LocalLiveness;

beforeAll(async () => {
  a = await instance('a');
  b = await instance('b');
  liveness(a).setPeer('b', true);
  liveness(b).setPeer('a', true);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  dir.remove();
});

/** A game between people created on A and owned by A, Alice seated; Bob seated through B. */
async function gameOnA(): Promise<{ id: string; alice: Caller; bob: Caller }> {
  const alice = new Caller(a.base);
  const { id } = await alice.newGame({ preset: 'backgammon', length: 1, opponent: 'open' });
  expect(await a.store.ownerOf(id)).toMatchObject({ owner: 'a' });
  const bob = new Caller(b.base);
  const joined = await bob.call<{ seat: number }>('POST', `/api/games/${id}/join`, {});
  expect(joined).toMatchObject({ status: 200, body: { seat: 1 } });
  return { id, alice, bob };
}

type Framed = Extract<ServerMessage, { t: 'state' | 'event' }>;
const framed = (c: Client, id: string): Framed[] =>
  c.messages.filter((m): m is Framed => (m.t === 'state' || m.t === 'event') && m.game === id);

/** The first frame of `id` at version `v` or later, already received or to come. */
async function reached(c: Client, id: string, v: number): Promise<Framed> {
  const had = framed(c, id).find((m) => m.v >= v);
  if (had !== undefined) return framed(c, id).at(-1) as Framed;
  return (await c.next((m) => (m.t === 'state' || m.t === 'event') && m.game === id && m.v >= v, 10_000)) as Framed;
}

describe('a game owned by another instance', () => {
  it('is played from both: every move forwarded, each viewer sent his own frames in version order, presence right', async () => {
    const { id, alice, bob } = await gameOnA();
    // Nothing of it is loaded on B: B only relays.
    expect((await b.app.zar.rooms.locate(id))?.at).not.toBe('here');
    const onA = await Client.open(a.ws, alice.cookie);
    const onB = await Client.open(b.ws, bob.cookie);
    const sa = await onA.join(id);
    const sb = await onB.join(id);
    expect([sa.view.you, sb.view.you]).toEqual([0, 1]);
    if (framed(onA, id).at(-1)?.view.presence[1] !== true) {
      await onA.next((m) => m.t === 'state' && m.game === id && m.view.presence[1] === true);
    }

    const random = seededRandom(7);
    let view: GameView = sb.view;
    let v = sb.v;
    // Sixty versions are enough to cross turns, doubles and hits; a whole random match takes hundreds.
    while (v < 60 && view.status === 'playing') {
      const actor = view.game.actor;
      if (actor !== null) {
        const client = actor === 0 ? onA : onB;
        const seen = await reached(client, id, v);
        const refused = client.next((m) => m.t === 'error', 10_000).catch(() => null);
        client.send({ t: 'act', game: id, v: seen.v, action: randomAction(seen.view, random) });
        const done = await Promise.race([reached(client, id, v + 1), refused]);
        if (done === null || done.t === 'error') throw new Error(`refused: ${JSON.stringify(done)}`);
      }
      // Both sockets hear every version: the next one, from both.
      await reached(onA, id, v + 1);
      ({ view, v } = await reached(onB, id, v + 1));
    }
    expect(v).toBeGreaterThanOrEqual(60);

    for (const [client, you] of [
      [onA, 0],
      [onB, 1],
    ] as const) {
      const events = framed(client, id).filter((m) => m.t === 'event');
      // Version order, none missing, none twice.
      for (let i = 1; i < events.length; i++) expect(events[i]?.v).toBe((events[i - 1]?.v ?? 0) + 1);
      expect(events.at(-1)?.v).toBe(v);
      // Each his own view, never the other seat's.
      expect(framed(client, id).every((m) => m.view.you === you)).toBe(true);
    }
    // The same actions at the same versions on both sides, and all of them stored once.
    const actionsOf = (c: Client) =>
      framed(c, id)
        .filter((m) => m.t === 'event')
        .map((m) => [m.v, JSON.stringify((m as Extract<Framed, { t: 'event' }>).action)]);
    expect(actionsOf(onB)).toEqual(actionsOf(onA));
    expect((await a.store.actions(id)).length).toBe(v);

    // Bob's socket on B closes: A's room sees him leave.
    await onB.close();
    await onA.next((m) => m.t === 'state' && m.game === id && m.view.presence[1] === false);
    await onA.close();
  }, 30_000);

  it('resyncs a socket whose frames lost one on the way: it is sent a fresh state', async () => {
    const { id, alice, bob } = await gameOnA();
    const onA = await Client.open(a.ws, alice.cookie);
    const onB = await Client.open(b.ws, bob.cookie);
    await onA.join(id);
    await onB.join(id);
    // Played on until Alice is to roll: she acts twice in a row (roll, then play).
    const random = seededRandom(3);
    let seen = await reached(onA, id, 1);
    for (let i = 0; i < 100 && !(seen.view.game.actor === 0 && seen.view.game.phase === 'roll'); i++) {
      const actor = seen.view.game.actor;
      const client = actor === 1 ? onB : onA;
      if (actor !== null) {
        const own = await reached(client, id, seen.v);
        client.send({ t: 'act', game: id, v: own.v, action: randomAction(own.view, random) });
      }
      await reached(onB, id, seen.v + 1);
      seen = await reached(onA, id, seen.v + 1);
    }
    expect(seen.view.game).toMatchObject({ actor: 0, phase: 'roll' });
    // A's next envelope of frames for B is lost (pub/sub keeps nothing for a reader that misses it).
    const bus = a.app.zar.cluster.bus as Bus & { send: Bus['send'] };
    const send = bus.send.bind(bus);
    let dropped = 0;
    bus.send = (to, kind, type, n, body) => {
      if (to === 'b' && type === FRAMES && dropped === 0) {
        dropped++;
        return { ok: true, value: undefined };
      }
      return send(to, kind, type, n, body);
    };
    try {
      const lost = seen.v + 1;
      const before = framed(onB, id).length;
      onA.send({ t: 'act', game: id, v: seen.v, action: { type: 'roll' } });
      seen = await reached(onA, id, lost);
      expect(dropped).toBe(1);
      // Whatever comes next for B shows the gap: Alice's play, or Bob's turn if she cannot move.
      if (seen.view.game.actor === 0) {
        onA.send({ t: 'act', game: id, v: seen.v, action: randomAction(seen.view, random) });
        seen = await reached(onA, id, seen.v + 1);
      }
      // B asked A again, and Bob's socket was sent a state at the last version.
      const resync = await reached(onB, id, seen.v);
      expect(resync).toMatchObject({ t: 'state', v: seen.v });
      const got = framed(onB, id).slice(before);
      expect(got.some((m) => m.v === lost)).toBe(false);
      expect(got.every((m) => m.view.you === 1)).toBe(true);
    } finally {
      bus.send = send;
    }
    await onA.close();
    await onB.close();
  }, 30_000);

  it('runs the chat of a match on its owner: a message written on B reaches A and B once each', async () => {
    const { id, alice, bob } = await gameOnA();
    const onA = await Client.open(a.ws, alice.cookie);
    const onB = await Client.open(b.ws, bob.cookie);
    await onA.join(id);
    await onB.join(id);
    const isHello = (m: ServerMessage) =>
      m.t === 'chat' && m.game === id && !m.whole && m.messages[0]?.text === 'hello';
    const toA = onA.next(isHello);
    const toB = onB.next(isHello);
    onB.send({ t: 'chat', game: id, text: 'hello' });
    await Promise.all([toA, toB]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onA.messages.filter(isHello)).toHaveLength(1);
    expect(onB.messages.filter(isHello)).toHaveLength(1);
    await onA.close();
    await onB.close();
  }, 30_000);

  it('sends away a spectator on B when a player on A forbids spectators, and serves a hint through B from the owner’s match', async () => {
    const { id, alice } = await gameOnA();
    const onA = await Client.open(a.ws, alice.cookie);
    await onA.join(id);
    const spectator = await Client.open(b.ws);
    await spectator.join(id);
    const away = spectator.next((m) => m.t === 'error' && m.code === 'ERR_NO_SPECTATORS');
    onA.send({ t: 'spectators', game: id, allow: false });
    await away;
    // Sent away at the owner: asked again through B, he is refused there too.
    const again = await spectator.request({ t: 'join', game: id }, (m) => m.t === 'error');
    expect(again).toMatchObject({ code: 'ERR_NO_SPECTATORS' });
    expect((await new Caller(b.base).call('GET', `/api/games/${id}`)).status).toBe(403);
    await spectator.close();
    await onA.close();

    // A game against the bot owned by A, its player asking B for a hint at his decision.
    const player = new Caller(a.base);
    const bot = await player.newGame({ game: 'backgammon', length: 1, opponent: 'bot', level: 'casual' });
    const socket = await Client.open(a.ws, player.cookie);
    const s = await settled(socket, bot.id);
    const viaB = new Caller(b.base);
    viaB.cookie = player.cookie;
    const r = await viaB.call<{ kind?: string }>('GET', `/api/games/${bot.id}/hint`);
    expect(r.status).toBe(s.view.hint ? 200 : 409);
    if (s.view.hint) expect(r.body.kind).toBe(s.view.game.phase === 'move' ? 'plays' : 'cube');
    await socket.close();
  }, 30_000);

  it('drops a watcher whose end the owner did not hear once its frames find no one: presence comes right', async () => {
    const { id, alice, bob } = await gameOnA();
    const onA = await Client.open(a.ws, alice.cookie);
    const onB = await Client.open(b.ws, bob.cookie);
    await onA.join(id);
    await onB.join(id);
    if (framed(onA, id).at(-1)?.view.presence[1] !== true) {
      await onA.next((m) => m.t === 'state' && m.game === id && m.view.presence[1] === true);
    }
    // B's word that Bob's watch ended is lost on the way.
    const busB = b.app.zar.cluster.bus as Bus & { send: Bus['send'] };
    const send = busB.send.bind(busB);
    let dropped = 0;
    busB.send = (to, kind, type, n, body) => {
      if (to === 'a' && type === UNWATCH && dropped === 0) {
        dropped++;
        return { ok: true, value: undefined };
      }
      return send(to, kind, type, n, body);
    };
    try {
      await onB.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(dropped).toBe(1);
      // A spectator comes on A: everyone watching is sent a state, Bob's gone socket too, which B answers.
      const away = onA.next((m) => m.t === 'state' && m.game === id && m.view.presence[1] === false);
      const spectator = await Client.open(a.ws);
      await spectator.join(id);
      await away;
      await spectator.close();
    } finally {
      busB.send = send;
    }
    await onA.close();
  }, 30_000);

  it('follows the game to a new owner: the watch moves, and a command sent meanwhile is carried out there', async () => {
    const { id, alice, bob } = await gameOnA();
    const onA = await Client.open(a.ws, alice.cookie);
    const onB = await Client.open(b.ws, bob.cookie);
    await onA.join(id);
    await onB.join(id);
    // Played on until Bob is to act.
    const random = seededRandom(5);
    let seen = await reached(onB, id, 1);
    for (let i = 0; i < 100 && seen.view.game.actor !== 1; i++) {
      if (seen.view.game.actor === 0) {
        const own = await reached(onA, id, seen.v);
        onA.send({ t: 'act', game: id, v: own.v, action: randomAction(own.view, random) });
      }
      seen = await reached(onB, id, seen.v + 1);
    }
    expect(seen.view.game.actor).toBe(1);
    await onA.close();
    // A goes silent for B (it is dying), and Bob acts: his command waits on its question to A.
    const busB = b.app.zar.cluster.bus as Bus & { send: Bus['send'] };
    const send = busB.send.bind(busB);
    busB.send = (to, kind, type, n, body) =>
      to === 'a' ? { ok: true, value: undefined } : send(to, kind, type, n, body);
    try {
      const before = framed(onB, id).length;
      const acted = seen.v;
      onB.send({ t: 'act', game: id, v: acted, action: randomAction(seen.view, random) });
      const asked = Date.now();
      while (b.app.zar.cluster.rpc.inFlight === 0 && Date.now() - asked < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(b.app.zar.cluster.rpc.inFlight).toBe(1);
      // B sees A dead and takes its game over (game/takeover.ts).
      liveness(b).setPeer('a', false);
      // The watch moved to B's own room (a state), and the command was carried out there (its event), once.
      const after = await reached(onB, id, acted + 1);
      expect(after.v).toBe(acted + 1);
      const got = framed(onB, id).slice(before);
      expect(got.some((m) => m.t === 'state')).toBe(true);
      expect(got.filter((m) => m.v === acted + 1 && m.t === 'event')).toHaveLength(1);
      expect(onB.messages.some((m) => m.t === 'error')).toBe(false);
      expect((await b.store.actions(id)).length).toBe(acted + 1);
      expect((await b.app.zar.rooms.locate(id))?.at).toBe('here');
    } finally {
      busB.send = send;
      liveness(b).setPeer('a', true);
    }
    await onB.close();
  }, 30_000);

  it('keeps a watch asked of an owner that died: taken over by a third instance, every frame of it reaches the socket', async () => {
    const d = await instance('d');
    liveness(b).setPeer('d', true);
    const busB = b.app.zar.cluster.bus as Bus & { send: Bus['send'] };
    const send = busB.send.bind(busB);
    try {
      const { id, alice, bob } = await gameOnA();
      // A goes silent for B (it is dying) as Bob's page joins on B: the watch waits on its question to A.
      busB.send = (to, kind, type, n, body) =>
        to === 'a' ? { ok: true, value: undefined } : send(to, kind, type, n, body);
      const onB = await Client.open(b.ws, bob.cookie);
      onB.send({ t: 'join', game: id });
      const asked = Date.now();
      while (b.app.zar.cluster.rpc.inFlight === 0 && Date.now() - asked < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(b.app.zar.cluster.rpc.inFlight).toBeGreaterThan(0);
      // D, which knows no other survivor, takes every game of A's; then B sees A die too.
      liveness(d).setPeer('a', true);
      liveness(d).setPeer('a', false);
      while ((await b.store.ownerOf(id))?.owner !== 'd' && Date.now() - asked < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await b.store.ownerOf(id)).toMatchObject({ owner: 'd' });
      liveness(b).setPeer('a', false);
      // The watch now relays D's frames: each move, whoever makes it, reaches Bob's socket once.
      const onD = await Client.open(d.ws, alice.cookie);
      await onD.join(id);
      const random = seededRandom(7);
      let seen = await reached(onB, id, 0);
      for (let moves = 0; moves < 3; ) {
        const actor = seen.view.game.actor;
        if (actor !== null) {
          const mover = actor === 1 ? onB : onD;
          const own = await reached(mover, id, seen.v);
          mover.send({ t: 'act', game: id, v: own.v, action: randomAction(own.view, random) });
          moves++;
        }
        seen = await reached(onB, id, seen.v + 1);
      }
      const events = framed(onB, id).filter((m) => m.t === 'event');
      expect(new Set(events.map((m) => m.v)).size).toBe(events.length);
      expect(onB.messages.some((m) => m.t === 'error')).toBe(false);
      await onB.close();
      await onD.close();
    } finally {
      busB.send = send;
      liveness(b).setPeer('a', true);
      liveness(b).setPeer('d', false);
      await d.close();
    }
  }, 30_000);

  it('follows a game its owner hands over as it shuts down: the watch moves to the instance that takes it, the socket stays open', async () => {
    const c = await instance('c');
    liveness(c).setPeer('b', true);
    liveness(b).setPeer('c', true);
    try {
      const alice = new Caller(c.base);
      const { id } = await alice.newGame({ preset: 'backgammon', length: 1, opponent: 'open' });
      const bob = new Caller(b.base);
      expect((await bob.call('POST', `/api/games/${id}/join`, {})).status).toBe(200);
      const onB = await Client.open(b.ws, bob.cookie);
      const seen = await onB.join(id);
      const before = framed(onB, id).length;
      // C shuts down cleanly: its rooms stop and free their games before its sockets close.
      await c.close();
      liveness(b).setPeer('c', false);
      // Bob's socket stays open; B took the game, and Bob was sent its state from B's room.
      const state =
        framed(onB, id)
          .slice(before)
          .find((m) => m.t === 'state') ?? (await onB.next((m) => m.t === 'state' && m.game === id));
      expect(state).toMatchObject({ t: 'state', game: id });
      expect(
        framed(onB, id)
          .slice(before)
          .every((m) => m.view.you === 1),
      ).toBe(true);
      expect(await b.store.ownerOf(id)).toMatchObject({ owner: 'b' });
      expect(onB.socket.readyState).toBe(onB.socket.OPEN);
      expect((state as Framed).v).toBeGreaterThanOrEqual(seen.v);
      await onB.close();
    } finally {
      liveness(b).setPeer('c', false);
    }
  }, 30_000);

  it('answers ERR_NOT_FOUND for a game its owner does not know, and ERR_OWNER_UNREACHABLE when the owner does not answer', async () => {
    const cluster = localCluster('c', LIMITS, QUIET, network);
    const where: Record<string, string> = { nosuchgame: 'a', lost: 'ghost' };
    const locator: RoomLocator = { locate: (id) => ({ at: 'elsewhere', instance: where[id] ?? 'a' }) };
    const chat = {} as ConstructorParameters<typeof RoomHandles>[1];
    const handles = new RoomHandles(locator, chat);
    const remote = new RemoteRooms({ cluster, locator, handles, log: QUIET, moveWaitMs: 400 });
    handles.reachOthers(remote);
    try {
      const unknown = await remote.handle('nosuchgame', 'a').act('someone', { type: 'roll' }, 0);
      expect(unknown).toMatchObject({ ok: false, error: { code: 'ERR_NOT_FOUND' } });
      const started = Date.now();
      const lost = await remote.handle('lost', 'ghost').act('someone', { type: 'roll' }, 0);
      expect(lost).toMatchObject({ ok: false, error: { code: 'ERR_OWNER_UNREACHABLE' } });
      // Answered after this test's wait (moveWaitMs 400), well before the default 6 s.
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      remote.close();
      await cluster.close();
    }
  });
});
