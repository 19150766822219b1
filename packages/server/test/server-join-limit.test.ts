import { afterEach, describe, expect, it } from 'vitest';
import { Caller, type Running, startServer, TEST_LIMITS } from './support/harness.js';

/*
 * Taking a seat counts against a player's unfinished games as creating a game does (one account
 * cannot hold more than a handful of open games): joining from the lobby
 * and accepting an invitation were not counted, so one account could sit in any number.
 */

interface Refusal {
  error: { code: string; message: string };
}

let server: Running | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const botGame = { preset: 'backgammon', length: 1, opponent: 'bot' };

describe('joining within the open-games limit', () => {
  it('a player at his limit may not take a seat from the lobby or an invitation; one he holds he gets back', async () => {
    server = await startServer({ limits: { ...TEST_LIMITS, openGames: 2 } });
    const full = new Caller(server.base);
    await full.newGame(botGame);
    const own = await full.newGame({ preset: 'backgammon', length: 1, opponent: 'open' });

    const open = await new Caller(server.base).newGame({ preset: 'backgammon', length: 1, opponent: 'open' });
    const invited = await new Caller(server.base).newGame({ preset: 'backgammon', length: 1, opponent: 'friend' });
    const lobby = await full.call<Refusal>('POST', `/api/games/${open.id}/join`, {});
    expect(lobby.status).toBe(409);
    expect(lobby.body.error.code).toBe('ERR_TOO_MANY_GAMES');
    const token = (invited.invite as string).split('/').at(-1) as string;
    const invite = await full.call<Refusal>('POST', `/api/invite/${token}`, {});
    expect(invite.status).toBe(409);
    expect(invite.body.error.code).toBe('ERR_TOO_MANY_GAMES');
    // Both games still wait for a player; his own seat is his whatever he has open.
    expect((await server.store.gameById(open.id))?.status).toBe('waiting');
    expect((await server.store.gameById(invited.id))?.status).toBe('waiting');
    const mine = await full.call<{ seat: number }>('POST', `/api/games/${own.id}/join`, {});
    expect(mine.status).toBe(200);
    expect(mine.body.seat).toBe(0);

    // Someone with room to spare sits down as before.
    const free = await new Caller(server.base).call<{ seat: number }>('POST', `/api/games/${open.id}/join`, {});
    expect(free.status).toBe(200);
    expect(free.body.seat).toBe(1);
  });
});
