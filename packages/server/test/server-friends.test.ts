import type { ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Caller, Client, type Running, seededRandom, startServer } from './support/harness.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Summary {
  id: string;
  status: string;
  you: number | null;
  players: { name: string; taken: boolean }[];
}

describe('games between people', () => {
  it('an invite link seats the friend; both play the match to its end', async () => {
    const host = new Caller(server.base);
    const created = await host.newGame({ preset: 'backgammon', length: 1, opponent: 'friend' });
    expect(created.invite).toMatch(/^\/invite\/[A-Za-z0-9_-]{20,}$/);
    const token = (created.invite as string).slice('/invite/'.length);

    const hostSocket = await Client.open(server.ws, host.cookie);
    const waiting = await hostSocket.join(created.id);
    expect(waiting.view.status).toBe('waiting');
    expect(waiting.view.players[1].taken).toBe(false);
    // Nobody can act while the game waits.
    const early = hostSocket.next((m) => m.t === 'error');
    hostSocket.send({ t: 'act', game: created.id, v: 0, action: { type: 'roll' } });
    expect(await early).toMatchObject({ code: 'ERR_NOT_PLAYING' });

    const friend = new Caller(server.base);
    const preview = await friend.call<Summary>('GET', `/api/invite/${token}`);
    expect(preview.body).toMatchObject({ id: created.id, status: 'waiting', you: null });
    const started = hostSocket.next((m) => m.t === 'state' && m.view.status === 'playing');
    const joined = await friend.call('POST', `/api/invite/${token}`);
    expect(joined.body).toEqual({ id: created.id, seat: 1 });
    expect((await started).t).toBe('state');
    // The link again: the same seat, no harm done.
    expect((await friend.call('POST', `/api/invite/${token}`)).body).toEqual({ id: created.id, seat: 1 });
    // A third person is too late.
    const third = new Caller(server.base);
    const late = await third.call<{ error: { code: string } }>('POST', `/api/invite/${token}`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('ERR_GAME_FULL');
    expect((await third.call('POST', '/api/invite/not-a-token-at-all')).status).toBe(404);

    const friendSocket = await Client.open(server.ws, friend.cookie);
    const [a, b] = await Promise.all([
      autoplay(hostSocket, created.id, { random: seededRandom(21) }),
      autoplay(friendSocket, created.id, { random: seededRandom(22) }),
    ]);
    expect(a.last.status).toBe('over');
    expect(b.last.winner).toBe(a.last.winner);
    expect(a.last.you).toBe(0);
    expect(b.last.you).toBe(1);
    expect(a.acts).toBeGreaterThan(0);
    expect(b.acts).toBeGreaterThan(0);

    const history = await friend.call<{ games: Summary[] }>('GET', '/api/history');
    expect(history.body.games.map((g) => g.id)).toContain(created.id);
    await Promise.all([hostSocket.close(), friendSocket.close()]);
  });

  it('out of turn, a player is refused and resynced', async () => {
    const host = new Caller(server.base);
    const created = await host.newGame({ preset: 'backgammon', length: 3, opponent: 'friend' });
    const friend = new Caller(server.base);
    await friend.call('POST', `${'/api'}${created.invite}`);
    const [hs, fs] = await Promise.all([Client.open(server.ws, host.cookie), Client.open(server.ws, friend.cookie)]);
    let state = await hs.join(created.id);
    while (state.view.game.phase === 'opening') state = await hs.join(created.id);
    const onRoll = state.view.game.turn;
    const outOfTurn = onRoll === 0 ? fs : hs;
    const refused = outOfTurn.next((m) => m.t === 'error');
    const resync = outOfTurn.next((m) => m.t === 'state');
    outOfTurn.send({ t: 'act', game: created.id, v: state.v, action: { type: 'roll' } });
    expect(await refused).toMatchObject({ code: 'ERR_NOT_YOUR_TURN' });
    expect(((await resync) as Extract<ServerMessage, { t: 'state' }>).v).toBe(state.v);
    expect((await server.store.actions(created.id)).length).toBe(state.v);
    await Promise.all([hs.close(), fs.close()]);
  });

  it('an open game is listed in the lobby until someone joins it', async () => {
    const host = new Caller(server.base);
    const { id } = await host.newGame({ game: 'plakoto', length: 1, opponent: 'open' });
    const guest = new Caller(server.base);
    const lobby = await guest.call<{ games: Summary[] }>('GET', '/api/lobby');
    const listed = lobby.body.games.find((g) => g.id === id);
    expect(listed?.status).toBe('waiting');
    expect(listed?.players[0]?.taken).toBe(true);

    const own = await host.call('POST', `/api/games/${id}/join`);
    expect(own.body).toEqual({ id, seat: 0 });
    const joined = await guest.call('POST', `/api/games/${id}/join`);
    expect(joined.body).toEqual({ id, seat: 1 });
    const after = await guest.call<{ games: Summary[] }>('GET', '/api/lobby');
    expect(after.body.games.some((g) => g.id === id)).toBe(false);
    const third = new Caller(server.base);
    expect((await third.call('POST', `/api/games/${id}/join`)).status).toBe(409);

    // A game made for a friend is not in the lobby and cannot be joined from it.
    const { id: privateId } = await host.newGame({ preset: 'backgammon', length: 1, opponent: 'friend' });
    const r = await third.call<{ error: { code: string } }>('POST', `/api/games/${privateId}/join`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('ERR_NOT_OPEN');

    const view = await guest.call<{ view: { status: string; you: number } }>('GET', `/api/games/${id}`);
    expect(view.body.view).toMatchObject({ status: 'playing', you: 1 });
  });
});
