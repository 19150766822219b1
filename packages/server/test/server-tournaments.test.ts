import type { ServerMessage, TournamentView } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/limits/config.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { autoplay, Caller, Client, type Running, seededRandom, startServer, TEST_LIMITS } from './support/harness.js';
import { account } from './support/people.js';

/*
 * Tournaments over REST and the socket: creating (accounts only, a clock on
 * every round, a few open ones per creator, limited per address), registering and withdrawing,
 * bots, starting, cancelling; a watcher's view at every change, the `round` message that sends
 * a player to his match, and a 2-player knock-out played through to its winner.
 */

const servers: Running[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const s of servers.splice(0)) await s.close();
});

const CLOCK = { kind: 'timed', delayMs: 60_000, perPointMs: 600_000 } as const;
const knockout = (extra: object = {}) => ({
  name: 'Club night',
  format: 'knockout',
  roundSettings: [{ length: 1, clock: CLOCK }],
  ...extra,
});

async function server(limits = TEST_LIMITS, store?: Store): Promise<Running> {
  const s = await startServer({ limits, ...(store === undefined ? {} : { store }) });
  servers.push(s);
  return s;
}

async function open(s: Running, caller: Caller): Promise<Client> {
  const c = await Client.open(s.ws, caller.cookie);
  clients.push(c);
  return c;
}

const created = async (caller: Caller, body: object): Promise<string> => {
  const r = await caller.call<{ id: string }>('POST', '/api/tournaments', body);
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
};

type Error = { error: { code: string } };
const code = (r: { body: unknown }) => (r.body as Error).error.code;

describe('creating a tournament', () => {
  it('is for accounts, with a clock on every round, and at most three open per creator', async () => {
    const s = await server();
    const visitor = new Caller(s.base);
    const refused = await visitor.call('POST', '/api/tournaments', knockout());
    expect([refused.status, code(refused)]).toEqual([403, 'ERR_ACCOUNT_ONLY']);
    const host = await account(s.base, 'host');
    const untimed = await host.call('POST', '/api/tournaments', {
      ...knockout(),
      roundSettings: [
        { length: 3, clock: CLOCK },
        { length: 5, clock: { kind: 'untimed' } },
      ],
    });
    expect([untimed.status, code(untimed)]).toEqual([400, 'ERR_TOURNAMENT']);
    const money = await host.call(
      'POST',
      '/api/tournaments',
      knockout({ roundSettings: [{ length: 0, clock: CLOCK }] }),
    );
    expect(money.status).toBe(400);
    const badName = await host.call('POST', '/api/tournaments', knockout({ name: 'x' }));
    expect([badName.status, code(badName)]).toEqual([400, 'ERR_BODY']);
    const ids = [await created(host, knockout()), await created(host, knockout()), await created(host, knockout())];
    const fourth = await host.call('POST', '/api/tournaments', knockout());
    expect([fourth.status, code(fourth)]).toEqual([409, 'ERR_TOO_MANY_GAMES']);
    const list = await visitor.call<{ tournaments: { id: string; status: string }[] }>('GET', '/api/tournaments');
    expect(list.body.tournaments.map((t) => t.id).sort()).toEqual([...ids].sort());
    // A cancelled one is no longer open: the creator may make another.
    expect((await host.call('POST', `/api/tournaments/${ids[0]}/cancel`, {})).status).toBe(200);
    expect((await host.call('POST', '/api/tournaments', knockout())).status).toBe(201);
  });

  it('is limited per address: a few an hour, whichever account asks', async () => {
    const s = await server({ ...TEST_LIMITS, gamesPerMinute: DEFAULT_LIMITS.gamesPerMinute });
    const first = await account(s.base, 'a');
    for (let i = 0; i < 3; i++) await created(first, knockout());
    const second = await account(s.base, 'b');
    const r = await second.call('POST', '/api/tournaments', knockout());
    expect([r.status, code(r)]).toEqual([429, 'ERR_RATE_LIMITED']);
  });
});

