import type { GameView, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import { autoplay, Caller, Client, type Running, seededRandom, startServer, TEST_LIMITS } from './support/harness.js';
import { account, closeTable, endByResignation, type Table, table } from './support/people.js';

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Refusal = Extract<ServerMessage, { t: 'error' }>;

/** Sends a rematch offer (or a withdrawal) and waits for the state it brings, or the refusal. */
function offer(client: Client, game: string, yes: boolean, match?: (v: GameView) => boolean): Promise<ServerMessage> {
  return client.request(
    { t: 'rematch', game, offer: yes },
    (m) => (m.t === 'error' && m.game === game) || (m.t === 'state' && m.game === game && (match?.(m.view) ?? true)),
  );
}

const viewOf = (m: ServerMessage): GameView => {
  if (m.t !== 'state') throw new Error(`no state: ${JSON.stringify(m)}`);
  return m.view;
};

describe('rematches between people', () => {
  it('both offer: the next match starts with the same settings and the series moves on', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const clock = { kind: 'timed', delayMs: 5000, perPointMs: 60_000 } as const;
    const t = await table(server.ws, ana, bo, { game: 'plakoto', length: 1, rated: true, clock });
    // Not while it is played.
    expect(await offer(t.sockets[0], t.id, true)).toMatchObject({ t: 'error', code: 'ERR_NO_REMATCH' });

    const { view: over, winner } = await endByResignation(t);
    expect(over.rematch).toEqual({ offered: [false, false], allowed: true, next: null });
    const series = winner === 0 ? [1, 0] : [0, 1];
    expect(over.series).toEqual(series);

    // A spectator may not offer, and sees that he may not.
    const watcher = await Client.open(server.ws, (await account(server.base)).cookie);
    const watched = (await watcher.join(t.id)).view;
    expect(watched.rematch.allowed).toBe(false);
    expect(await offer(watcher, t.id, true)).toMatchObject({ t: 'error', code: 'ERR_NOT_A_PLAYER' });

    // Ana offers, both see it; Bo accepts and both are sent to the next match.
    const seen = t.sockets[1].next((m) => m.t === 'state' && m.view.rematch.offered[0]);
    expect(viewOf(await offer(t.sockets[0], t.id, true)).rematch).toMatchObject({ offered: [true, false], next: null });
    expect(viewOf(await seen).rematch).toMatchObject({ offered: [true, false], allowed: true });
    const toAna = t.sockets[0].next((m) => m.t === 'state' && m.view.rematch.next !== null);
    const accepted = viewOf(await offer(t.sockets[1], t.id, true, (v) => v.rematch.next !== null));
    const next = accepted.rematch.next as string;
    expect(accepted.rematch).toEqual({ offered: [true, true], allowed: false, next });
    expect(viewOf(await toAna).rematch.next).toBe(next);
    const watched2 = await watcher.next((m) => m.t === 'state' && m.view.rematch.next !== null);
    expect(viewOf(watched2).rematch.next).toBe(next);

    const [old, row] = await Promise.all([server.store.gameById(t.id), server.store.gameById(next)]);
    expect(row).toMatchObject({
      status: 'playing',
      clock,
      rated: true,
      pool: 'plakoto',
      rematchOf: t.id,
      series,
      seats: old?.seats,
      open: false,
      inviteToken: null,
    });
    expect(row?.record.settings).toEqual(old?.record.settings);
    const nextView = (await t.sockets[1].join(next)).view;
    expect(nextView.you).toBe(1);
    expect(nextView.series).toEqual(series);
    expect(nextView.rematch).toEqual({ offered: [false, false], allowed: false, next: null });
    // The winner's rating moved and the next match starts from it.
    const ratings = over.ratings as NonNullable<GameView['ratings']>;
    expect(nextView.players.map((p) => p.rating)).toEqual([ratings[0].after, ratings[1].after]);

    // One rematch per match.
    expect(await offer(t.sockets[0], t.id, true)).toMatchObject({ t: 'error', code: 'ERR_NO_REMATCH' });

    // The series counts the next result too.
    const second: Table = { ...t, id: next };
    await Promise.all(t.sockets.map((s) => s.join(next)));
    const again = await endByResignation(second);
    const expected = [series[0] as number, series[1] as number];
    expected[again.winner] = (expected[again.winner] as number) + 1;
    expect(again.view.series).toEqual(expected);
    await Promise.all([closeTable(t), watcher.close()]);
  });

  it('an offer withdrawn, or declined, starts nothing', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const t = await table(server.ws, ana, bo, { length: 1 });
    await endByResignation(t);
    // Each answer is the state after this very offer (an earlier one's may still be on its way).
    const showing = (a: boolean, b: boolean) => (v: GameView) =>
      v.rematch.offered[0] === a && v.rematch.offered[1] === b;
    expect(viewOf(await offer(t.sockets[0], t.id, true, showing(true, false))).rematch.next).toBeNull();
    expect(viewOf(await offer(t.sockets[0], t.id, false, showing(false, false))).rematch.next).toBeNull();
    expect(viewOf(await offer(t.sockets[1], t.id, true, showing(false, true))).rematch.next).toBeNull();
    // Ana declines: Bo's offer is still his, nothing starts.
    const declined = viewOf(await offer(t.sockets[0], t.id, false, showing(false, true)));
    expect(declined.rematch).toEqual({ offered: [false, true], allowed: true, next: null });
    const started = viewOf(await offer(t.sockets[0], t.id, true, (v) => v.rematch.next !== null));
    expect(started.rematch.next).not.toBeNull();
    expect(started.rated).toBe(false);
    await closeTable(t);
  });

  it('against the bot, the bot agrees at once', async () => {
    const me = new Caller(server.base);
    const { id } = await me.newGame({ game: 'backgammon', length: 1, opponent: 'bot', level: 'beginner' });
    const client = await Client.open(server.ws, me.cookie);
    const done = await autoplay(client, id, { random: seededRandom(5) });
    expect(done.last.status).toBe('over');
    const view = viewOf(await offer(client, id, true, (v) => v.rematch.next !== null));
    const next = view.rematch.next as string;
    expect(view.rematch.offered).toEqual([true, true]);
    const row = await server.store.gameById(next);
    expect(row).toMatchObject({ status: 'playing', rated: false, rematchOf: id });
    expect(row?.seats[1]).toMatchObject({ kind: 'bot', level: 'beginner' });
    const played = await autoplay(client, next, { random: seededRandom(6) });
    expect(played.last.status).toBe('over');
    const won = done.last.winner as 0 | 1;
    const series: [number, number] = [0, 0];
    series[won]++;
    series[played.last.winner as 0 | 1]++;
    expect(played.last.series).toEqual(series);
    await client.close();
  });

  it('a restart forgets offers but not the rematch started', async () => {
    const store = memoryStore();
    const first = await startServer({ store });
    const [ana, bo] = [await account(first.base), await account(first.base)];
    const t = await table(first.ws, ana, bo, { length: 1 });
    await endByResignation(t);
    const started = viewOf(await offer(t.sockets[0], t.id, true));
    expect(started.rematch.offered).toEqual([true, false]);
    const other = await table(first.ws, ana, bo, { length: 1 });
    await endByResignation(other);
    await offer(other.sockets[0], other.id, true);
    const next = viewOf(await offer(other.sockets[1], other.id, true, (v) => v.rematch.next !== null)).rematch.next;
    await Promise.all([closeTable(t), closeTable(other)]);
    await first.app.close();

    const second = await startServer({ store });
    try {
      const look = (id: string) => new Caller(second.base).call<{ view: GameView }>('GET', `/api/games/${id}`);
      expect((await look(t.id)).body.view.rematch).toEqual({ offered: [false, false], allowed: false, next: null });
      expect((await look(other.id)).body.view.rematch).toEqual({ offered: [true, true], allowed: false, next });
      const socket = await Client.open(second.ws, ana.cookie);
      const refused = (await offer(socket, other.id, true)) as Refusal;
      expect(refused.code).toBe('ERR_NO_REMATCH');
      await socket.close();
    } finally {
      await second.app.close();
    }
  });
});

