import { INITIAL_RATING } from '@zar/match';
import type { LiveGames, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Caller, Client, type Running, startServer } from './support/harness.js';
import { account, closeTable, endByResignation, type Table, table } from './support/people.js';

/*
 * The live list of games through the socket and GET /api/live: the games being
 * played that spectators may watch, best first, with their players' ratings, clock and
 * spectators; games waiting, over or closed to spectators are not on it.
 */

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type LiveFrame = Extract<ServerMessage, { t: 'live' }>;

const TIMED = { kind: 'timed', delayMs: 5000, perPointMs: 60_000 } as const;

async function ratingOf(caller: Caller): Promise<number> {
  const me = await caller.call<{ id: string }>('GET', '/api/me');
  const rows = await server.store.ratingsOf(me.body.id);
  return rows.find((r) => r.pool === 'backgammon')?.rating ?? INITIAL_RATING;
}

const playerOf = async (prefix: string) => account(server.base, prefix);

async function match(host: Caller, guest: Caller, body: Record<string, unknown>): Promise<Table> {
  return table(server.ws, host, guest, { game: 'backgammon', length: 3, ...body });
}

/** The next live frame whose list satisfies `test`. */
async function nextLive(client: Client, test: (live: LiveGames) => boolean): Promise<LiveGames> {
  const last = client.messages.filter((m): m is LiveFrame => m.t === 'live').at(-1);
  if (last !== undefined && test(last.live)) return last.live;
  return ((await client.next((m) => m.t === 'live' && test(m.live))) as LiveFrame).live;
}

describe('the live list', () => {
  it('lists the games being played that spectators may watch, best first', async () => {
    // A rated match played to its end gives its winner a rating above the start, its loser one below.
    const [winner, loser] = [await playerOf('win'), await playerOf('lose')];
    const first = await match(winner, loser, { length: 1, rated: true });
    const { winner: seat } = await endByResignation(first);
    const [high, low] = seat === 0 ? [winner, loser] : [loser, winner];
    const [highRating, lowRating] = [await ratingOf(high), await ratingOf(low)];
    expect(highRating).toBeGreaterThan(INITIAL_RATING);
    expect(lowRating).toBeLessThan(INITIAL_RATING);

    const strong = await match(high, await playerOf('x'), { rated: true, clock: TIMED });
    const fresh = await match(await playerOf('y'), await playerOf('z'), { rated: true });
    // Casual, but its host is rated in the pool: his rating is shown and ranks the game.
    const rated = await match(await playerOf('u'), low, { rated: false });
    const quiet = await match(await playerOf('q'), await playerOf('r'), { rated: false });
    const watched = await match(await playerOf('s'), await playerOf('t'), { rated: false });
    const spectator = await Client.open(server.ws, (await playerOf('kib')).cookie);
    await spectator.join(watched.id);
    const botPlayer = await playerOf('solo');
    const bot = await botPlayer.newGame({ opponent: 'bot', length: 3 });
    const botSocket = await Client.open(server.ws, botPlayer.cookie);
    await botSocket.join(bot.id);
    // Not listed: a match whose player forbade spectators, one waiting for its opponent, one over.
    const closed = await match(await playerOf('c'), await playerOf('d'), { rated: false });
    await closed.sockets[0].request({ t: 'spectators', game: closed.id, allow: false }, (m) => m.t === 'state');
    const waiting = await (await playerOf('w')).newGame({ opponent: 'friend', length: 3 });

    const expected = [strong.id, fresh.id, rated.id, watched.id, quiet.id, bot.id];
    const client = await Client.open(server.ws);
    client.send({ t: 'live', watch: true });
    const live = await nextLive(client, (l) => l.games.length === expected.length);
    expect(live.games.map((g) => g.id)).toEqual(expected);
    for (const absent of [closed.id, waiting.id, first.id]) expect(live.games.map((g) => g.id)).not.toContain(absent);

    const [a, b, c, d] = live.games;
    expect(a).toMatchObject({
      rated: true,
      score: [0, 0],
      spectators: 0,
      tournament: null,
      settings: expect.objectContaining({ length: 3, cycle: [{ game: 'backgammon' }] }),
      players: [
        { kind: 'human', rating: highRating },
        { kind: 'human', rating: INITIAL_RATING },
      ],
    });
    expect(a?.clock).toMatchObject({ delayMs: TIMED.delayMs, perPointMs: TIMED.perPointMs });
    expect(b?.players.map((p) => p.rating)).toEqual([INITIAL_RATING, INITIAL_RATING]);
    expect(b?.clock).toBeNull();
    expect(c).toMatchObject({ rated: false, players: [{ rating: null }, { rating: lowRating }] });
    expect(d).toMatchObject({ spectators: 1, players: [{ rating: null }, { rating: null }] });
    expect(live.games[5]?.players.map((p) => p.kind)).toEqual(['human', 'bot']);

    // The same list over REST, for a visitor without a session.
    const rest = await new Caller(server.base).call<LiveGames>('GET', '/api/live');
    expect(rest.status).toBe(200);
    expect(rest.body.games.map((g) => g.id)).toEqual(expected);

    // A new game is pushed to the watcher; a game that ends leaves the list.
    const another = await match(await playerOf('m'), await playerOf('n'), { rated: false, length: 1 });
    await nextLive(client, (l) => l.games.some((g) => g.id === another.id));
    await endByResignation(another);
    const after = await nextLive(client, (l) => !l.games.some((g) => g.id === another.id));
    expect(after.games.map((g) => g.id)).toEqual(expected);

    await Promise.all([client, spectator, botSocket].map((s) => s.close()));
    await Promise.all([first, strong, fresh, rated, quiet, watched, closed, another].map(closeTable));
  });
});
