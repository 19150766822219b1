import type { ChatMessage, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_BURST } from '../src/chat/limits.js';
import { type Caller, Client, type Running, startServer } from './support/harness.js';
import { guest } from './support/lobby-server.js';
import { account, closeTable, endByResignation, type Table, table } from './support/people.js';

/*
 * The chat through the socket: two players and spectators of a match between
 * people, each sent the channels he may read; the limits; reports; no chat against a bot.
 */

let server: Running;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type ChatFrame = Extract<ServerMessage, { t: 'chat' }>;
type ErrorFrame = Extract<ServerMessage, { t: 'error' }>;

const isChat = (game: string) => (m: ServerMessage) => m.t === 'chat' && m.game === game;

/** The chat frames the client was sent for `game`, in order. */
const chatFrames = (client: Client, game: string): ChatFrame[] =>
  client.messages.filter((m): m is ChatFrame => m.t === 'chat' && m.game === game);

/** What the client's page shows: a whole frame replaces the list, another adds to it. */
function shown(client: Client, game: string): string[] {
  let list: ChatMessage[] = [];
  for (const f of chatFrames(client, game)) list = f.whole ? [...f.messages] : [...list, ...f.messages];
  return list.map((m) => m.text ?? `(${m.phrase})`);
}

/** Sends a message and waits for the first chat frame or refusal of this game. */
async function say(client: Client, game: string, text: string): Promise<ServerMessage> {
  return client.request(
    { t: 'chat', game, text },
    (m) => (m.t === 'chat' && m.game === game && !m.whole) || (m.t === 'error' && m.game === game),
  );
}

async function refused(client: Client, message: Record<string, unknown>): Promise<ErrorFrame> {
  return (await client.request(message, (m) => m.t === 'error')) as ErrorFrame;
}

/** A socket of `caller` that has joined `game` and been sent its chat. */
async function watcher(caller: Caller | null, game: string): Promise<Client> {
  const client = await Client.open(server.ws, caller?.cookie ?? '');
  const chat = client.next(isChat(game));
  await client.join(game);
  await chat;
  return client;
}

/** Waits until every frame sent so far has surely arrived: a ping's answer comes after them. */
const drained = (client: Client) => client.request({ t: 'ping', id: 1 }, (m) => m.t === 'pong');

async function casualTable(): Promise<Table> {
  const [ana, bo] = [await account(server.base, 'ana'), await account(server.base, 'bo')];
  return table(server.ws, ana, bo, { game: 'backgammon', length: 1, rated: false });
}

