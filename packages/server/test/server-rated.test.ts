import { INITIAL_RATING } from '@zar/match';
import type { GameView } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Caller, type Running, startServer } from './support/harness.js';
import { account, closeTable, endByResignation, table } from './support/people.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Refusal = { error: { code: string } };

describe('making a rated or timed game', () => {
  it('stores the clock asked for and lists it, with rated, in the summary', async () => {
    const ana = await account(server.base);
    const custom = { kind: 'timed', delayMs: 0, perPointMs: 5000 };
    const made = await ana.newGame({ game: 'plakoto', length: 3, opponent: 'open', clock: custom, rated: true });
    const row = await server.store.gameById(made.id);
    expect(row).toMatchObject({ clock: custom, rated: true, pool: 'plakoto', series: [0, 0], rematchOf: null });
    const lobby = await ana.call<{ games: { id: string; clock: unknown; rated: boolean }[] }>('GET', '/api/lobby');
    expect(lobby.body.games.find((g) => g.id === made.id)).toMatchObject({ clock: custom, rated: true });

    const preset = await ana.newGame({ preset: 'portes', length: 1, opponent: 'friend', clock: { preset: 'speed' } });
    expect(await server.store.gameById(preset.id)).toMatchObject({
      clock: { kind: 'timed', delayMs: 8000, perPointMs: 20_000 },
      rated: false,
      pool: 'backgammon',
    });
    const cycle = await ana.newGame({ cycle: 'tavli', length: 3, opponent: 'friend', rated: true });
    expect(await server.store.gameById(cycle.id)).toMatchObject({ clock: { kind: 'untimed' }, pool: 'tavli' });
  });

  it.each([
    ['against the bot', { opponent: 'bot', rated: true }, 400, 'ERR_SETTINGS'],
    [
      'with custom options',
      { game: 'gul-bara', options: { normalDoublesScope: 'global' }, opponent: 'friend', rated: true },
      400,
      'ERR_SETTINGS',
    ],
    ['in money play', { length: 0, opponent: 'open', rated: true }, 400, 'ERR_SETTINGS'],
    [
      'with a clock out of bounds',
      { opponent: 'friend', clock: { kind: 'timed', delayMs: 0, perPointMs: 1 } },
      400,
      'ERR_BODY',
    ],
    ['with an unknown clock preset', { opponent: 'friend', clock: { preset: 'blitz' } }, 400, 'ERR_BODY'],
  ])('refuses a game %s', async (_what, body, status, code) => {
    const ana = await account(server.base);
    const r = await ana.call<Refusal>('POST', '/api/games', body);
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
  });

  it('refuses a rated game to a guest, and a visitor, and lets them play casual', async () => {
    const visitor = new Caller(server.base);
    const refused = await visitor.call<Refusal>('POST', '/api/games', { opponent: 'friend', rated: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ERR_ACCOUNT_ONLY');
    // Refused before anything was made: the visitor did not become a guest.
    expect(visitor.cookie).toBe('');
    await visitor.newGame({ opponent: 'bot' });
    const again = await visitor.call<Refusal>('POST', '/api/games', { opponent: 'open', rated: true });
    expect(again.body.error.code).toBe('ERR_ACCOUNT_ONLY');
  });

  it('lets only an account join a rated game, by the lobby or the invitation', async () => {
    const ana = await account(server.base);
    const open = await ana.newGame({ opponent: 'open', length: 1, rated: true });
    const guest = new Caller(server.base);
    await guest.newGame({ opponent: 'bot' });
    const byLobby = await guest.call<Refusal>('POST', `/api/games/${open.id}/join`, {});
    expect([byLobby.status, byLobby.body.error.code]).toEqual([403, 'ERR_ACCOUNT_ONLY']);
    const invited = await ana.newGame({ opponent: 'friend', length: 1, rated: true });
    const byLink = await new Caller(server.base).call<Refusal>('POST', `/api${invited.invite}`, {});
    expect([byLink.status, byLink.body.error.code]).toEqual([403, 'ERR_ACCOUNT_ONLY']);
    expect((await server.store.gameById(invited.id))?.status).toBe('waiting');
    const bo = await account(server.base);
    expect((await bo.call('POST', `/api/games/${open.id}/join`, {})).status).toBe(200);
  });
});

describe('a rated match', () => {
  it('shows both ratings while played, rates its end once, and shows the change', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const t = await table(server.ws, ana, bo, { length: 1, rated: true });
    const before = (await t.sockets[0].join(t.id)).view;
    expect(before.rated).toBe(true);
    expect(before.players.map((p) => p.rating)).toEqual([INITIAL_RATING, INITIAL_RATING]);
    expect(before.ratings).toBeNull();

    const { view, winner } = await endByResignation(t);
    expect(view.status).toBe('over');
    expect(view.winner).toBe(winner);
    const ratings = view.ratings as NonNullable<GameView['ratings']>;
    expect(ratings[winner].before).toBe(INITIAL_RATING);
    expect(ratings[winner].after).toBeGreaterThan(INITIAL_RATING);
    expect(ratings[1 - winner]?.after).toBeLessThan(INITIAL_RATING);
    // FIBS: between equals, what one wins the other loses.
    expect(ratings[0].after - ratings[0].before).toBeCloseTo(ratings[1].before - ratings[1].after, 9);
    expect(view.series).toEqual(winner === 0 ? [1, 0] : [0, 1]);

    const changes = await server.store.ratingChangesOf(t.id);
    expect(changes).toHaveLength(2);
    const users = [ana, bo].map(async (c) => (await c.call<{ id: string }>('GET', '/api/me')).body.id);
    const [anaId, boId] = await Promise.all(users);
    const winnerId = winner === 0 ? anaId : boId;
    const standing = await server.store.ratingsOf(winnerId as string);
    expect(standing).toMatchObject([{ pool: 'backgammon', rating: ratings[winner].after, matches: 1, wins: 1 }]);
    // Whoever looks later, spectators included, sees the same change.
    const later = await new Caller(server.base).call<{ view: GameView }>('GET', `/api/games/${t.id}`);
    expect(later.body.view.ratings).toEqual(ratings);
    expect(later.body.view.players.map((p) => p.rating)).toEqual([ratings[0].before, ratings[1].before]);
    await closeTable(t);
  });

  it('a second rated match starts from the ratings the first left', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const first = await table(server.ws, ana, bo, { length: 1, rated: true, game: 'fevga' });
    const ended = await endByResignation(first);
    const second = await table(server.ws, ana, bo, { length: 1, rated: true, game: 'fevga' });
    const seen = (await second.sockets[0].join(second.id)).view;
    const after = (ended.view.ratings as NonNullable<GameView['ratings']>).map((r) => r.after);
    expect(seen.players.map((p) => p.rating)).toEqual(after);
    // Another pool starts afresh.
    const third = await table(server.ws, ana, bo, { length: 1, rated: true, game: 'plakoto' });
    expect((await third.sockets[1].join(third.id)).view.players.map((p) => p.rating)).toEqual([
      INITIAL_RATING,
      INITIAL_RATING,
    ]);
    await Promise.all([closeTable(first), closeTable(second), closeTable(third)]);
  });

  it('a casual match changes no rating and shows none', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const t = await table(server.ws, ana, bo, { length: 1 });
    const start = (await t.sockets[0].join(t.id)).view;
    expect(start.rated).toBe(false);
    expect(start.players.map((p) => p.rating)).toEqual([undefined, undefined]);
    const { view } = await endByResignation(t);
    expect(view.ratings).toBeNull();
    expect(await server.store.ratingChangesOf(t.id)).toEqual([]);
    const anaId = (await ana.call<{ id: string }>('GET', '/api/me')).body.id;
    expect(await server.store.ratingsOf(anaId)).toEqual([]);
    await closeTable(t);
  });
});
