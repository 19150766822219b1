import { Worker } from 'node:worker_threads';
import { newMatch, parseMatchSettings } from '@zar/match';
import { HINT_MAX_PLAYS, type Hint } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotPool, type RunnerLog } from '../src/bots/index.js';
import { HINT_BURST } from '../src/limits/hints.js';
import { Caller, Client, type Running, randomAction, seededRandom, settled, startServer } from './support/harness.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Refusal = { error: { code: string; message: string } };
type State = Awaited<ReturnType<typeof settled>>;

/** Acts as the caller's seat and waits until the bot has answered and the caller is to act again. */
async function act(socket: Client, id: string, s: State, action: unknown): Promise<State> {
  const moved = socket.next((m) => m.t === 'event' && m.game === id && m.v > s.v);
  socket.send({ t: 'act', game: id, v: s.v, action });
  await moved;
  return settled(socket, id);
}

describe('hints against the bot', () => {
  it('ranks the plays of the player’s roll and gives his cube decisions; the best play is accepted', async () => {
    const player = new Caller(server.base);
    const { id } = await player.newGame({ game: 'backgammon', length: 5, opponent: 'bot', level: 'club' });
    const socket = await Client.open(server.ws, player.cookie);
    let s = await settled(socket, id);
    const seen = new Set<string>();
    for (let turn = 0; turn < 40 && s.view.status === 'playing' && seen.size < 2; turn++) {
      const phase = s.view.game.phase;
      const r = await player.call<Hint | Refusal>('GET', `/api/games/${id}/hint`);
      // The view's hint says what the route answers: the page's Hint button follows it.
      expect(s.view.hint).toBe(r.status === 200);
      if (phase === 'move') {
        expect(r.status).toBe(200);
        const hint = r.body as Hint;
        if (hint.kind !== 'plays') throw new Error('expected plays');
        expect(hint).toMatchObject({ bot: 'the backgammon net', plies: 2, dice: s.view.game.dice, cubeful: true });
        // Every legal play, up to the list's cap (a double in a crowded position may have more).
        expect(hint.plays.length).toBe(Math.min(hint.legal, HINT_MAX_PLAYS));
        expect(hint.plays[0]?.loss).toBe(0);
        seen.add('plays');
        // The best play in the hint's notation is a play the server takes.
        s = await act(socket, id, s, { type: 'play', play: hint.plays[0]?.play ?? '' });
      } else if (phase === 'roll') {
        if (s.view.allowed.double) {
          expect(r.status).toBe(200);
          expect(r.body).toMatchObject({ kind: 'cube', decision: 'double', bot: 'the backgammon net' });
          seen.add('cube');
        } else expect(r.status).toBe(409);
        s = await act(socket, id, s, { type: 'roll' });
      } else {
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ kind: 'cube', decision: 'take' });
        s = await act(socket, id, s, { type: 'take' });
      }
    }
    expect([...seen].sort()).toEqual(['cube', 'plays']);
    await socket.close();
  }, 60_000);

  it('ranks the plays of a game valued by a game net (plakoto)', async () => {
    const player = new Caller(server.base);
    const { id } = await player.newGame({ game: 'plakoto', length: 1, opponent: 'bot', level: 'club' });
    const socket = await Client.open(server.ws, player.cookie);
    let s = await settled(socket, id);
    for (let i = 0; i < 4 && s.view.game.phase !== 'move'; i++) s = await act(socket, id, s, { type: 'roll' });
    const r = await player.call<Hint>('GET', `/api/games/${id}/hint`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'plays', bot: 'the plakoto net', cubeful: false });
    if (r.body.kind === 'plays') expect(r.body.plies).toBe(r.body.legal > 1 ? 1 : 0);
    await socket.close();
  }, 30_000);

  it('refuses where the player has nothing to decide: a roll with no cube to turn', async () => {
    const player = new Caller(server.base);
    // A one-point match: the cube is dead, so before his roll the player decides nothing.
    const { id } = await player.newGame({ game: 'backgammon', length: 1, opponent: 'bot', level: 'club' });
    const socket = await Client.open(server.ws, player.cookie);
    let s = await settled(socket, id);
    if (s.view.game.phase === 'move') s = await act(socket, id, s, randomAction(s.view, seededRandom(1)));
    expect(s.view.game.phase).toBe('roll');
    const r = await player.call<Refusal>('GET', `/api/games/${id}/hint`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('ERR_PHASE');
    expect(s.view.hint).toBe(false);
    await socket.close();
  }, 30_000);

  it('never in a game between people, nor for a spectator or a visitor without a session', async () => {
    const host = new Caller(server.base);
    const created = await host.newGame({ game: 'backgammon', length: 3, opponent: 'friend' });
    const friend = new Caller(server.base);
    await friend.call('POST', `/api/invite/${(created.invite as string).slice('/invite/'.length)}`);
    for (const c of [host, friend]) {
      const r = await c.call<Refusal>('GET', `/api/games/${created.id}/hint`);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('ERR_HINT_FORBIDDEN');
      const view = await c.call<{ view: { hint: boolean } }>('GET', `/api/games/${created.id}`);
      expect(view.body.view.hint).toBe(false);
    }
    const player = new Caller(server.base);
    const bot = await player.newGame({ game: 'backgammon', length: 3, opponent: 'bot' });
    const spectator = host;
    const watched = await spectator.call<Refusal>('GET', `/api/games/${bot.id}/hint`);
    expect(watched.status).toBe(403);
    expect(watched.body.error.code).toBe('ERR_NOT_A_PLAYER');
    const watchedView = await spectator.call<{ view: { hint: boolean } }>('GET', `/api/games/${bot.id}`);
    expect(watchedView.body.view.hint).toBe(false);
    const visitor = new Caller(server.base);
    const anonymous = await visitor.call<Refusal>('GET', `/api/games/${bot.id}/hint`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.setCookie).toEqual([]);
    expect((await player.call<Refusal>('GET', '/api/games/nosuchgame/hint')).status).toBe(404);
  }, 30_000);

  it('is rate limited per account, with Retry-After', async () => {
    const spectator = new Caller(server.base);
    await spectator.newGame({ game: 'backgammon', length: 1, opponent: 'open' });
    const path = '/api/games/AAAAAAAAAA/hint';
    for (let i = 0; i < HINT_BURST; i++) expect((await spectator.call('GET', path)).status).toBe(404);
    const res = await fetch(server.base + path, { headers: { cookie: spectator.cookie } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as Refusal).error.code).toBe('ERR_RATE_LIMITED');
  });
});

