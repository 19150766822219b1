import type { GameView, ServerMessage } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { Limits } from '../src/limits/config.js';
import { Caller, Client, type Running, startServer, TEST_LIMITS } from './support/harness.js';
import { account, closeTable, endByResignation, table } from './support/people.js';

/*
 * Every way a person starts a match counts toward the same game limits (limits/games.ts
 * GameGuard.admit): a new game, a lobby game joined, an invitation accepted, a pairing
 * request, a rematch. Rematches used to skip them: ten guests on one address started 751
 * games a minute by rematch after rematch against the bot. Every caller here comes from
 * 127.0.0.1, so the address's count holds them all together.
 */

type Refusal = Extract<ServerMessage, { t: 'error' }>;

let server: Running | null = null;
let t = Date.UTC(2026, 0, 1);
afterEach(async () => {
  await server?.close();
  server = null;
});

async function limited(limits: Partial<Limits>): Promise<Running> {
  t = Date.UTC(2026, 0, 1);
  server = await startServer({ limits: { ...TEST_LIMITS, ...limits }, now: () => t });
  return server;
}

const botGame = { game: 'backgammon', length: 1, opponent: 'bot', level: 'beginner' } as const;

/** Resigns the match against the bot at the first turn of the player's (the bot accepts at once). */
async function resignToBot(client: Client, game: string): Promise<GameView> {
  const over = client.next((m) => (m.t === 'state' || m.t === 'event') && m.game === game && m.view.status === 'over');
  for (let i = 0; i < 200; i++) {
    const s = await client.join(game);
    if (s.view.status === 'over') return s.view;
    const level = s.view.allowed.resign.at(-1)?.level;
    if (s.view.game.actor === s.view.you && level !== undefined) {
      client.send({ t: 'act', game, v: s.v, action: { type: 'resign', level } });
      const m = await over;
      if (m.t === 'state' || m.t === 'event') return m.view;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the bot never let the player act');
}

/** Offers a rematch the opponent has not offered yet; waits for the state that shows it. */
async function offerFirst(client: Client, game: string): Promise<void> {
  await client.request(
    { t: 'rematch', game, offer: true },
    (x) => x.t === 'state' && x.game === game && x.view.you !== null && x.view.rematch.offered[x.view.you] === true,
  );
}

/** Offers a rematch and waits for the match it started, or the refusal. */
async function rematch(client: Client, game: string): Promise<string | Refusal> {
  const m = await client.request(
    { t: 'rematch', game, offer: true },
    (x) =>
      (x.t === 'error' && x.game === game) ||
      ((x.t === 'state' || x.t === 'event') && x.game === game && x.view.rematch.next !== null),
  );
  if (m.t === 'error') return m;
  if (m.t !== 'state' && m.t !== 'event') throw new Error(`unexpected ${m.t}`);
  return m.view.rematch.next as string;
}

describe('rematches count toward the game limits', () => {
  it('a guest rematching the bot again and again is refused once over his games a minute, on the socket', async () => {
    const s = await limited({ gamesPerMinute: 3 });
    const me = new Caller(s.base);
    let game = (await me.newGame(botGame)).id;
    const client = await Client.open(s.ws, me.cookie);
    // The first game and two rematches: three games this minute.
    for (let i = 0; i < 2; i++) {
      await resignToBot(client, game);
      const next = await rematch(client, game);
      if (typeof next !== 'string') throw new Error(`refused too soon: ${next.message}`);
      game = next;
    }
    await resignToBot(client, game);
    const refused = await rematch(client, game);
    expect(refused).toMatchObject({ t: 'error', code: 'ERR_RATE_LIMITED', game });
    expect((refused as Refusal).message).toMatch(/too many new games; try again in \d+ s/);
    // Nothing was started, and the view still offers the rematch.
    const view = (await client.join(game)).view;
    expect(view.rematch).toEqual({ offered: [false, false], allowed: true, next: null });
    // A minute's share later (20 s for one game of 3 a minute) it starts.
    t += 20_000;
    expect(typeof (await rematch(client, game))).toBe('string');
    await client.close();
  });

  it('several guests on one address are refused together once the address is over its games a minute', async () => {
    const s = await limited({ gamesPerMinute: 4 });
    const guests = [new Caller(s.base), new Caller(s.base)];
    // Each guest's first game: two of the address's four.
    const games = [(await guests[0]?.newGame(botGame))?.id ?? '', (await guests[1]?.newGame(botGame))?.id ?? ''];
    const clients = await Promise.all(guests.map((g) => Client.open(s.ws, g.cookie)));
    const [a, b] = clients as [Client, Client];
    const [ga, gb] = games as [string, string];
    await Promise.all([resignToBot(a, ga), resignToBot(b, gb)]);
    const nextA = await rematch(a, ga);
    const nextB = await rematch(b, gb);
    expect([typeof nextA, typeof nextB]).toEqual(['string', 'string']);
    // Each guest has started two games of his four; the address has started four.
    await resignToBot(a, nextA as string);
    expect(await rematch(a, nextA as string)).toMatchObject({ t: 'error', code: 'ERR_RATE_LIMITED' });
    // A third guest from the address is no way round it either.
    const third = await new Caller(s.base).call<{ error: { code: string } }>('POST', '/api/games', botGame);
    expect([third.status, third.body.error.code]).toEqual([429, 'ERR_RATE_LIMITED']);
    await Promise.all(clients.map((c) => c.close()));
  });

  it('between people, the offer that starts the rematch is charged once, to its sender', async () => {
    const s = await limited({ gamesPerMinute: 3 });
    const [ana, bo] = [await account(s.base), await account(s.base)];
    // Ana's invitation and Bo's acceptance: two of the address's three.
    const tab = await table(s.ws, ana, bo, { length: 1 });
    await endByResignation(tab);
    // Bo's offer starts nothing and costs nothing; Ana's starts the rematch: the third, not a third and fourth.
    await offerFirst(tab.sockets[1], tab.id);
    expect(typeof (await rematch(tab.sockets[0], tab.id))).toBe('string');
    const refused = await ana.call<{ error: { code: string } }>('POST', '/api/games', botGame);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'ERR_RATE_LIMITED']);
    await closeTable(tab);
  });
});

