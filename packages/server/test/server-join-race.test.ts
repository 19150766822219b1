import type { ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Caller, Client, type Running, randomAction, seededRandom, startServer } from './support/harness.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const HOUR = 3600_000;
type State = Extract<ServerMessage, { t: 'state' }>;

/** Drops every room nobody watches, so that the next join has to load its game (a real await). */
const evictAll = () => server.app.zar.rooms.evictIdle(Date.now() + HOUR);

/** Evicts until no room is left in memory, or fails: a leaked subscriber keeps its room for ever. */
async function expectAllEvicted(): Promise<void> {
  const rooms = server.app.zar.rooms;
  for (let i = 0; i < 100 && rooms.size > 0; i++) {
    evictAll();
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(rooms.size).toBe(0);
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('joins sent all at once (one frame after another, before any answer)', () => {
  it('the same game joined ten times is watched once: every event arrives once, the room is evicted after', async () => {
    const player = new Caller(server.base);
    const { id } = await player.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' });
    await settle();
    evictAll();
    const socket = await Client.open(server.ws, player.cookie);
    for (let i = 0; i < 10; i++) socket.send({ t: 'join', game: id });
    await settle();
    const states = socket.messages.filter((m): m is State => m.t === 'state' && m.game === id);
    // Each join is answered with the state (a second join re-sends it), from one subscription.
    expect(states.length).toBe(10);
    const state = states.at(-1);
    if (state === undefined) throw new Error('no state');
    expect(state.view.game.actor).toBe(state.view.you);

    // One action of ours and the bot's answer: every version is heard exactly once.
    const answered = socket.next((m) => m.t === 'event' && m.view.game.actor === m.view.you, 10_000);
    socket.send({ t: 'act', game: id, v: state.v, action: randomAction(state.view, seededRandom(3)) });
    await answered;
    await settle();
    const versions = socket.messages.flatMap((m) => (m.t === 'event' ? [m.v] : []));
    expect(versions.length).toBeGreaterThan(0);
    expect(versions).toEqual([...new Set(versions)]);

    await socket.close();
    await expectAllEvicted();
  });

  it('forty games joined at once on one socket: 32 are watched, 8 refused; all are evicted after', async () => {
    const player = new Caller(server.base);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await player.newGame({ preset: 'backgammon', length: 1, opponent: 'bot' })).id);
    await settle();
    evictAll();
    const socket = await Client.open(server.ws, player.cookie);
    for (const id of ids) socket.send({ t: 'join', game: id });
    for (const id of ids) socket.send({ t: 'join', game: id });
    await settle();
    const watched = new Set(socket.messages.flatMap((m) => (m.t === 'state' ? [m.game] : [])));
    const refused = socket.messages.filter((m) => m.t === 'error' && m.code === 'ERR_TOO_MANY');
    expect(watched.size).toBe(32);
    // The first round refuses 8, the second the same 8 again; the 32 are re-sent their state.
    expect(refused.length).toBe(16);
    expect(socket.messages.filter((m) => m.t === 'state').length).toBe(64);

    await socket.close();
    await expectAllEvicted();
  });
});
