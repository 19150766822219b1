import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerMessage } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { memoryStore } from '../src/store/index.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import {
  actorOfView,
  Caller,
  Client,
  randomAction,
  SECRET,
  seededRandom,
  startServer,
  tempDir,
} from './support/harness.js';

const cleanups = cleanupsAfterEach();

describe('one authority per game', () => {
  it('two actions at the same version: one is applied, the other is stale', async () => {
    const server = await startServer();
    cleanups.push(server.close);
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    cleanups.push(() => client.close());
    let state = await client.join(id);
    while (actorOfView(state.view) !== state.view.you) state = await client.join(id);
    const action = randomAction(state.view, seededRandom(4));
    const replies: ServerMessage[] = [];
    const two = new Promise<void>((resolve) => {
      client.socket.on('message', (data) => {
        const m = JSON.parse(data.toString()) as ServerMessage;
        if ((m.t === 'event' && m.v === state.v + 1) || m.t === 'error') replies.push(m);
        if (replies.length === 2) resolve();
      });
    });
    client.send({ t: 'act', game: id, v: state.v, action });
    client.send({ t: 'act', game: id, v: state.v, action });
    await two;
    expect(replies.map((m) => (m.t === 'error' ? m.code : m.t)).sort()).toEqual(['ERR_STALE', 'event']);
    const event = replies.find((m) => m.t === 'event');
    const stored = (await server.store.actions(id)).map((s) => s.action);
    expect(stored[state.v]).toEqual(event?.t === 'event' ? event.action : null);
  });

  it('an idle room is dropped from memory and comes back at the same version', async () => {
    const server = await startServer();
    cleanups.push(server.close);
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    let state = await client.join(id);
    while (actorOfView(state.view) !== state.view.you) state = await client.join(id);
    await client.close();
    const rooms = server.app.zar.rooms;
    await new Promise((r) => setTimeout(r, 20));
    expect(rooms.evictIdle(Date.now() + 3600_000)).toBeGreaterThanOrEqual(1);
    expect(rooms.size).toBe(0);
    const back = await me.call<{ v: number; view: unknown }>('GET', `/api/games/${id}`);
    expect(back.body.v).toBe(state.v);
    // The same view, but that the player has left it (presence; the bot is always there).
    expect(back.body.view).toEqual({ ...state.view, presence: [false, true] });
    expect(rooms.size).toBe(1);
  });
});

describe('the web client', () => {
  it('is served with a fallback to index.html for the page’s own routes, never for /api', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    writeFileSync(join(tmp.dir, 'index.html'), '<!doctype html><title>Zar</title>');
    writeFileSync(join(tmp.dir, 'app.js'), 'console.log(1)');
    const app = await buildApp({ store: memoryStore(), cookieSecret: SECRET, botDelayMs: 0, staticDir: tmp.dir });
    cleanups.push(() => app.close());
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Zar</title>');
    const js = await app.inject({ method: 'GET', url: '/app.js' });
    expect(js.body).toBe('console.log(1)');
    const deep = await app.inject({ method: 'GET', url: '/invite/abcdefabcdef?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>Zar</title>');
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'ERR_NOT_FOUND' } });
  });

  it('without a built client, unknown paths are JSON 404s', async () => {
    const app = await buildApp({ store: memoryStore(), cookieSecret: SECRET, staticDir: '/nonexistent/dist' });
    cleanups.push(() => app.close());
    const r = await app.inject({ method: 'GET', url: '/' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ error: { code: 'ERR_NOT_FOUND' } });
  });
});
