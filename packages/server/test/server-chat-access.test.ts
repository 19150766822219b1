import type { ChatAccess, ServerMessage } from '@zar/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { Caller, Client, type Running, startServer } from './support/harness.js';
import { guest } from './support/lobby-server.js';
import { account, closeTable, endByResignation, type Table, table } from './support/people.js';

/*
 * The view says who may write in a match's chat, and the server agrees, both ways, for every
 * kind of viewer: a player, a spectator with an account, a guest spectator, a visitor without
 * a session, each while the match is played and once it is over, and in a match against a bot.
 * A spectator with an account used to be shown `write: null` while the room looked him up,
 * and his message was taken all the same (the chat looked him up again on its own).
 */

/** A memory store whose lookups of one user wait until the test lets them go. */
function gatedStore(): { store: Store; hold(userId: string): () => void } {
  const base = memoryStore();
  let held: { userId: string; open: Promise<void> } | null = null;
  const store = new Proxy(base, {
    get(target, key, receiver) {
      if (key === 'userById') {
        return async (id: string) => {
          if (held !== null && held.userId === id) await held.open;
          return target.userById(id);
        };
      }
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    store,
    hold(userId) {
      let open = () => {};
      held = { userId, open: new Promise<void>((r) => (open = r)) };
      return () => {
        held = null;
        open();
      };
    },
  };
}

const gate = gatedStore();
let server: Running;
beforeAll(async () => {
  server = await startServer({ store: gate.store });
});
afterAll(async () => {
  await server.close();
});

type StateFrame = Extract<ServerMessage, { t: 'state' }>;

/** Waits until every frame sent so far has surely arrived: a ping's answer comes after them. */
const drained = (client: Client) => client.request({ t: 'ping', id: 1 }, (m) => m.t === 'pong');

/** The chat access of the last view the client was sent of `game`. */
function shownAccess(client: Client, game: string): ChatAccess {
  const states = client.messages.filter(
    (m): m is StateFrame | Extract<ServerMessage, { t: 'event' }> =>
      (m.t === 'state' || m.t === 'event') && m.game === game,
  );
  const last = states.at(-1);
  if (last === undefined) throw new Error('no view of the game');
  return last.view.chat;
}

/** Writes, and answers the channel the line went to, or the refusal's code. */
async function write(client: Client, game: string, text: string): Promise<string> {
  const m = await client.request(
    { t: 'chat', game, text },
    (x) => (x.t === 'chat' && x.game === game && !x.whole) || (x.t === 'error' && x.game === game),
  );
  if (m.t === 'error') return m.code;
  if (m.t !== 'chat') throw new Error(`unexpected ${m.t}`);
  return m.messages[0]?.channel ?? 'none';
}

/**
 * The viewer's view (the socket's latest, and GET /api/games/:id's) and the server's answer to a
 * line agree: he may write exactly when it names a channel, and his line goes to that channel.
 */
async function agrees(caller: Caller | null, game: string, expected: ChatAccess['write']): Promise<void> {
  const client = await Client.open(server.ws, caller?.cookie ?? '');
  await client.join(game);
  await drained(client);
  const shown = shownAccess(client, game);
  expect(shown.write).toBe(expected);
  const got = await (caller ?? new Caller(server.base)).call<{ view: { chat: ChatAccess } }>(
    'GET',
    `/api/games/${game}`,
  );
  expect(got.body.view.chat.write).toBe(expected);
  expect(await write(client, game, 'hello')).toBe(shown.write ?? 'ERR_NO_CHAT');
  await client.close();
}

async function casualTable(): Promise<Table> {
  const [ana, bo] = [await account(server.base, 'ana'), await account(server.base, 'bo')];
  return table(server.ws, ana, bo, { game: 'backgammon', length: 1, rated: false });
}

describe('the view and the server agree on who may write', () => {
  it('in a match between people, while it is played and once it is over', async () => {
    const t = await casualTable();
    const cy = await account(server.base, 'cy');
    const visitor = await guest(server.base);
    await agrees(t.host, t.id, 'players');
    await agrees(t.guest, t.id, 'players');
    await agrees(cy, t.id, 'spectators');
    await agrees(visitor, t.id, null);
    await agrees(null, t.id, null);
    await endByResignation(t);
    await agrees(t.host, t.id, 'players');
    await agrees(cy, t.id, 'spectators');
    await agrees(visitor, t.id, null);
    await agrees(null, t.id, null);
    await closeTable(t);
  });

  it('in a match against a bot: nobody', async () => {
    const solo = await account(server.base, 'solo');
    const game = await solo.newGame({ opponent: 'bot', length: 1 });
    await agrees(solo, game.id, null);
    await agrees(await account(server.base, 'kib'), game.id, null);
    await agrees(await guest(server.base), game.id, null);
  });

  it('a spectator not looked up yet is refused as his view says, and writes once it says he may', async () => {
    const t = await casualTable();
    const cy = await account(server.base, 'cy');
    const me = await cy.call<{ id: string }>('GET', '/api/me');
    const client = await Client.open(server.ws, cy.cookie);
    const release = gate.hold(me.body.id);
    await client.join(t.id);
    await drained(client);
    expect(shownAccess(client, t.id).write).toBeNull();
    // It waited on the same lookup and took the line: now it answers at once, as the view says.
    expect(await write(client, t.id, 'too soon')).toBe('ERR_NO_CHAT');
    const told = client.next((m) => m.t === 'state' && m.game === t.id && m.view.chat.write !== null);
    release();
    expect(((await told) as StateFrame).view.chat.write).toBe('spectators');
    expect(await write(client, t.id, 'now')).toBe('spectators');
    expect((await server.store.chatOf(t.id, 10)).map((r) => r.text)).toEqual(['now']);
    await client.close();
    await closeTable(t);
  });
});
