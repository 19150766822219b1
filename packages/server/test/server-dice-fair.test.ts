import { join } from 'node:path';
import { diceProof, type GameAction, parseJsonRecord, verifyDice } from '@zar/match';
import { ABSENT_CLIENT_SEED, type GameView, type ServerMessage } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import type { Store } from '../src/store/types.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import {
  autoplay,
  Caller,
  Client,
  type Running,
  seededRandom,
  sqliteStore,
  startServer,
  tempDir,
} from './support/harness.js';
import { account, table } from './support/people.js';

/*
 * Provably fair dice in real play (docs/fair-dice.md): the commitment from the
 * start, the players' seeds, the opening that waits for them, the proof in match.json, and the
 * server seed kept secret until the match is over.
 */

const cleanups = cleanupsAfterEach();

/** A server with fair dice; the opening waits `seedWaitMs` for the seeds (long: the tests send them). */
async function serve(options: Parameters<typeof startServer>[0] = {}, seedWaitMs = 60_000): Promise<Running> {
  const server = await startServer({ fair: true, ...options, app: { seedWaitMs, ...options.app } });
  cleanups.push(() => server.close());
  return server;
}

async function open(server: Running, caller: Caller | null): Promise<Client> {
  const client = await Client.open(server.ws, caller?.cookie ?? '');
  cleanups.push(() => client.close());
  return client;
}

type State = Extract<ServerMessage, { t: 'state' }>;

const stateOf = (game: string) => (m: ServerMessage) => m.t === 'state' && m.game === game;
const refusalOf = (game: string) => (m: ServerMessage) => m.t === 'error' && m.game === game;

/** Sends a seed; the answer is the state that shows it, or the refusal. */
async function sendSeed(client: Client, game: string, seed: string): Promise<ServerMessage> {
  return client.request({ t: 'seed', game, seed }, (m) => stateOf(game)(m) || refusalOf(game)(m));
}

async function serverSeedOf(store: Store, game: string): Promise<string> {
  const fair = (await store.gameById(game))?.fair;
  if (fair === null || fair === undefined) throw new Error('the game has no fair dice');
  return fair.serverSeed;
}

const diceActions = (actions: readonly GameAction[]) =>
  actions.filter((a) => a.type === 'roll' || a.type === 'opening');