describe('joining and accepting start a match: they count too', () => {
  it('an accepted invitation counts toward the accepting player’s games a minute: 429 ERR_RATE_LIMITED', async () => {
    const s = await limited({ gamesPerMinute: 3 });
    const [ana, bo] = [await account(s.base), await account(s.base)];
    const first = await ana.newGame({ game: 'backgammon', length: 1, opponent: 'friend' });
    const second = await ana.newGame({ game: 'backgammon', length: 1, opponent: 'friend' });
    expect((await bo.call('POST', `/api${first.invite}`)).status).toBe(200);
    const refused = await bo.call<{ error: { code: string } }>('POST', `/api${second.invite}`);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'ERR_RATE_LIMITED']);
    t += 20_000;
    expect((await bo.call('POST', `/api${second.invite}`)).status).toBe(200);
  });

  it('joining an open game from the lobby counts too', async () => {
    const s = await limited({ gamesPerMinute: 3 });
    const [ana, bo] = [await account(s.base), await account(s.base)];
    const first = await ana.newGame({ game: 'backgammon', length: 1, opponent: 'open' });
    const second = await ana.newGame({ game: 'backgammon', length: 1, opponent: 'open' });
    expect((await bo.call('POST', `/api/games/${first.id}/join`)).status).toBe(200);
    const refused = await bo.call<{ error: { code: string } }>('POST', `/api/games/${second.id}/join`);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'ERR_RATE_LIMITED']);
    // A seat one holds already is given back whatever the limits say.
    expect((await bo.call('POST', `/api/games/${first.id}/join`)).status).toBe(200);
  });
});

describe('pairing requests count toward the game limits', () => {
  it('each request takes one of the minute’s games; one over is refused on the socket', async () => {
    const s = await limited({ gamesPerMinute: 2 });
    const ana = await account(s.base);
    const client = await Client.open(s.ws, ana.cookie);
    const kind = { game: 'backgammon', length: 3, clock: 'untimed', rated: false } as const;
    for (let i = 0; i < 2; i++) {
      const listed = await client.request({ t: 'seek', kind }, (m) => m.t === 'lobby' || m.t === 'error');
      expect(listed.t).toBe('lobby');
      if (listed.t !== 'lobby') return;
      const mine = listed.lobby.seeks.at(-1);
      if (mine !== undefined) client.send({ t: 'unseek', id: mine.id });
    }
    const refused = await client.request({ t: 'seek', kind }, (m) => m.t === 'error');
    expect(refused).toMatchObject({ t: 'error', code: 'ERR_RATE_LIMITED' });
    await client.close();
  });
});

describe('every start shares one count', () => {
  it('a new game, an accepted invitation and a rematch take from the same minute', async () => {
    const s = await limited({ gamesPerMinute: 4 });
    const [ana, bo] = [await account(s.base), await account(s.base)];
    // Ana's invitation (1) accepted by Bo (2); a game against the bot (3); one rematch (4).
    const tab = await table(s.ws, ana, bo, { length: 1 });
    await ana.newGame(botGame);
    await endByResignation(tab);
    await offerFirst(tab.sockets[1], tab.id);
    expect(typeof (await rematch(tab.sockets[0], tab.id))).toBe('string');
    const refused = await bo.call<{ error: { code: string } }>('POST', '/api/games', botGame);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'ERR_RATE_LIMITED']);
    await closeTable(tab);
  });
});