describe('chat between two players with spectators', () => {
  it('keeps the channels apart while the match is played, and shows the players both at its end', async () => {
    const t = await casualTable();
    const [ana, bo] = t.sockets;
    const cy = await watcher(await account(server.base, 'cy'), t.id);
    const visitor = await watcher(await guest(server.base), t.id);
    const anonymous = await watcher(null, t.id);

    expect((await ana.join(t.id)).view.chat).toEqual({ write: 'players', read: ['players'] });
    expect((await cy.join(t.id)).view.chat).toEqual({ write: 'spectators', read: ['spectators'] });
    expect((await visitor.join(t.id)).view.chat).toEqual({ write: null, read: ['spectators'] });

    const toBo = bo.next(isChat(t.id));
    expect(await say(ana, t.id, '  good luck\n')).toMatchObject({ t: 'chat', whole: false });
    const heard = (await toBo) as ChatFrame;
    expect(heard.messages).toEqual([
      expect.objectContaining({ channel: 'players', from: expect.stringMatching(/^ana_/), seat: 0, text: 'good luck' }),
    ]);
    const toVisitor = visitor.next(isChat(t.id));
    expect(await say(cy, t.id, 'Ana will win')).toMatchObject({ t: 'chat' });
    const spoken = ((await toVisitor) as ChatFrame).messages[0];
    expect(spoken).toMatchObject({ channel: 'spectators', seat: null, from: expect.stringMatching(/^cy_/) });
    bo.send({ t: 'phrase', game: t.id, phrase: 'have-fun' });
    await ana.next(isChat(t.id));
    expect(await refused(visitor, { t: 'chat', game: t.id, text: 'hi' })).toMatchObject({ code: 'ERR_NO_CHAT' });
    expect(await refused(anonymous, { t: 'chat', game: t.id, text: 'hi' })).toMatchObject({ code: 'ERR_NO_CHAT' });

    await Promise.all([ana, bo, cy, visitor, anonymous].map(drained));
    expect(shown(ana, t.id)).toEqual(['good luck', '(have-fun)']);
    expect(shown(bo, t.id)).toEqual(['good luck', '(have-fun)']);
    for (const spectator of [cy, visitor, anonymous]) expect(shown(spectator, t.id)).toEqual(['Ana will win']);

    // Stored with the match, in order, the phrase without a text.
    const stored = await server.store.chatOf(t.id, 10);
    expect(stored.map((r) => [r.channel, r.text, r.phrase])).toEqual([
      ['players', 'good luck', null],
      ['spectators', 'Ana will win', null],
      ['players', null, 'have-fun'],
    ]);

    // A spectator who comes late is sent his channel's backlog; so is a player who comes back.
    const late = await watcher(await account(server.base, 'dee'), t.id);
    expect(chatFrames(late, t.id)[0]?.whole).toBe(true);
    expect(shown(late, t.id)).toEqual(['Ana will win']);
    const again = await watcher(t.guest, t.id);
    expect(shown(again, t.id)).toEqual(['good luck', '(have-fun)']);

    // The match ends: its players are sent the chat whole, the spectators' channel in its place.
    const whole = ana.next((m) => isChat(t.id)(m) && (m as ChatFrame).whole && (m as ChatFrame).messages.length === 3);
    await endByResignation(t);
    await whole;
    await drained(bo);
    expect(shown(ana, t.id)).toEqual(['good luck', 'Ana will win', '(have-fun)']);
    expect(shown(bo, t.id)).toEqual(['good luck', 'Ana will win', '(have-fun)']);
    expect((await ana.join(t.id)).view.chat).toEqual({ write: 'players', read: ['players', 'spectators'] });
    // The spectators were sent nothing new: they still read their own channel only.
    await drained(cy);
    expect(shown(cy, t.id)).toEqual(['Ana will win']);
    expect(await say(cy, t.id, 'gg')).toMatchObject({ t: 'chat' });
    await drained(ana);
    expect(shown(ana, t.id).at(-1)).toBe('gg');

    await Promise.all([cy, visitor, anonymous, late, again].map((c) => c.close()));
    await closeTable(t);
  });

  it('refuses links, a writer past his burst, and a socket that has not joined the match', async () => {
    const t = await casualTable();
    const [ana, bo] = t.sockets;
    expect(await say(ana, t.id, 'free chips at example.com')).toMatchObject({ t: 'error', code: 'ERR_CHAT_LINK' });
    expect(await say(ana, t.id, 'http://x')).toMatchObject({ t: 'error', code: 'ERR_CHAT_LINK' });
    for (let i = 0; i < CHAT_BURST; i++) expect(await say(ana, t.id, `line ${i}`)).toMatchObject({ t: 'chat' });
    expect(await say(ana, t.id, 'one too many')).toMatchObject({ t: 'error', code: 'ERR_CHAT_RATE' });
    // His opponent has his own.
    expect(await say(bo, t.id, 'slow down')).toMatchObject({ t: 'chat' });
    const outsider = await Client.open(server.ws, t.host.cookie);
    expect(await refused(outsider, { t: 'chat', game: t.id, text: 'hi' })).toMatchObject({ code: 'ERR_NO_CHAT' });
    expect((await server.store.chatOf(t.id, 50)).map((r) => r.text)).toEqual([
      'line 0',
      'line 1',
      'line 2',
      'line 3',
      'slow down',
    ]);
    await outsider.close();
    await closeTable(t);
  });

  it('takes a reader’s report of a message once', async () => {
    const t = await casualTable();
    const [ana, bo] = t.sockets;
    const said = (await say(ana, t.id, 'you are a donkey')) as ChatFrame;
    const id = said.messages[0]?.id as string;
    const report = { t: 'report', game: t.id, message: id, reason: 'insult' };
    bo.send(report);
    await drained(bo);
    expect(await refused(bo, report)).toMatchObject({ code: 'ERR_REPORT' });
    expect(await refused(ana, report)).toMatchObject({ code: 'ERR_REPORT' });
    expect(await refused(bo, { ...report, message: 'no-such-message' })).toMatchObject({ code: 'ERR_REPORT' });
    const reports = await server.store.reportsOf(t.id);
    expect(reports.map((r) => [r.messageId, r.reason])).toEqual([[id, 'insult']]);
    await closeTable(t);
  });
});

describe('a room evicted and loaded again', () => {
  it('serves the chat it stored, and takes new messages', async () => {
    const t = await casualTable();
    expect(await say(t.sockets[0], t.id, 'brb')).toMatchObject({ t: 'chat' });
    await closeTable(t);
    // Nobody watches: the room leaves memory (an untimed match has no clock to keep it).
    const before = await server.app.zar.rooms.get(t.id);
    expect(server.app.zar.rooms.evictIdle(Date.now() + 24 * 3600_000)).toBeGreaterThan(0);
    expect(await server.app.zar.rooms.get(t.id)).not.toBe(before);
    const [ana, bo] = [await watcher(t.host, t.id), await watcher(t.guest, t.id)];
    expect(shown(ana, t.id)).toEqual(['brb']);
    expect(await say(bo, t.id, 'welcome back')).toMatchObject({ t: 'chat' });
    await drained(ana);
    expect(shown(ana, t.id)).toEqual(['brb', 'welcome back']);
    await Promise.all([ana.close(), bo.close()]);
  });
});

describe('no chat in a game against a bot', () => {
  it('tells the player and his spectators there is none, and refuses a message', async () => {
    const player = await account(server.base, 'solo');
    const game = await player.newGame({ opponent: 'bot', length: 1 });
    const client = await Client.open(server.ws, player.cookie);
    const chat = client.next(isChat(game.id));
    expect((await client.join(game.id)).view.chat).toEqual({ write: null, read: [] });
    expect(((await chat) as ChatFrame).messages).toEqual([]);
    expect(await say(client, game.id, 'hello bot')).toMatchObject({ t: 'error', code: 'ERR_NO_CHAT' });
    const spectator = await watcher(await account(server.base, 'kib'), game.id);
    expect(await say(spectator, game.id, 'hello')).toMatchObject({ t: 'error', code: 'ERR_NO_CHAT' });
    expect(await server.store.chatOf(game.id, 10)).toEqual([]);
    await Promise.all([client.close(), spectator.close()]);
  });
});