describe('fair dice against the bot', () => {
  it('commits first, waits for the seed, keeps the server seed secret, and proves every roll after the match', async () => {
    const server = await serve();
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const client = await open(server, me);
    const first = await client.join(id);
    const fair = first.view.fair;
    expect(fair).not.toBeNull();
    expect(fair?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(fair?.serverSeed).toBeNull();
    // The bot's seed is published from the start; the player's is awaited, and so is the opening.
    expect(fair?.clientSeeds[0]).toBeNull();
    expect(fair?.clientSeeds[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(first.v).toBe(0);
    expect((await server.store.actions(id)).length).toBe(0);

    const opening = client.next((m) => m.t === 'event' && m.game === id && m.action.type === 'opening');
    const shown = (await sendSeed(client, id, 'my-own-seed!')) as State;
    expect(shown.view.fair?.clientSeeds[0]).toBe('my-own-seed!');
    expect((await server.store.gameById(id))?.fair?.clientSeeds[0]).toBe('my-own-seed!');
    await opening;
    // A repeat of the same seed is harmless; another is refused, and so is any once the dice began.
    expect((await sendSeed(client, id, 'my-own-seed!')).t).toBe('state');
    expect(await sendSeed(client, id, 'another')).toMatchObject({ t: 'error', code: 'ERR_SEED_SET' });

    // While the match is played, its server seed is nowhere outside the server.
    const secret = await serverSeedOf(server.store, id);
    await autoplay(client, id, { random: seededRandom(1), maxActs: 2 });
    const live = [
      JSON.stringify(client.messages),
      JSON.stringify((await me.call('GET', `/api/games/${id}`)).body),
      JSON.stringify((await me.call('GET', `/api/games/${id}/record`)).body),
      JSON.stringify((await me.call('GET', `/api/games/${id}/match.json`)).body),
    ];
    for (const text of live) expect(text).not.toContain(secret);
    expect((await me.call('GET', `/api/games/${id}/match.json`)).status).toBe(409);

    const end = await autoplay(client, id, { random: seededRandom(2) });
    expect(end.last.status).toBe('over');
    expect(end.last.fair?.serverSeed).toBe(secret);
    expect(end.last.fair?.commitment).toBe(fair?.commitment);

    const file = await me.call('GET', `/api/games/${id}/match.json`);
    expect(file.status).toBe(200);
    const record = parseJsonRecord(file.body);
    if (!record.ok) throw new Error(record.error.message);
    expect(record.value.proof).toMatchObject({
      commitment: fair?.commitment,
      serverSeed: secret,
      clientSeeds: ['my-own-seed!', fair?.clientSeeds[1]],
    });
    const checked = verifyDice(record.value);
    if (!checked.ok) throw new Error(checked.error.message);
    expect(checked.value.rolls.length).toBe(diceActions(record.value.actions).length);
    expect(checked.value.rolls.length).toBeGreaterThan(2);

    // One die changed, one seed changed, the commitment changed: each is caught.
    const rolls = record.value.actions.flatMap((a, i) => (a.type === 'roll' ? [i] : []));
    const k = rolls[Math.floor(rolls.length / 2)] as number;
    const tampered = record.value.actions.map((a, i) =>
      i === k && a.type === 'roll' ? { ...a, dice: [(a.dice[0] % 6) + 1, a.dice[1]] as const } : a,
    ) as GameAction[];
    expect(verifyDice({ ...record.value, actions: tampered })).toMatchObject({
      ok: false,
      error: { code: 'ERR_DICE_MISMATCH' },
    });
    const proof = record.value.proof;
    if (proof === undefined) throw new Error('no proof');
    const otherSeed = { ...proof, clientSeeds: ['my-own-seed?', proof.clientSeeds[1]] as const };
    expect(verifyDice({ ...record.value, proof: otherSeed }).ok).toBe(false);
    const otherServer = {
      ...proof,
      serverSeed: `${proof.serverSeed.slice(0, 63)}${proof.serverSeed[63] === '0' ? '1' : '0'}`,
    };
    expect(verifyDice({ ...record.value, proof: otherServer })).toMatchObject({
      ok: false,
      error: { code: 'ERR_DICE_COMMITMENT' },
    });
  });

  it('draws the opening with the absent seed once the wait is over; a seed then comes too late', async () => {
    const server = await serve({}, 0);
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const client = await open(server, me);
    await autoplay(client, id, { random: seededRandom(3), maxActs: 1 });
    const stored = await server.store.gameById(id);
    expect(stored?.fair?.clientSeeds[0]).toBe(ABSENT_CLIENT_SEED);
    expect(await sendSeed(client, id, 'late-seed')).toMatchObject({ t: 'error', code: 'ERR_SEED_LATE' });
    // A spectator has no seed to give.
    const spectator = await open(server, null);
    await spectator.join(id);
    expect(await sendSeed(spectator, id, 'mine')).toMatchObject({ t: 'error', code: 'ERR_NOT_A_PLAYER' });
    // The dice still follow from the seeds, the absent one included.
    const actions = (await server.store.actions(id)).map((a) => a.action);
    const proof = diceProof(stored?.fair);
    if (!proof.ok) throw new Error(proof.error.message);
    expect(verifyDice({ proof: proof.value, actions }).ok).toBe(true);
  });
});

describe('fair dice between people', () => {
  it('the opening waits for both players’ seeds, and everyone is shown each', async () => {
    const server = await serve();
    const [ana, bo] = [await account(server.base, 'ana'), await account(server.base, 'bo')];
    const t = await table(server.ws, ana, bo, { game: 'backgammon', length: 1 });
    cleanups.push(
      () => t.sockets[0].close(),
      () => t.sockets[1].close(),
    );
    const [a, b] = t.sockets;
    const watcher = await open(server, null);
    expect((await watcher.join(t.id)).view.fair?.clientSeeds).toEqual([null, null]);

    const toWatcher = watcher.next((m) => stateOf(t.id)(m) && (m as State).view.fair?.clientSeeds[1] === 'bo-seed');
    await sendSeed(b, t.id, 'bo-seed');
    await toWatcher;
    // One seed is not enough: the opening is not drawn (the wait is a minute here).
    expect((await a.join(t.id)).view.game.phase).toBe('opening');
    expect((await server.store.actions(t.id)).length).toBe(0);

    const opening = watcher.next((m) => m.t === 'event' && m.game === t.id && m.action.type === 'opening');
    await sendSeed(a, t.id, 'ana-seed');
    const event = await opening;
    if (event.t !== 'event') throw new Error('no opening');
    expect(event.view.fair?.clientSeeds).toEqual(['ana-seed', 'bo-seed']);
    expect(event.view.fair?.serverSeed).toBeNull();
    expect(JSON.stringify(watcher.messages)).not.toContain(await serverSeedOf(server.store, t.id));
  });
});

describe('a restart', () => {
  it('keeps the seeds given, waits again for the missing one, and resumes the dice where they were', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'zar.sqlite');
    const first = await startServer({ store: await sqliteStore(file), fair: true, app: { seedWaitMs: 60_000 } });
    const me = new Caller(first.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' });
    await first.close();

    // After the restart the game still waits for the player's seed: nothing was drawn without it.
    const second = await startServer({ store: await sqliteStore(file), fair: true, app: { seedWaitMs: 60_000 } });
    let client = await Client.open(second.ws, me.cookie);
    expect((await client.join(id)).view.fair?.clientSeeds[0]).toBeNull();
    expect((await second.store.actions(id)).length).toBe(0);
    await sendSeed(client, id, 'after-restart');
    await autoplay(client, id, { random: seededRandom(4), maxActs: 6 });
    await client.close();
    await second.close();

    const third = await serve({ store: await sqliteStore(file) });
    client = await open(third, me);
    const end = await autoplay(client, id, { random: seededRandom(5), maxActs: 6 });
    expect(end.acts).toBeGreaterThan(0);
    const row = await third.store.gameById(id);
    const proof = diceProof(row?.fair);
    if (!proof.ok) throw new Error(proof.error.message);
    expect(proof.value.clientSeeds[0]).toBe('after-restart');
    const actions = (await third.store.actions(id)).map((a) => a.action);
    const checked = verifyDice({ proof: proof.value, actions });
    if (!checked.ok) throw new Error(checked.error.message);
    expect(checked.value.rolls.length).toBeGreaterThan(6);
  });
});

describe('seeded test dice', () => {
  it('have no fair dice: no commitment, no seed taken, no proof', async () => {
    const server = await startServer();
    cleanups.push(() => server.close());
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    const client = await open(server, me);
    const view: GameView = (await client.join(id)).view;
    expect(view.fair).toBeNull();
    expect(await sendSeed(client, id, 'x')).toMatchObject({ t: 'error', code: 'ERR_SEED_LATE' });
    const end = await autoplay(client, id, { random: seededRandom(6) });
    expect(end.last.fair).toBeNull();
    const file = await me.call<Record<string, unknown>>('GET', `/api/games/${id}/match.json`);
    expect(file.status).toBe(200);
    const body = typeof file.body === 'string' ? JSON.parse(file.body) : file.body;
    expect(body).not.toHaveProperty('proof');
  });
});