describe('hints in the bot workers', () => {
  const log: RunnerLog = { warn: () => undefined, error: () => undefined };
  const settings = parseMatchSettings({ length: 5 });
  if (!settings.ok) throw new Error(settings.error.message);
  const start = newMatch(settings.value);
  // Player 0 to roll, cube centred: his decision is whether to double.
  const rolling = { ...start, game: { ...start.game, phase: 'roll' as const, turn: 0 as const } };

  it('a worker answers a hint', async () => {
    const pool = new BotPool({ size: 1, log });
    try {
      const answer = await pool.hint('g', rolling, 0);
      expect(answer.ok && answer.value.kind).toBe('cube');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('a worker that dies, or takes too long, answers unavailable and the pool lives on', async () => {
    const dying = new BotPool({ size: 1, log, spawn: () => new Worker('process.exit(3)', { eval: true }) });
    const silent =
      "const { parentPort } = require('node:worker_threads'); parentPort.postMessage({ t: 'ready' }); parentPort.on('message', () => {});";
    const slow = new BotPool({ size: 1, log, hintMs: 100, spawn: () => new Worker(silent, { eval: true }) });
    try {
      for (const pool of [dying, slow]) {
        const answer = await pool.hint('g', rolling, 0);
        expect(answer.ok ? null : answer.error.code).toBe('ERR_HINT_UNAVAILABLE');
      }
    } finally {
      await dying.close();
      await slow.close();
    }
    expect(await dying.hint('g', rolling, 0)).toMatchObject({ ok: false, error: { code: 'ERR_HINT_UNAVAILABLE' } });
  }, 30_000);
});