describe('a rematch offer repeated', () => {
  it('is answered to its sender and sends the rest of the room nothing', async () => {
    const [ana, bo] = [await account(server.base), await account(server.base)];
    const t = await table(server.ws, ana, bo, { length: 1 });
    await endByResignation(t);
    const seen = t.sockets[1].next((m) => m.t === 'state' && m.view.rematch.offered[0]);
    expect(viewOf(await offer(t.sockets[0], t.id, true)).rematch.offered).toEqual([true, false]);
    await seen;
    const before = t.sockets[1].messages.length;
    for (let i = 0; i < 5; i++) {
      expect(viewOf(await offer(t.sockets[0], t.id, true)).rematch.offered).toEqual([true, false]);
    }
    // A round trip after the repeats: Bo was sent no state for them.
    await t.sockets[1].request({ t: 'ping', id: 1 }, (m) => m.t === 'pong');
    expect(t.sockets[1].messages.slice(before).map((m) => m.t)).toEqual(['pong']);
    await closeTable(t);
  });
});

describe('a rematch and the open-games limit', () => {
  it('is refused while one of the players has as many unfinished games as he may; the other offer stands', async () => {
    const limited = await startServer({ limits: { ...TEST_LIMITS, openGames: 2 } });
    try {
      const [ana, bo] = [await account(limited.base), await account(limited.base)];
      const t = await table(limited.ws, ana, bo, { length: 1 });
      await endByResignation(t);
      // Ana fills her limit with two games against the bot.
      for (let i = 0; i < 2; i++) {
        const made = await ana.newGame({ game: 'backgammon', length: 1, opponent: 'bot', level: 'beginner' });
        expect(made.id).toBeTruthy();
      }
      expect(viewOf(await offer(t.sockets[1], t.id, true)).rematch.offered).toEqual([false, true]);
      const refused = (await offer(t.sockets[0], t.id, true)) as Refusal;
      expect(refused).toMatchObject({ t: 'error', code: 'ERR_TOO_MANY_GAMES' });
      const boId = (await bo.call<{ id: string }>('GET', '/api/me')).body.id;
      const games = await limited.store.gamesOfUser(boId, 10);
      expect(games.filter((g) => g.rematchOf === t.id)).toEqual([]);
      const look = await new Caller(limited.base).call<{ view: GameView }>('GET', `/api/games/${t.id}`);
      expect(look.body.view.rematch).toEqual({ offered: [false, true], allowed: false, next: null });
      await closeTable(t);
    } finally {
      await limited.close();
    }
  });
});