describe('registration', () => {
  it('registers, withdraws, fills up, and only the creator starts, cancels or adds bots', async () => {
    const s = await server();
    const host = await account(s.base, 'host');
    const id = await created(host, knockout({ maxPlayers: 3 }));
    const ana = await account(s.base, 'ana');
    const joined = await ana.call<TournamentView>('POST', `/api/tournaments/${id}/join`, {});
    expect(joined.status).toBe(200);
    expect(joined.body.you).toMatchObject({ registered: true, canRegister: false, canWithdraw: true, canStart: false });
    const again = await ana.call('POST', `/api/tournaments/${id}/join`, {});
    expect([again.status, code(again)]).toEqual([409, 'ERR_TOURNAMENT']);
    expect((await ana.call('POST', `/api/tournaments/${id}/start`, {})).status).toBe(409);
    expect((await ana.call('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' })).status).toBe(409);
    // A visitor registers as a guest in a casual tournament.
    const guest = new Caller(s.base);
    const asGuest = await guest.call<TournamentView>('POST', `/api/tournaments/${id}/join`, {});
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.entrants.map((e) => e.name)).toHaveLength(2);
    const bot = await host.call<TournamentView>('POST', `/api/tournaments/${id}/bots`, { level: 'expert' });
    expect(bot.body.entrants[2]).toMatchObject({ kind: 'bot', rating: 1700, name: 'Bot 1 (expert)' });
    // A bot is sent with its level (the page names it in its language); a person without one.
    expect(bot.body.entrants[2]?.level).toBe('expert');
    expect(bot.body.entrants.filter((e) => e.kind === 'human').every((e) => !('level' in e))).toBe(true);
    expect(bot.body.you).toMatchObject({ registered: false, canStart: true, canCancel: true, canAddBot: false });
    const late = await account(s.base, 'late');
    const full = await late.call('POST', `/api/tournaments/${id}/join`, {});
    expect([full.status, code(full)]).toEqual([409, 'ERR_TOURNAMENT_FULL']);
    const left = await ana.call<TournamentView>('POST', `/api/tournaments/${id}/leave`, {});
    expect(left.body.entrants).toHaveLength(2);
    expect(left.body.you.canRegister).toBe(true);
    expect((await late.call('POST', `/api/tournaments/${id}/join`, {})).status).toBe(200);
    const cancelled = await host.call<TournamentView>('POST', `/api/tournaments/${id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    const after = await ana.call('POST', `/api/tournaments/${id}/join`, {});
    expect([after.status, code(after)]).toEqual([409, 'ERR_TOURNAMENT']);
    expect((await ana.call('GET', '/api/tournaments/nosuchtournament')).status).toBe(404);
  });

  it('a rated tournament is for accounts only: no guests, no bots', async () => {
    const s = await server();
    const host = await account(s.base, 'host');
    const id = await created(host, knockout({ rated: true }));
    const guest = await new Caller(s.base).call('POST', `/api/tournaments/${id}/join`, {});
    expect([guest.status, code(guest)]).toEqual([403, 'ERR_ACCOUNT_ONLY']);
    const bot = await host.call('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' });
    expect([bot.status, code(bot)]).toEqual([409, 'ERR_TOURNAMENT']);
    const view = await host.call<TournamentView>('GET', `/api/tournaments/${id}`);
    expect(view.body).toMatchObject({ rated: true, pool: 'backgammon', you: { canAddBot: false } });
  });
});

describe('watching', () => {
  it('an unknown tournament is refused, a watch ends when asked, and a socket watches a few at most', async () => {
    const s = await server();
    const hosts = [await account(s.base, 'h1'), await account(s.base, 'h2'), await account(s.base, 'h3')];
    const ids: string[] = [];
    for (const host of hosts) for (let i = 0; i < 3; i++) ids.push(await created(host, knockout()));
    const viewer = await open(s, new Caller(s.base));
    const missing = await viewer.request(
      { t: 'tournament', id: 'nosuchtournament', watch: true },
      (m) => m.t === 'error',
    );
    expect(missing).toMatchObject({ code: 'ERR_NOT_FOUND' });
    const seen: string[] = [];
    viewer.socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.t === 'tournament') seen.push(m.tournament.id);
    });
    for (const id of ids.slice(0, 8)) {
      await viewer.request({ t: 'tournament', id, watch: true }, (m) => m.t === 'tournament' && m.tournament.id === id);
    }
    const ninth = await viewer.request({ t: 'tournament', id: ids[8], watch: true }, (m) => m.t === 'error');
    expect(ninth).toMatchObject({ code: 'ERR_TOO_MANY' });
    // The first watch ends: a ninth fits again (which also shows the end was handled first).
    viewer.send({ t: 'tournament', id: ids[0], watch: false });
    await viewer.request({ t: 'tournament', id: ids[8], watch: true }, (m) => m.t === 'tournament');
    // A change to the first sends nothing now, while the second still hears of its own.
    const joiner = await account(s.base, 'j');
    seen.length = 0;
    expect((await joiner.call('POST', `/api/tournaments/${ids[0]}/join`, {})).status).toBe(200);
    const heard = viewer.next((m) => m.t === 'tournament' && m.tournament.id === ids[1]);
    expect((await joiner.call('POST', `/api/tournaments/${ids[1]}/join`, {})).status).toBe(200);
    await heard;
    expect(seen).toEqual([ids[1]]);
  });
});

describe('changes', () => {
  it('an account makes as many a minute as it may start games', async () => {
    const s = await server({ ...TEST_LIMITS, gamesPerMinute: 3 });
    const host = await account(s.base, 'host');
    const id = await created(host, knockout());
    const ana = await account(s.base, 'ana');
    for (const step of ['join', 'leave', 'join']) {
      expect((await ana.call('POST', `/api/tournaments/${id}/${step}`, {})).status).toBe(200);
    }
    const refused = await ana.call('POST', `/api/tournaments/${id}/leave`, {});
    expect([refused.status, code(refused)]).toEqual([429, 'ERR_RATE_LIMITED']);
    // Still registered: the refused withdrawal changed nothing; the others' changes go on.
    const view = await host.call<TournamentView>('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' });
    expect(view.body.entrants.map((e) => e.kind)).toEqual(['human', 'bot']);
  });
});

describe('reading', () => {
  it('the list and a tournament cost an address one of its records a minute each', async () => {
    const s = await server({ ...TEST_LIMITS, recordsPerMinute: 3 });
    const host = await account(s.base, 'host');
    const id = await created(host, knockout());
    const visitor = new Caller(s.base);
    expect((await visitor.call('GET', '/api/tournaments')).status).toBe(200);
    expect((await visitor.call('GET', `/api/tournaments/${id}`)).status).toBe(200);
    expect((await visitor.call('GET', `/api/tournaments/${id}`)).status).toBe(200);
    for (const path of ['/api/tournaments', `/api/tournaments/${id}`]) {
      const refused = await visitor.call('GET', path);
      expect([refused.status, code(refused)]).toEqual([429, 'ERR_RATE_LIMITED']);
    }
  });
});

describe('watching with frames sent together', () => {
  it('holds a few tournaments at most, and an unwatch ends a watch asked for twice at once', async () => {
    const s = await server();
    const hosts = [await account(s.base, 'h1'), await account(s.base, 'h2'), await account(s.base, 'h3')];
    const ids: string[] = [];
    for (const host of hosts) for (let i = 0; i < 3; i++) ids.push(await created(host, knockout()));
    const viewer = await open(s, new Caller(s.base));
    const replies: ServerMessage[] = [];
    viewer.socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.t === 'tournament' || m.t === 'error') replies.push(m);
    });
    // Nine asked at once, before the server answers any: the ninth is refused all the same.
    for (const id of ids) viewer.send({ t: 'tournament', id, watch: true });
    await until(() => replies.length >= 9);
    expect(replies.filter((m) => m.t === 'tournament')).toHaveLength(8);
    expect(replies.filter((m) => m.t === 'error')).toMatchObject([{ code: 'ERR_TOO_MANY' }]);
    // A second socket asks for one twice at once, then stops watching it: a change sends it nothing.
    const twice = await open(s, new Caller(s.base));
    const heard: string[] = [];
    twice.socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.t === 'tournament') heard.push(m.tournament.id);
    });
    twice.send({ t: 'tournament', id: ids[0], watch: true });
    twice.send({ t: 'tournament', id: ids[0], watch: true });
    await until(() => heard.length >= 1);
    await twice.request({ t: 'tournament', id: ids[1], watch: true }, (m) => m.t === 'tournament');
    twice.send({ t: 'tournament', id: ids[0], watch: false });
    await twice.request({ t: 'tournament', id: ids[2], watch: true }, (m) => m.t === 'tournament');
    heard.length = 0;
    const joiner = await account(s.base, 'j');
    expect((await joiner.call('POST', `/api/tournaments/${ids[0]}/join`, {})).status).toBe(200);
    const later = twice.next((m) => m.t === 'tournament' && m.tournament.id === ids[1]);
    expect((await joiner.call('POST', `/api/tournaments/${ids[1]}/join`, {})).status).toBe(200);
    await later;
    expect(heard).toEqual([ids[1]]);
  });
});

/** Waits until `done` holds (a few seconds at most). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!done()) throw new Error('never came');
}

describe('a tournament played', () => {
  it('a watcher sees each change; the player is sent to his match and plays it to the podium', async () => {
    const s = await server();
    const host = await account(s.base, 'host');
    const id = await created(host, knockout({ thirdPlace: true }));
    const ana = await account(s.base, 'ana');
    const socket = await open(s, ana);
    const views: TournamentView[] = [];
    socket.socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.t === 'tournament') views.push(m.tournament);
    });
    const first = await socket.request({ t: 'tournament', id, watch: true }, (m) => m.t === 'tournament');
    expect(first.t === 'tournament' && first.tournament.status).toBe('registering');
    const registered = socket.next((m) => m.t === 'tournament' && m.tournament.entrants.length === 1);
    await ana.call('POST', `/api/tournaments/${id}/join`, {});
    const seen = (await registered) as Extract<ServerMessage, { t: 'tournament' }>;
    expect(seen.tournament.you.registered).toBe(true);
    await host.call('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' });
    const round = socket.next((m) => m.t === 'round');
    const start = await host.call<TournamentView>('POST', `/api/tournaments/${id}/start`, {});
    expect(start.body.status).toBe('running');
    const sent = (await round) as Extract<ServerMessage, { t: 'round' }>;
    expect(sent.tournament).toBe(id);
    const mine = await ana.call<TournamentView>('GET', `/api/tournaments/${id}`);
    expect(mine.body.you.game).toBe(sent.game);
    expect(mine.body.rounds[0]?.pairings[0]).toMatchObject({ game: sent.game, state: 'playing' });
    const over = socket.next((m) => m.t === 'tournament' && m.tournament.status === 'over', 30_000);
    const played = await autoplay(socket, sent.game, { random: seededRandom(7), timeoutMs: 30_000 });
    expect(played.last.status).toBe('over');
    expect(played.last.tournament).toMatchObject({ id, name: 'Club night', round: 1 });
    const end = (await over) as Extract<ServerMessage, { t: 'tournament' }>;
    const anaName = mine.body.entrants.find((e) => e.kind === 'human')?.name;
    const botName = mine.body.entrants.find((e) => e.kind === 'bot')?.name;
    const anaWon = played.last.winner === played.last.you;
    // Two players: the final alone, no third-place match (there were no semi-finals).
    expect(end.tournament.podium).toEqual(anaWon ? [anaName, botName] : [botName, anaName]);
    expect(end.tournament.rounds[0]?.thirdPlace).toBeNull();
    expect(end.tournament.rounds[0]?.pairings[0]?.state).toBe('won');
    expect(end.tournament.you.game).toBeNull();
    // Stopped watching: no more views.
    socket.send({ t: 'tournament', id, watch: false });
    const list = await ana.call<{ tournaments: { id: string; winner: string | null }[] }>('GET', '/api/tournaments');
    expect(list.body.tournaments.find((t) => t.id === id)?.winner).toBe(end.tournament.podium[0]);
    expect(views.length).toBeGreaterThanOrEqual(4);
  });

  it('a Swiss player who withdraws finishes his match and is paired no more', async () => {
    const s = await server();
    const host = await account(s.base, 'host');
    const id = await created(host, {
      name: 'Swiss night',
      format: 'swiss',
      rounds: 2,
      maxPlayers: 4,
      roundSettings: [{ length: 1, clock: CLOCK }],
    });
    const ana = await account(s.base, 'ana');
    await ana.call('POST', `/api/tournaments/${id}/join`, {});
    for (let i = 0; i < 3; i++) await host.call('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' });
    const socket = await open(s, ana);
    const round = socket.next((m) => m.t === 'round');
    await host.call('POST', `/api/tournaments/${id}/start`, {});
    const sent = (await round) as Extract<ServerMessage, { t: 'round' }>;
    const left = await ana.call<TournamentView>('POST', `/api/tournaments/${id}/leave`, {});
    expect(left.body.entrants.find((e) => e.kind === 'human')?.withdrawn).toBe(true);
    expect(left.body.you).toMatchObject({ registered: false, canWithdraw: false, canRegister: false, game: sent.game });
    await socket.request({ t: 'tournament', id, watch: true }, (m) => m.t === 'tournament');
    const over = socket.next((m) => m.t === 'tournament' && m.tournament.status === 'over', 30_000);
    await autoplay(socket, sent.game, { random: seededRandom(11), timeoutMs: 30_000 });
    const end = ((await over) as Extract<ServerMessage, { t: 'tournament' }>).tournament;
    const anaName = end.entrants.find((e) => e.kind === 'human')?.name;
    // Round 2: three players left, one match and a bye; Ana in neither.
    const second = end.rounds[1]!.pairings;
    expect(second).toHaveLength(2);
    expect(second.flatMap((p) => p.players)).not.toContain(anaName);
    expect(second.filter((p) => p.state === 'bye')).toHaveLength(1);
    expect(end.standings).toHaveLength(4);
  });

  it('a restarted server starts the games of a round it had drawn but not stored', async () => {
    const store = memoryStore();
    // The first server cannot store any game (its database refuses them), then stops.
    const refusing = new Proxy(store, {
      get(target, key) {
        if (key === 'createGame') return async () => Promise.reject(new Error('the database is away'));
        if (key === 'close') return async () => {};
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Store;
    const first = await startServer({ store: refusing, limits: TEST_LIMITS });
    const host = await account(first.base, 'host');
    const id = await created(host, knockout());
    await host.call('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' });
    await host.call('POST', `/api/tournaments/${id}/bots`, { level: 'beginner' });
    const started = await host.call<TournamentView>('POST', `/api/tournaments/${id}/start`, {});
    expect(started.body.rounds[0]?.pairings[0]).toMatchObject({ state: 'waiting', game: null });
    await first.close();
    const second = await server(TEST_LIMITS, store);
    const view = await new Caller(second.base).call<TournamentView>('GET', `/api/tournaments/${id}`);
    expect(view.body.rounds[0]?.pairings[0]?.game).not.toBeNull();
    expect(await store.gamesOfTournament(id)).toHaveLength(1);
  });
});
