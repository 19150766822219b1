import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededDice } from '@zar/match';
import type { ServerMessage } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { WS_PATH } from './support/contract.js';
import {
  autoplay,
  Caller,
  Client,
  SECRET,
  seededRandom,
  settled,
  sqliteStore,
  startServer,
  tempDir,
} from './support/harness.js';

type Event = Extract<ServerMessage, { t: 'event' }>;

const cleanups = cleanupsAfterEach();

describe('a restart loses nothing', () => {
  it('a new app on the same SQLite file continues at the same version, state, dice and times', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'zar.sqlite');
    // The first server's clock ticks a millisecond each time it is read; the second's stands still.
    let tick = T1;
    const first = await startServer({ store: await sqliteStore(file), diceSeed: 'restart', now: () => tick++ });
    const me = new Caller(first.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 5, opponent: 'bot' });
    const client = await Client.open(first.ws, me.cookie);
    // Stop where the next action is this player's roll, so the restart can show the dice go on.
    await autoplay(client, id, {
      random: seededRandom(5),
      maxActs: 8,
      until: (view) => view.game.phase === 'roll' && view.game.turn === view.you,
    });
    const before = await settled(client, id);
    expect(before.v).toBeGreaterThan(8);
    await client.close();
    const times = (await first.store.actions(id)).map((a) => a.at);
    expect(times).toHaveLength(before.v);
    // Each action has the time the room read when it applied it: distinct, rising, on this clock.
    for (const [i, at] of times.entries()) expect(at).toBeGreaterThan(i === 0 ? T1 : (times[i - 1] as number));
    expect(times.at(-1)).toBeLessThan(tick);
    await first.close();

    const store = await sqliteStore(file);
    const second = await buildApp({ store, cookieSecret: SECRET, botDelayMs: 0, diceSeed: 'restart', now: () => T2 });
    cleanups.push(async () => {
      await second.close();
      await store.close();
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const port = (second.server.address() as { port: number }).port;
    const again = new Caller(`http://127.0.0.1:${port}`);
    again.cookie = me.cookie;
    const r = await again.call<{ v: number; view: unknown }>('GET', `/api/games/${id}`);
    expect(r.body.v).toBe(before.v);
    // The same view, but that nobody has the game open on the new server yet (the bot always has).
    expect(before.view.presence).toEqual([true, true]);
    expect(r.body.view).toEqual({ ...before.view, presence: [false, true] });

    // The dice go on where they were: the next roll is the seed's next roll.
    const row = await store.gameById(id);
    const spec = row?.record.dice;
    if (spec?.source !== 'seeded') throw new Error('the test server seeds its dice');
    const expected = seededDice(spec.seed);
    const kept = await store.actions(id);
    expect(kept.map((a) => a.at)).toEqual(times);
    for (const { action: a } of kept) if (a.type === 'roll' || a.type === 'opening') expected.roll();
    const socket = await Client.open(`ws://127.0.0.1:${port}${WS_PATH}`, again.cookie);
    const state = await settled(socket, id);
    expect(state.view.game.phase).toBe('roll');
    const rolled = socket.next((m) => m.t === 'event' && m.v === state.v + 1);
    socket.send({ t: 'act', game: id, v: state.v, action: { type: 'roll' } });
    const event = (await rolled) as Event;
    expect(event.action).toMatchObject({ type: 'roll', player: 0, dice: expected.roll() });
    // The roll after the restart is stamped by the new server's clock, the old times stay.
    expect((await store.actions(id)).map((a) => a.at)).toEqual([...times, T2]);
    await socket.close();
  });

  it('kill -9 in the middle of a match: every acknowledged action is there after a restart', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const db = join(tmp.dir, 'zar.sqlite');
    const startedAt = Date.now();

    const a = await spawnServer(db);
    cleanups.push(() => void a.child.kill('SIGKILL'));
    const me = new Caller(a.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 7, opponent: 'bot' });
    const client = await Client.open(a.ws, me.cookie);
    await autoplay(client, id, { random: seededRandom(9), maxActs: 10 });
    const acknowledged = client.messages.filter((m): m is Event => m.t === 'event' && m.game === id);
    expect(acknowledged.length).toBeGreaterThan(10);
    const exited = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await exited;

    const b = await spawnServer(db);
    cleanups.push(() => void b.child.kill('SIGKILL'));
    const again = new Caller(b.base);
    again.cookie = me.cookie;
    const socket = await Client.open(b.ws, again.cookie);
    const resumed = await socket.join(id);
    const last = acknowledged.at(-1) as Event;
    expect(resumed.v).toBeGreaterThanOrEqual(last.v);
    expect(resumed.view.you).toBe(0);

    // Continue the match on the new process, then compare with what was heard before the kill.
    const more = await autoplay(socket, id, { random: seededRandom(10), maxActs: 5 });
    expect(more.v).toBeGreaterThan(resumed.v);
    const history = (await (
      await fetch(`${b.base}/api/games/${id}`, { headers: { cookie: again.cookie } })
    ).json()) as { v: number };
    expect(history.v).toBeGreaterThanOrEqual(more.v);
    await socket.close();
    b.child.kill('SIGTERM');
    await new Promise((resolve) => b.child.once('exit', resolve));

    const { openStore } = await import('../src/store/index.js');
    const store = await openStore({ ZAR_DB: db });
    const stored = await store.actions(id);
    await store.close();
    for (const e of acknowledged) expect(stored[e.v - 1]?.action, `action ${e.v}`).toEqual(e.action);
    // Every action, before and after the kill, has the real server's time of its application.
    const times = stored.map((a) => a.at);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(times[0]).toBeGreaterThanOrEqual(startedAt);
    expect(times.at(-1)).toBeLessThanOrEqual(Date.now());
  });
});

/** 2026-01-01, and an hour later: times no real clock of the test gives. */
const T1 = 1_767_225_600_000;
const T2 = T1 + 3_600_000;

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The real server process, on a free port, as `npm start` runs it (but through one node process). */
async function spawnServer(db: string): Promise<{ child: ChildProcess; base: string; ws: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ZAR_DB: db,
      ZAR_BOT_DELAY_MS: '0',
      ZAR_DICE_SEED: 'spawned',
      ZAR_STATIC_DIR: join(db, 'no-client'),
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /serving at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}${WS_PATH}` };
}
