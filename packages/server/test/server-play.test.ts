import { createRules, formatPlay, GAME_IDS, parseZarPosition } from '@zar/engine';
import { replay } from '@zar/match';
import type { GameView, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actorOfView,
  autoplay,
  Caller,
  Client,
  type Running,
  randomAction,
  seededRandom,
  startServer,
} from './support/harness.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Event = Extract<ServerMessage, { t: 'event' }>;

describe('a match against the bot over the socket', () => {
  it.each(GAME_IDS)(
    '%s: one-point match played to the end; the stored record replays to the same end',
    async (game) => {
      const me = new Caller(server.base);
      const { id, seat } = await me.newGame({ game, length: 1, opponent: 'bot', level: 'beginner' });
      expect(seat).toBe(0);
      const client = await Client.open(server.ws, me.cookie);
      const done = await autoplay(client, id, { random: seededRandom(7) });
      expect(done.last.status).toBe('over');
      expect(done.last.winner).not.toBeNull();
      expect(done.acts).toBeGreaterThan(3);

      // Every event arrived once, in order, each one version after the previous one.
      const events = client.messages.filter((m): m is Event => m.t === 'event' && m.game === id);
      expect(events.map((e) => e.v)).toEqual(events.map((_, i) => (events[0]?.v ?? 0) + i));
      // The opening roll is an action of its own, done by the server.
      const all = (await server.store.actions(id)).map((s) => s.action);
      expect(all[0]?.type).toBe('opening');
      expect(all.length).toBe(done.v);

      const row = await server.store.gameById(id);
      expect(row?.status).toBe('over');
      expect(row?.version).toBe(all.length);
      const rebuilt = replay({ ...(row as NonNullable<typeof row>).record, actions: all });
      expect(rebuilt.ok).toBe(true);
      if (rebuilt.ok) expect(rebuilt.value.states.at(-1)?.winner).toBe(done.last.winner);
      await client.close();
    },
  );

  it('a play sent in another form of notation is stored in the standard one', async () => {
    /** A legal play of the viewer's roll written with two or more moves, in standard notation. */
    const twoMoves = (view: GameView): string | null => {
      const g = view.game;
      if (actorOfView(view) !== view.you || g.phase !== 'move' || g.dice === null) return null;
      const rules = createRules(g.game, g.options);
      const pos = parseZarPosition(g.position);
      if (!rules.ok || !pos.ok) return null;
      const texts = rules.value.legalPlays(pos.value, g.dice).map((p) => formatPlay(p.steps));
      return texts.find((t) => t.split(' ').length >= 2) ?? null;
    };
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 5, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    const at = await autoplay(client, id, { random: seededRandom(3), maxActs: 0, until: (v) => twoMoves(v) !== null });
    const standard = twoMoves(at.last) as string;
    // The same play with its moves in the other order: legal, but not as the record writes it.
    const reordered = standard.split(' ').reverse().join(' ');
    expect(reordered).not.toBe(standard);
    const applied = client.next((m) => m.t === 'event' && m.game === id && m.v === at.v + 1);
    client.send({ t: 'act', game: id, v: at.v, action: { type: 'play', play: reordered } });
    expect(await applied).toMatchObject({ action: { type: 'play', play: standard } });
    const stored = (await server.store.actions(id)).at(at.v)?.action;
    expect(stored).toMatchObject({ type: 'play', play: standard });
    await client.close();
  });

  it('a stale version is refused and followed by a fresh state', async () => {
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    // Play until it is our turn, then act at an older version.
    // Until it is our turn: the bot is not thinking then, so the version stays put.
    await autoplay(client, id, { random: seededRandom(1), maxActs: 2, until: (v) => actorOfView(v) === v.you });
    const state = await client.join(id);
    const behind = state.v - 1;
    const refused = client.next((m) => m.t === 'error');
    const resync = client.next((m) => m.t === 'state', 5000);
    client.send({ t: 'act', game: id, v: behind, action: { type: 'roll' } });
    expect(await refused).toMatchObject({ t: 'error', code: 'ERR_STALE', game: id });
    const fresh = (await resync) as Extract<ServerMessage, { t: 'state' }>;
    expect(fresh.v).toBe(state.v);
    expect((await server.store.actions(id)).length).toBe(state.v);
    await client.close();
  });

  it('the seat is the session’s: acting for the bot’s seat, or out of turn, changes nothing', async () => {
    const me = new Caller(server.base);
    const { id } = await me.newGame({ preset: 'backgammon', length: 3, opponent: 'bot' });
    const client = await Client.open(server.ws, me.cookie);
    const state = await client.join(id);
    let { v, view } = state;
    // Wait for a moment where the human is to act.
    while (actorOfView(view) !== view.you) {
      const e = (await client.next((m) => m.t === 'event')) as Event;
      ({ v, view } = e);
    }
    // A 'player' field naming the bot's seat is not part of the protocol: it is refused, and
    // nothing is applied; the same action without it is applied for the session's seat.
    const action = randomAction(view, seededRandom(3));
    const forged = await client.request({ t: 'act', game: id, v, action: { ...action, player: 1 } }, (m) =>
      ['error', 'event'].includes(m.t),
    );
    expect(forged).toMatchObject({ t: 'error', code: 'ERR_MESSAGE', message: 'action.player: unknown field' });
    const applied = client.next((m) => m.t === 'event' && m.v === v + 1);
    client.send({ t: 'act', game: id, v, action });
    const event = (await applied) as Event;
    expect('player' in event.action ? event.action.player : null).toBe(0);

    // A spectator (another guest) cannot act at all.
    const other = new Caller(server.base);
    await other.call('GET', '/api/me');
    const watcher = await Client.open(server.ws, other.cookie);
    const watched = await watcher.join(id);
    expect(watched.view.you).toBeNull();
    const refused = watcher.next((m) => m.t === 'error');
    watcher.send({ t: 'act', game: id, v: watched.v, action: { type: 'roll' } });
    expect(await refused).toMatchObject({ code: 'ERR_NOT_A_PLAYER' });
    await Promise.all([client.close(), watcher.close()]);
  });

  it('GET /api/games/:id gives the caller’s view; unknown ids are 404', async () => {
    const me = new Caller(server.base);
    const { id } = await me.newGame({ cycle: 'tavli', length: 3, opponent: 'bot' });
    const r = await me.call<{ v: number; view: { you: number; settings: { cycle: unknown[] } } }>(
      'GET',
      `/api/games/${id}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.view.you).toBe(0);
    expect(r.body.view.settings.cycle).toHaveLength(3);
    expect((await me.call('GET', '/api/games/nosuchgame')).status).toBe(404);
    expect((await me.call('GET', '/api/games/..%2f..')).status).toBe(404);
  });

  it('bad game requests are refused with a code and a message', async () => {
    const me = new Caller(server.base);
    const cases: [unknown, string][] = [
      [{ opponent: 'robot' }, 'ERR_BODY'],
      [{ game: 'chess', opponent: 'bot' }, 'ERR_BODY'],
      [{ preset: 'nope', opponent: 'bot' }, 'ERR_SETTINGS'],
      [{ cycle: 'toString', opponent: 'bot' }, 'ERR_SETTINGS'],
      [{ game: 'backgammon', preset: 'backgammon', opponent: 'bot' }, 'ERR_SETTINGS'],
      [{ length: 1000, opponent: 'bot' }, 'ERR_BODY'],
      ['[1,2', 'ERR_JSON'],
    ];
    for (const [body, code] of cases) {
      const r = await me.call<{ error: { code: string; message: string } }>('POST', '/api/games', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code, JSON.stringify(body)).toBe(code);
      expect(r.body.error.message.length).toBeGreaterThan(0);
    }
    const huge = await me.call('POST', '/api/games', { opponent: 'bot', options: { x: 'y'.repeat(40_000) } });
    expect(huge.status).toBe(413);
  });
});
