import type { GameView, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from './support/cleanups.js';
import { Caller, Client, type Running, startServer } from './support/harness.js';
import { guest } from './support/lobby-server.js';
import { account, endByResignation, type Table, table } from './support/people.js';

/*
 * Spectators: counted once a person and pushed to everyone, the chat each viewer
 * may use, and a player of a casual match between people forbidding them (those watching are
 * sent away, new ones refused) or allowing them again. A rated match and a game against the
 * bot cannot forbid them.
 */

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const cleanups = cleanupsAfterEach();

type State = Extract<ServerMessage, { t: 'state' | 'event' }>;

async function open(caller: Caller | null): Promise<Client> {
  const client = await Client.open(server.ws, caller?.cookie ?? '');
  cleanups.push(() => client.close());
  return client;
}

async function casual(body: Record<string, unknown> = {}): Promise<Table> {
  const [ana, bo] = [await account(server.base, 'ana'), await account(server.base, 'bo')];
  const t = await table(server.ws, ana, bo, { game: 'backgammon', length: 3, ...body });
  cleanups.push(
    () => t.sockets[0].close(),
    () => t.sockets[1].close(),
  );
  return t;
}

/** The first view (from now on) of `game` that satisfies `test`. */
async function viewWhere(client: Client, game: string, test: (v: GameView) => boolean): Promise<GameView> {
  const m = (await client.next(
    (x) => (x.t === 'state' || x.t === 'event') && x.game === game && test(x.view),
  )) as State;
  return m.view;
}

/** A view of `game` as it now is, asked for again until it satisfies `test` (pushes come at most once a second). */
async function eventually(client: Client, game: string, test: (v: GameView) => boolean): Promise<GameView> {
  for (let i = 0; i < 60; i++) {
    const { view } = await client.join(game);
    if (test(view)) return view;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the view never came');
}

const spectators = (n: number) => (v: GameView) => v.watch.spectators === n;

describe('spectators of a casual match between people', () => {
  it('are counted once a person, each see the chat they may use, and the players see the count', async () => {
    const t = await casual();
    const [ana] = t.sockets;
    const start = await ana.join(t.id);
    expect(start.view.watch).toEqual({ spectators: 0, allowed: true, forbidden: [false, false], canForbid: true });
    expect(start.view.chat).toEqual({ write: 'players', read: ['players'] });
    expect(start.view.tournament).toBeNull();

    const cy = await account(server.base, 'cy');
    const [cy1, cy2] = [await open(cy), await open(cy)];
    const visitor = await open(await guest(server.base));
    const [anon1, anon2] = [await open(null), await open(null)];
    // A spectator with an account is sent the view that lets him write once he is looked up.
    const canWrite = viewWhere(cy1, t.id, (v) => v.chat.write === 'spectators');
    await cy1.join(t.id);
    expect((await canWrite).chat).toEqual({ write: 'spectators', read: ['spectators'] });
    await cy2.join(t.id);
    const guestView = (await visitor.join(t.id)).view;
    expect(guestView.chat).toEqual({ write: null, read: ['spectators'] });
    expect(guestView.watch.canForbid).toBe(false);
    expect((await anon1.join(t.id)).view.chat).toEqual({ write: null, read: ['spectators'] });
    await anon2.join(t.id);
    // cy twice is one person; each socket without a session is one: cy, the guest, two anonymous.
    await eventually(ana, t.id, spectators(4));
    await eventually(t.sockets[1], t.id, spectators(4));

    await cy2.close();
    await anon2.close();
    await eventually(ana, t.id, spectators(3));
    // Pushed without being asked for, once the count changes (at the presence's pace).
    const pushed = viewWhere(ana, t.id, spectators(2));
    await cy1.close();
    expect((await pushed).watch.spectators).toBe(2);
  });

  it('a player forbids them: those watching are sent away, new ones refused, until both allow them again', async () => {
    const t = await casual();
    const [ana, bo] = t.sockets;
    const cy = await open(await account(server.base, 'cy'));
    const anon = await open(null);
    await cy.join(t.id);
    await anon.join(t.id);
    await eventually(ana, t.id, spectators(2));

    const kicked = [cy, anon].map((c) => c.next((m) => m.t === 'error' && m.code === 'ERR_NO_SPECTATORS'));
    const forbidden = viewWhere(bo, t.id, (v) => !v.watch.allowed);
    ana.send({ t: 'spectators', game: t.id, allow: false });
    await Promise.all(kicked);
    expect((await forbidden).watch).toMatchObject({ allowed: false, forbidden: [true, false] });
    await eventually(bo, t.id, spectators(0));
    expect((await server.store.gameById(t.id))?.noSpectators).toEqual([true, false]);

    const refused = await cy.request({ t: 'join', game: t.id }, (m) => m.t === 'error' || m.t === 'state');
    expect(refused).toMatchObject({ t: 'error', code: 'ERR_NO_SPECTATORS' });
    // No frame of the game reaches the one sent away.
    const seen = cy.messages.length;
    bo.send({ t: 'spectators', game: t.id, allow: true });
    const stillForbidden = await viewWhere(ana, t.id, (v) => v.watch.forbidden[1] === false);
    expect(stillForbidden.watch.allowed).toBe(false);
    expect(cy.messages.slice(seen).some((m) => m.t === 'state' || m.t === 'event')).toBe(false);

    const allowed = viewWhere(bo, t.id, (v) => v.watch.allowed);
    ana.send({ t: 'spectators', game: t.id, allow: true });
    expect((await allowed).watch.forbidden).toEqual([false, false]);
    expect((await cy.join(t.id)).view.watch.allowed).toBe(true);
  });

  it('a spectator may not forbid them, nor may anyone in a rated match or a game against the bot', async () => {
    const t = await casual();
    const anon = await open(null);
    await anon.join(t.id);
    const refusal = (c: Client, game: string) =>
      c.request({ t: 'spectators', game, allow: false }, (m) => m.t === 'error' && m.game === game);
    expect(await refusal(anon, t.id)).toMatchObject({ code: 'ERR_NO_SPECTATORS' });

    const rated = await casual({ rated: true });
    expect((await rated.sockets[0].join(rated.id)).view.watch.canForbid).toBe(false);
    expect(await refusal(rated.sockets[0], rated.id)).toMatchObject({ code: 'ERR_NO_SPECTATORS' });

    const me = await account(server.base, 'me');
    const { id } = await me.newGame({ opponent: 'bot', length: 1 });
    const mine = await open(me);
    const view = (await mine.join(id)).view;
    expect(view.chat).toEqual({ write: null, read: [] });
    expect(view.watch.canForbid).toBe(false);
    expect(await refusal(mine, id)).toMatchObject({ code: 'ERR_NO_SPECTATORS' });
  });
});

describe('a match whose players forbade spectators', () => {
  it('shows them nothing while it is played, over the socket or GET, and is open to all once over', async () => {
    const t = await casual({ length: 1, spectators: false });
    const stranger = new Caller(server.base);
    const get = () => stranger.call('GET', `/api/games/${t.id}`);
    expect(await get()).toMatchObject({ status: 403, body: { error: { code: 'ERR_NO_SPECTATORS' } } });
    expect((await t.host.call('GET', `/api/games/${t.id}`)).status).toBe(200);
    const record = () => stranger.call('GET', `/api/games/${t.id}/record`);
    expect(await record()).toMatchObject({ status: 403, body: { error: { code: 'ERR_NO_SPECTATORS' } } });
    expect((await t.guest.call('GET', `/api/games/${t.id}/record`)).status).toBe(200);
    const anon = await open(null);
    const refused = await anon.request({ t: 'join', game: t.id }, (m) => m.t === 'error' || m.t === 'state');
    expect(refused).toMatchObject({ t: 'error', code: 'ERR_NO_SPECTATORS' });
    // Nor does a refused move or claim show him the table: its fresh state is a player's only.
    for (const ask of [
      { t: 'act', game: t.id, v: 0, action: { type: 'roll' } },
      { t: 'claim', game: t.id, v: 0 },
    ]) {
      const answer = await anon.request(ask, (m) => m.t === 'error' && m.game === t.id);
      expect(answer).toMatchObject({ code: 'ERR_NOT_A_PLAYER' });
    }
    await anon.request({ t: 'ping', id: 1 }, (m) => m.t === 'pong');
    expect(anon.messages.filter((m) => m.t === 'state' || m.t === 'event')).toEqual([]);

    await endByResignation(t);
    expect((await get()).status).toBe(200);
    expect((await record()).status).toBe(200);
    const view = (await anon.join(t.id)).view;
    expect(view.status).toBe('over');
    expect(view.watch).toMatchObject({ allowed: true, forbidden: [true, false], canForbid: false });
    // Over, it cannot be made private again.
    const host = (await t.sockets[0].join(t.id)).view;
    expect(host.watch.canForbid).toBe(false);
    const again = await t.sockets[0].request(
      { t: 'spectators', game: t.id, allow: false },
      (m) => m.t === 'error' && m.game === t.id,
    );
    expect(again).toMatchObject({ code: 'ERR_NO_SPECTATORS' });
  });
});

describe('a new game', () => {
  it('may forbid spectators when casual between people (from the moment it is played), never when rated or against the bot', async () => {
    const ana = await account(server.base, 'ana');
    const made = await ana.newGame({ opponent: 'friend', length: 1, spectators: false });
    const view = (await (await open(ana)).join(made.id)).view;
    expect(view.watch).toMatchObject({ allowed: false, forbidden: [true, false], canForbid: true });
    // While it waits for an opponent, whoever opens its link is shown it, so he can join.
    const [bo, visitor] = [await account(server.base, 'bo'), await open(null)];
    const boSocket = await open(bo);
    expect((await visitor.join(made.id)).view).toMatchObject({ status: 'waiting', you: null });
    expect((await boSocket.join(made.id)).view).toMatchObject({ status: 'waiting', you: null });
    // Its record too, by the same rule (as GET of the game): a stranger reads it while it waits, not once played.
    const record = () => new Caller(server.base).call('GET', `/api/games/${made.id}/record`);
    expect((await record()).status).toBe(200);
    // Bo joins: the match is played, and the rule about spectators applies from then on.
    const sentAway = visitor.next((m) => m.t === 'error' && m.game === made.id);
    expect((await bo.call('POST', `/api${made.invite}`)).status).toBe(200);
    expect(await sentAway).toMatchObject({ t: 'error', code: 'ERR_NO_SPECTATORS' });
    expect((await boSocket.join(made.id)).view).toMatchObject({ status: 'playing', you: 1 });
    expect(await record()).toMatchObject({ status: 403, body: { error: { code: 'ERR_NO_SPECTATORS' } } });
    const refused = await (await open(null)).request({ t: 'join', game: made.id }, (m) => m.t !== 'pong');
    expect(refused).toMatchObject({ t: 'error', code: 'ERR_NO_SPECTATORS' });

    for (const body of [
      { opponent: 'friend', length: 1, rated: true, spectators: false },
      { opponent: 'bot', length: 1, spectators: false },
    ]) {
      const r = await ana.call('POST', '/api/games', body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: { code: 'ERR_SETTINGS' } });
    }
  });
});
