import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GameAction, seededDice } from '@zar/match';
import type { GameView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { SEEDED_DICE_WARNING } from '../src/dice/dice.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import {
  autoplay,
  Caller,
  Client,
  type Running,
  seededRandom,
  settled,
  sqliteStore,
  startServer,
  tempDir,
} from './support/harness.js';

const cleanups = cleanupsAfterEach();

async function serve(options: Parameters<typeof startServer>[0]): Promise<Running> {
  const server = await startServer(options);
  cleanups.push(() => server.close());
  return server;
}

const myTurnTo = (phase: string) => (view: GameView) => view.game.phase === phase && view.game.actor === view.you;

/** The k-th action that carries dice must carry the seed's k-th draw, whatever was refused or restarted. */
async function expectSeedSequence(store: Store, game: string): Promise<number> {
  const spec = (await store.gameById(game))?.record.dice;
  if (spec?.source !== 'seeded') throw new Error('the test server seeds its dice');
  const seed = seededDice(spec.seed);
  const drawn = (await store.actions(game))
    .map((a) => a.action)
    .filter((a): a is Extract<GameAction, { type: 'roll' | 'opening' }> => a.type === 'roll' || a.type === 'opening');
  drawn.forEach((a, k) => {
    expect(a.dice, `draw ${k} (${a.type})`).toEqual(seed.roll());
  });
  return drawn.length;
}

/** Plays to a point where this player is to move, then asks to roll: the rules refuse it. */
async function refusedRoll(client: Client, game: string): Promise<void> {
  await autoplay(client, game, { random: seededRandom(3), maxActs: 0, until: myTurnTo('move') });
  const state = await settled(client, game);
  expect(state.view.game.phase).toBe('move');
  const reply = await client.request(
    { t: 'act', game, v: state.v, action: { type: 'roll' } },
    (m) => m.t === 'error' || (m.t === 'event' && m.v > state.v),
  );
  expect(reply).toMatchObject({ t: 'error', code: 'ERR_PHASE' });
}

describe('seeded dice', () => {
  it('a roll the rules refuse draws no dice: the next roll is the seed’s next', async () => {
    const server = await serve({ diceSeed: 'refused-roll' });
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 5, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    cleanups.push(() => client.close());
    await refusedRoll(client, id);
    await autoplay(client, id, { random: seededRandom(4), maxActs: 12 });
    expect(await expectSeedSequence(server.store, id)).toBeGreaterThan(4);
  });

  it('a restart does not shift the sequence: refused roll, play, restart, play', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'zar.sqlite');
    const first = await startServer({ store: await sqliteStore(file), diceSeed: 'restart-dice' });
    const me = new Caller(first.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 5, opponent: 'bot' });
    const client = await Client.open(first.ws, me.cookie);
    await refusedRoll(client, id);
    await autoplay(client, id, { random: seededRandom(5), maxActs: 6, until: myTurnTo('roll') });
    await client.close();
    await first.close();

    const second = await serve({ store: await sqliteStore(file), diceSeed: 'restart-dice' });
    const again = await Client.open(second.ws, me.cookie);
    cleanups.push(() => again.close());
    await autoplay(again, id, { random: seededRandom(6), maxActs: 6 });
    expect(await expectSeedSequence(second.store, id)).toBeGreaterThan(6);
  });

  it('a roll the store refuses draws no dice: the player’s next try gets the same roll', async () => {
    const store = memoryStore();
    let refuseNextRoll = false;
    const append = store.appendAction.bind(store);
    store.appendAction = (game, version, action, at, status) => {
      if (refuseNextRoll && action.type === 'roll') {
        refuseNextRoll = false;
        return Promise.reject(new Error('disk full'));
      }
      return append(game, version, action, at, status);
    };
    const server = await serve({ store, diceSeed: 'store-refused' });
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 5, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    cleanups.push(() => client.close());
    await autoplay(client, id, { random: seededRandom(7), maxActs: 1, until: myTurnTo('roll') });
    const state = await settled(client, id);
    expect(state.view.game.phase).toBe('roll');
    refuseNextRoll = true;
    const roll = { t: 'act', game: id, v: state.v, action: { type: 'roll' } };
    const refused = await client.request(roll, (m) => m.t === 'error' || m.t === 'event');
    expect(refused.t).toBe('error');
    const rolled = await client.request(roll, (m) => m.t === 'error' || m.t === 'event');
    expect(rolled).toMatchObject({ t: 'event', v: state.v + 1, action: { type: 'roll' } });
    await autoplay(client, id, { random: seededRandom(8), maxActs: 4 });
    expect(await expectSeedSequence(store, id)).toBeGreaterThan(3);
  });

  it('starting the server with ZAR_DICE_SEED logs a warning that the dice are predictable', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        ZAR_DB: join(tmp.dir, 'zar.sqlite'),
        ZAR_DICE_SEED: 'loud',
        ZAR_STATIC_DIR: join(tmp.dir, 'no-client'),
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    cleanups.push(async () => {
      child.kill('SIGTERM');
      await exited;
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('serving at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; seed?: string });
    const warning = lines.find((l) => l.msg === SEEDED_DICE_WARNING);
    expect(warning, output).toBeDefined();
    expect(warning?.level).toBeGreaterThanOrEqual(40);
    expect(warning?.seed).toBeUndefined();
  });
});
