import type { CorrespondenceList, GameView } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { type Event, type Person, person, type State, timeoutOf, watch } from './support/clock-table.js';
import {
  Caller,
  type Client,
  type Running,
  randomAction,
  seededRandom,
  startServer,
  TEST_LIMITS,
} from './support/harness.js';
import { account, paired, socketOf } from './support/lobby-server.js';

/*
 * Correspondence matches between people over the server: made by invitation with a clock of
 * days per move (the day is short here), played over the socket, listed by GET
 * /api/correspondence for each player ("your turn" for the one to act, the deadline moving with
 * each stretch), lost on time in their own ratings pool; refused against the bot and in
 * tournaments, and counted apart from live games.
 */

const servers: Running[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function server(options: Parameters<typeof startServer>[0] = {}): Promise<Running> {
  const s = await startServer(options);
  servers.push(s);
  return s;
}

type ErrorBody = { error: { code: string } };
const code = (r: { body: unknown }) => (r.body as ErrorBody).error.code;

/** A correspondence match of `a` (seat 0) against `b`, who accepted the invitation. */
async function invited(s: Running, body: object = {}): Promise<{ id: string; a: Person; b: Person }> {
  const a = await person(s.base);
  const b = await person(s.base);
  const made = await a.caller.newGame({ opponent: 'friend', length: 3, clock: { preset: 'days-2' }, ...body });
  const accepted = await b.caller.call('POST', `/api/invite${(made.invite as string).slice('/invite'.length)}`, {});
  expect(accepted.status).toBe(200);
  return { id: made.id, a, b };
}

const list = async (p: Person): Promise<CorrespondenceList> => {
  const r = await p.caller.call<CorrespondenceList>('GET', '/api/correspondence');
  expect(r.status).toBe(200);
  return r.body;
};

/** The first state of `game` on `client` in which someone is to act. */
async function actorState(client: Client, game: string): Promise<State> {
  for (let i = 0; i < 200; i++) {
    const s = await client.join(game);
    if (s.view.game.actor !== null) return s;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('nobody came to act');
}

/** Plays the actor's whole stretch with random legal actions; answers the view once another is to act. */
async function playStretch(client: Client, game: string, from: { v: number; view: GameView }): Promise<GameView> {
  let { v, view } = from;
  const random = seededRandom(7);
  const me = view.game.actor;
  while (view.game.actor === me && view.status === 'playing') {
    const next = client.next((m) => m.t === 'event' && m.game === game && m.v > v);
    client.send({ t: 'act', game, v, action: randomAction(view, random) });
    const e = (await next) as Event;
    ({ v, view } = e);
  }
  return view;
}

describe('a correspondence match between two people', () => {
  it('is played over the socket; the list shows whose turn it is, and the deadline moves with each stretch', async () => {
    const day = 60_000;
    const s = await server({ app: { correspondenceDayMs: day } });
    const { id, a, b } = await invited(s);
    const sockets = [await watch(s, a, id), await watch(s, b, id)] as const;
    clients.push(...sockets);
    const start = await actorState(sockets[0], id);
    const actor = start.view.game.actor as 0 | 1;
    const other = actor === 0 ? 1 : 0;
    expect(start.view.clock).toMatchObject({ delayMs: 0, perPointMs: 2 * day, delay: 0, actor, running: true });
    expect(start.view.clock?.reserve[other]).toBe(2 * day);
    const players = [a, b] as const;
    const [mine] = (await list(players[actor])).games;
    expect(mine).toMatchObject({ id, game: 'backgammon', yourTurn: true, daysPerMove: 2, score: [0, 0], length: 3 });
    expect(mine?.opponent).toBe(players[other].name);
    const first = mine?.deadline as number;
    expect(first).toBeGreaterThan(Date.now() + day);
    expect((await list(players[other])).games).toMatchObject([{ id, yourTurn: false, deadline: first }]);
    const after = await playStretch(sockets[actor], id, start);
    expect(after.game.actor).toBe(other);
    const [theirs] = (await list(players[other])).games;
    expect(theirs).toMatchObject({ id, yourTurn: true });
    expect(theirs?.deadline).toBeGreaterThan(first);
    expect((await list(players[actor])).games).toMatchObject([{ id, yourTurn: false, deadline: theirs?.deadline }]);
  });

  it('is lost on time in its own ratings pool, and not as an abandonment', async () => {
    const s = await server({ app: { correspondenceDayMs: 1000 } });
    const { id, a, b } = await invited(s, { rated: true, clock: { preset: 'days-1' }, length: 1 });
    const sockets = [await watch(s, a, id), await watch(s, b, id)] as const;
    clients.push(...sockets);
    const start = await actorState(sockets[0], id);
    const actor = start.view.game.actor as 0 | 1;
    // The actor leaves; leaving is normal here, and his clock alone ends the match.
    await sockets[actor].close();
    const stayer = sockets[actor === 0 ? 1 : 0];
    // The day is short: the timeout may have come in already.
    const early = stayer.messages.find((m): m is Event => m.t === 'event' && m.action.type === 'timeout');
    const seen = early ?? (await timeoutOf(stayer, id));
    expect(seen.view.winner).toBe(actor === 0 ? 1 : 0);
    expect(await s.store.gameById(id)).toMatchObject({ status: 'over', abandonedBy: null, pool: 'corr-backgammon' });
    const loser = [a, b][actor] as Person;
    expect(await s.store.ratingsOf(loser.id)).toMatchObject([{ pool: 'corr-backgammon', matches: 1, wins: 0 }]);
    expect((await list(loser)).games).toEqual([]);
    const board = await new Caller(s.base).call('GET', '/api/leaderboard/corr-backgammon');
    expect(board.status).toBe(200);
  });
});

describe('quick pairing', () => {
  it('pairs two requests for a correspondence preset into a correspondence match in its own pool', async () => {
    const s = await server();
    const [ann, bob] = [await account(s.base, 'ann_c'), await account(s.base, 'bob_c')];
    const [a, b] = [await socketOf(s, ann), await socketOf(s, bob)];
    clients.push(a, b);
    const kind = { game: 'backgammon', length: 3, clock: 'days-3', rated: true } as const;
    const sent = [paired(a), paired(b)] as const;
    a.send({ t: 'seek', kind });
    b.send({ t: 'seek', kind });
    const [pa, pb] = await Promise.all(sent);
    expect(pa.game).toBe(pb.game);
    const row = await s.store.gameById(pa.game);
    expect(row).toMatchObject({
      clock: { kind: 'correspondence', daysPerMove: 3 },
      pool: 'corr-backgammon',
      rated: true,
    });
  });
});

describe('who may play one, and how many', () => {
  it('refuses a correspondence clock against the bot, and in a tournament', async () => {
    const s = await server();
    const a = await person(s.base);
    const bot = await a.caller.call('POST', '/api/games', { opponent: 'bot', clock: { preset: 'days-3' } });
    expect([bot.status, code(bot)]).toEqual([400, 'ERR_SETTINGS']);
    const tournament = await a.caller.call('POST', '/api/tournaments', {
      name: 'Slow club',
      format: 'knockout',
      roundSettings: [{ length: 1, clock: { kind: 'correspondence', daysPerMove: 3 } }],
    });
    expect([tournament.status, code(tournament)]).toEqual([400, 'ERR_TOURNAMENT']);
  });

  it('lists nothing for a visitor (401) and only the caller’s own matches, as often as pages are read', async () => {
    const s = await server({ limits: { ...TEST_LIMITS, recordsPerMinute: 3 } });
    const visitor = await new Caller(s.base).call('GET', '/api/correspondence');
    expect([visitor.status, code(visitor)]).toEqual([401, 'ERR_NO_SESSION']);
    const { id, a } = await invited(s);
    const c = await person(s.base);
    expect((await list(c)).games).toEqual([]);
    expect((await list(a)).games.map((g) => g.id)).toEqual([id]);
    const fourth = await a.caller.call('GET', '/api/correspondence');
    expect([fourth.status, code(fourth)]).toEqual([429, 'ERR_RATE_LIMITED']);
  });

  it('counts correspondence matches apart from live games, up to their own limit', async () => {
    const s = await server({ limits: { ...TEST_LIMITS, openGames: 1, correspondenceGames: 2 } });
    const a = await person(s.base);
    const corr = { opponent: 'open', clock: { preset: 'days-1' } };
    await a.caller.newGame(corr);
    await a.caller.newGame(corr);
    const third = await a.caller.call('POST', '/api/games', corr);
    expect([third.status, code(third)]).toEqual([409, 'ERR_TOO_MANY_GAMES']);
    // His live games have their own places: two correspondence matches take none of them.
    await a.caller.newGame({ opponent: 'open' });
    const live = await a.caller.call('POST', '/api/games', { opponent: 'open' });
    expect([live.status, code(live)]).toEqual([409, 'ERR_TOO_MANY_GAMES']);
    expect((await list(a)).games).toHaveLength(2);
  });
});
