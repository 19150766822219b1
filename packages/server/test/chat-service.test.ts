import type { ChatMessage, ServerMessage } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatRoom, WritableChatRoom } from '../src/chat/access.js';
import { chatAccess } from '../src/chat/channels.js';
import { type ChatDeps, type ChatReader, ChatService } from '../src/chat/chat-service.js';
import { CHAT_BACKLOG, CHAT_BURST, CHAT_PER_CHANNEL, CHAT_PER_MINUTE } from '../src/chat/limits.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import { seatOf } from '../src/store/game-seats.js';
import type { ChatRow, ReportRow, UserRow } from '../src/store/types.js';

/*
 * The chat service alone, over a store that keeps its rows in arrays: who reads what, the
 * order of a backlog and the messages written while it is read, the limits, the reports.
 * Through the socket: server-chat.test.ts.
 */

type ChatFrame = Extract<ServerMessage, { t: 'chat' }>;

class Rows {
  readonly chat: ChatRow[] = [];
  readonly reports: ReportRow[] = [];
  readonly users = new Map<string, UserRow>();
  /** Set to hold chatOf's answer until the test lets it go. */
  gate: Promise<void> | null = null;
  /** Set while the database is away: chatOf fails. */
  away = false;

  store(): ChatDeps['store'] {
    return {
      addChat: async (row) => {
        this.chat.push(row);
      },
      chatOf: async (gameId, limit) => {
        const rows = this.chat.filter((r) => r.gameId === gameId).slice(-limit);
        if (this.gate !== null) await this.gate;
        if (this.away) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return rows;
      },
      addReport: async (row) => {
        if (this.reports.some((r) => r.messageId === row.messageId && r.reporterId === row.reporterId)) {
          return { ok: false, code: 'ERR_DUPLICATE' };
        }
        this.reports.push(row);
        return { ok: true };
      },
      userById: async (id) => this.users.get(id) ?? null,
    };
  }
}

class Reader implements ChatReader {
  readonly frames: ChatFrame[] = [];
  constructor(readonly userId: string | null) {}
  send(message: ServerMessage): void {
    if (message.t === 'chat') this.frames.push(message);
  }
  /** What his page shows: a whole frame replaces the list, another adds to it. */
  get shown(): ChatMessage[] {
    let list: ChatMessage[] = [];
    for (const f of this.frames) list = f.whole ? [...f.messages] : [...list, ...f.messages];
    return list;
  }
}

/** Users the rooms here know to have an account (a Room learns it when they watch). */
const ACCOUNTS = new Set(['ana', 'bo', 'cy', 'dee']);

/**
 * A room as the chat service writes in it: its view says who may write, from the viewer's seat
 * and what the room knows of his account, as Room.view does. A copy made by spreading it ({
 * ...PEOPLE, status: 'over' }) is viewed as the copy it is.
 */
const room = (r: ChatRoom, accounts: ReadonlySet<string> = ACCOUNTS): WritableChatRoom => ({
  ...r,
  view(this: ChatRoom, userId: string | null) {
    const viewer = { you: seatOf(this.seats, userId), account: userId !== null && accounts.has(userId) };
    return { chat: chatAccess(this.seats, this.status, viewer) };
  },
});

const PEOPLE = room({
  id: 'game-people',
  seats: [humanSeat('ana', 'Ana'), humanSeat('bo', 'Bo')],
  status: 'playing',
});

function setup(now = () => 1_000) {
  const rows = new Rows();
  for (const [id, name] of [
    ['ana', 'Ana'],
    ['bo', 'Bo'],
    ['cy', 'Cy'],
    ['dee', 'Dee'],
    ['guest', null],
  ] as const) {
    rows.users.set(id, { id, name, passwordHash: null, createdAt: 0 });
  }
  const log = { warn: () => {}, error: () => {} };
  return { rows, chat: new ChatService({ store: rows.store(), now, log }) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the chat service', () => {
  it('sends each reader the channels he may read: players theirs, spectators theirs', async () => {
    const { chat } = setup();
    const [ana, bo, cy, guest] = [new Reader('ana'), new Reader('bo'), new Reader('cy'), new Reader('guest')];
    for (const r of [ana, bo, cy, guest]) chat.watch(PEOPLE, r);
    await settle();
    expect(await chat.write(PEOPLE, 'ana', { text: 'gl' })).toEqual({ ok: true });
    expect(await chat.write(PEOPLE, 'cy', { phrase: 'nice-roll' })).toEqual({ ok: true });
    expect(await chat.write(PEOPLE, 'guest', { text: 'hi' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_NO_CHAT' },
    });
    expect(await chat.write(PEOPLE, null, { text: 'hi' })).toMatchObject({ ok: false, error: { code: 'ERR_NO_CHAT' } });
    const texts = (r: Reader) => r.shown.map((m) => m.text ?? m.phrase);
    expect(texts(ana)).toEqual(['gl']);
    expect(texts(bo)).toEqual(['gl']);
    expect(texts(cy)).toEqual(['nice-roll']);
    expect(texts(guest)).toEqual(['nice-roll']);
    expect(ana.shown[0]).toMatchObject({ channel: 'players', from: 'Ana', seat: 0, phrase: null });
    expect(cy.shown[0]).toMatchObject({ channel: 'spectators', from: 'Cy', seat: null, text: null });
  });

  it('has no chat in a game against a bot', async () => {
    const { chat, rows } = setup();
    const bot = room({ id: 'game-bot', seats: [humanSeat('ana', 'Ana'), botSeat('club')], status: 'playing' });
    expect(await chat.write(bot, 'ana', { text: 'gl' })).toMatchObject({ ok: false, error: { code: 'ERR_NO_CHAT' } });
    expect(await chat.write(bot, 'cy', { text: 'gl' })).toMatchObject({ ok: false, error: { code: 'ERR_NO_CHAT' } });
    expect(rows.chat).toEqual([]);
  });

  it('lets write whom the writer’s view lets write, whatever the store says of him', async () => {
    const { chat, rows } = setup();
    // Cy has an account in the store, but the room has not looked him up yet: his view says he
    // may not write, and so does the service (it used to look him up itself and take his line).
    const unknown = room(PEOPLE, new Set());
    expect(unknown.view('cy').chat.write).toBeNull();
    expect(await chat.write(unknown, 'cy', { text: 'hi' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_NO_CHAT' },
    });
    expect(PEOPLE.view('cy').chat.write).toBe('spectators');
    expect(await chat.write(PEOPLE, 'cy', { text: 'hi' })).toEqual({ ok: true });
    expect(rows.chat.map((r) => [r.name, r.channel])).toEqual([['Cy', 'spectators']]);
  });

  it('shows the players the spectators’ channel once the match is over, whole and in order', async () => {
    const { chat } = setup();
    const [ana, cy] = [new Reader('ana'), new Reader('cy')];
    chat.watch(PEOPLE, ana);
    chat.watch(PEOPLE, cy);
    await settle();
    await chat.write(PEOPLE, 'ana', { text: 'one' });
    await chat.write(PEOPLE, 'cy', { text: 'two' });
    await chat.write(PEOPLE, 'bo', { text: 'three' });
    expect(ana.shown.map((m) => m.text)).toEqual(['one', 'three']);
    const over: WritableChatRoom = { ...PEOPLE, status: 'over' };
    chat.ended(over);
    await settle();
    expect(ana.frames.at(-1)?.whole).toBe(true);
    expect(ana.shown.map((m) => m.text)).toEqual(['one', 'two', 'three']);
    // The spectator is not sent it again; he never reads the players' channel.
    expect(cy.frames.filter((f) => f.whole)).toHaveLength(1);
    expect(cy.shown.map((m) => m.text)).toEqual(['two']);
    await chat.write(over, 'cy', { text: 'gg' });
    expect(ana.shown.map((m) => m.text)).toEqual(['one', 'two', 'three', 'gg']);
  });

  it('keeps what a reader was shown when his chat cannot be read again (the database away)', async () => {
    const { chat, rows } = setup();
    const ana = new Reader('ana');
    chat.watch(PEOPLE, ana);
    await settle();
    await chat.write(PEOPLE, 'ana', { text: 'gl' });
    await chat.write(PEOPLE, 'bo', { text: 'you too' });
    rows.away = true;
    chat.ended({ ...PEOPLE, status: 'over' });
    await settle();
    // No whole (and empty) chat replaces his: he still sees what was said.
    expect(ana.shown.map((m) => m.text)).toEqual(['gl', 'you too']);
    // A reader who joins then is sent nothing whole either, and then each new message.
    const bo = new Reader('bo');
    chat.watch(PEOPLE, bo);
    await settle();
    expect(bo.frames.filter((f) => f.whole)).toEqual([]);
    rows.away = false;
    await chat.write(PEOPLE, 'ana', { text: 'back' });
    expect(bo.shown.map((m) => m.text)).toEqual(['back']);
    expect(ana.shown.map((m) => m.text)).toEqual(['gl', 'you too', 'back']);
  });

  it('gives a spectator who sits down the players’ channel in place of the spectators’', async () => {
    const { chat } = setup();
    const waiting = room({
      id: 'game-open',
      seats: [humanSeat('ana', 'Ana'), humanSeat(null, '')],
      status: 'waiting',
    });
    const dee = new Reader('dee');
    chat.watch(waiting, dee);
    await settle();
    await chat.write(waiting, 'cy', { text: 'who will take it?' });
    await chat.write(waiting, 'ana', { text: 'back in a minute' });
    expect(dee.shown.map((m) => m.text)).toEqual(['who will take it?']);
    // Dee takes the empty seat (over REST; his socket stays): the next line brings him his channel whole.
    const playing: WritableChatRoom = {
      ...waiting,
      seats: [waiting.seats[0], humanSeat('dee', 'Dee')],
      status: 'playing',
    };
    await chat.write(playing, 'ana', { text: 'hi Dee' });
    await settle();
    expect(dee.shown.map((m) => m.text)).toEqual(['back in a minute', 'hi Dee']);
    await chat.write(playing, 'cy', { text: 'go Dee' });
    expect(dee.shown.map((m) => m.text)).toEqual(['back in a minute', 'hi Dee']);
  });

  it('sends the backlog on watch, then what was written while it was read, each message once', async () => {
    const { chat, rows } = setup();
    await chat.write(PEOPLE, 'ana', { text: 'before' });
    let open = () => {};
    rows.gate = new Promise<void>((r) => (open = r));
    const bo = new Reader('bo');
    chat.watch(PEOPLE, bo);
    await settle();
    rows.gate = null;
    await chat.write(PEOPLE, 'ana', { text: 'during' });
    expect(bo.frames).toEqual([]);
    open();
    await settle();
    expect(bo.frames[0]?.whole).toBe(true);
    expect(bo.shown.map((m) => m.text)).toEqual(['before', 'during']);
    expect(new Set(bo.frames.flatMap((f) => f.messages.map((m) => m.id))).size).toBe(2);
  });

  it('sends at most the last CHAT_BACKLOG messages of the channels one reads', async () => {
    const { chat, rows } = setup();
    for (let i = 0; i < CHAT_BACKLOG + 10; i++) {
      rows.chat.push({ ...row(`m${i}`), channel: i % 2 === 0 ? 'players' : 'spectators' });
    }
    const ana = new Reader('ana');
    chat.watch(PEOPLE, ana);
    await settle();
    expect(ana.shown).toHaveLength((CHAT_BACKLOG + 10) / 2);
    const cy = new Reader('cy');
    chat.watch({ ...PEOPLE, status: 'over' }, cy);
    const bo = new Reader('bo');
    chat.watch({ ...PEOPLE, status: 'over' }, bo);
    await settle();
    expect(cy.shown).toHaveLength((CHAT_BACKLOG + 10) / 2);
    expect(cy.shown.every((m) => m.channel === 'spectators')).toBe(true);
    expect(bo.shown).toHaveLength(CHAT_BACKLOG);
    expect(bo.shown.at(-1)?.id).toBe(`m${CHAT_BACKLOG + 9}`);
  });

  it('refuses a writer past his burst until the rate gives him another line', async () => {
    let now = 10_000;
    const { chat } = setup(() => now);
    for (let i = 0; i < CHAT_BURST; i++)
      expect(await chat.write(PEOPLE, 'ana', { text: `l${i}` })).toEqual({ ok: true });
    expect(await chat.write(PEOPLE, 'ana', { text: 'more' })).toMatchObject({ error: { code: 'ERR_CHAT_RATE' } });
    // Another writer, and the same writer in another match, have their own.
    expect(await chat.write(PEOPLE, 'bo', { text: 'hi' })).toEqual({ ok: true });
    expect(await chat.write({ ...PEOPLE, id: 'game-other' }, 'ana', { text: 'hi' })).toEqual({ ok: true });
    now += 60_000 / CHAT_PER_MINUTE;
    expect(await chat.write(PEOPLE, 'ana', { text: 'again' })).toEqual({ ok: true });
    expect(await chat.write(PEOPLE, 'ana', { text: 'more' })).toMatchObject({ error: { code: 'ERR_CHAT_RATE' } });
  });

  it('never lets one writer through faster than his burst plus the rate', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 40 }), async (gaps) => {
        let now = 0;
        const { chat } = setup(() => now);
        let sent = 0;
        for (const gap of gaps) {
          now += gap;
          if ((await chat.write(PEOPLE, 'ana', { text: 'x' })).ok) sent++;
        }
        expect(sent).toBeLessThanOrEqual(CHAT_BURST + Math.floor((now * CHAT_PER_MINUTE) / 60_000));
      }),
    );
  });

  it('keeps at most CHAT_PER_CHANNEL messages a channel of a match', async () => {
    const { chat, rows } = setup();
    for (let i = 0; i < CHAT_PER_CHANNEL - 1; i++) rows.chat.push(row(`m${i}`));
    expect(await chat.write(PEOPLE, 'ana', { text: 'last' })).toEqual({ ok: true });
    expect(await chat.write(PEOPLE, 'bo', { text: 'one more' })).toMatchObject({ error: { code: 'ERR_CHAT_RATE' } });
    expect(rows.chat.filter((r) => r.gameId === PEOPLE.id)).toHaveLength(CHAT_PER_CHANNEL);
  });

  it('never lets the spectators use up the players’ channel, nor the players theirs', async () => {
    const { chat, rows } = setup();
    rows.chat.push({ ...row('said'), text: 'gl' });
    for (let i = 0; i < CHAT_PER_CHANNEL; i++)
      rows.chat.push({ ...row(`s${i}`), channel: 'spectators', userId: 'cy', name: 'Cy', seat: null });
    expect(await chat.write(PEOPLE, 'dee', { text: 'one more' })).toMatchObject({ error: { code: 'ERR_CHAT_RATE' } });
    expect(await chat.write(PEOPLE, 'ana', { text: 'still talking' })).toEqual({ ok: true });
    // A player's page still gets the players' lines, however many the spectators wrote since.
    const bo = new Reader('bo');
    chat.watch(PEOPLE, bo);
    await settle();
    expect(bo.shown.map((m) => m.text)).toEqual(['gl', 'still talking']);
    // And a report of them still finds them.
    expect(await chat.report(PEOPLE, 'bo', 'said', 'insult')).toEqual({ ok: true });
  });

  it('refuses a link and a line that shows nothing, and stores the line as cleaned', async () => {
    const { chat, rows } = setup();
    expect(await chat.write(PEOPLE, 'ana', { text: 'go to t.me/spam' })).toMatchObject({
      error: { code: 'ERR_CHAT_LINK' },
    });
    for (const blank of [' \n ', '\u3164', '\u2800\u2800', '\u115F', '\u200E\u200F\u061C']) {
      expect(await chat.write(PEOPLE, 'ana', { text: blank })).toMatchObject({ error: { code: 'ERR_TEXT_BLANK' } });
    }
    for (const link of ['scam.live', 'sc\u0430m.com', 'scam. com', 't me/abc']) {
      expect(await chat.write(PEOPLE, 'ana', { text: link })).toMatchObject({ error: { code: 'ERR_CHAT_LINK' } });
    }
    expect(await chat.write(PEOPLE, 'ana', { text: '  good\n\ngame\u200B\u202E ' })).toEqual({ ok: true });
    expect(await chat.write(PEOPLE, 'ana', { text: 'خیلی خوب بود، می\u200Cخواهم دوباره' })).toEqual({ ok: true });
    expect(rows.chat.map((r) => r.text)).toEqual(['good game', 'خیلی خوب بود، می\u200Cخواهم دوباره']);
  });

  it('takes one report per message and reader, of a message he may read, not his own', async () => {
    const { chat, rows } = setup();
    await chat.write(PEOPLE, 'ana', { text: 'you fool' });
    await chat.write(PEOPLE, 'cy', { text: 'spam spam' });
    const [said, spam] = rows.chat;
    if (said === undefined || spam === undefined) throw new Error('not stored');
    expect(await chat.report(PEOPLE, 'bo', said.id, 'insult')).toEqual({ ok: true });
    expect(await chat.report(PEOPLE, 'bo', said.id, 'spam')).toMatchObject({ error: { code: 'ERR_REPORT' } });
    expect(await chat.report(PEOPLE, 'ana', said.id, 'insult')).toMatchObject({ error: { code: 'ERR_REPORT' } });
    // The spectators' channel is not the players' to report while they cannot read it.
    expect(await chat.report(PEOPLE, 'bo', spam.id, 'spam')).toMatchObject({ error: { code: 'ERR_REPORT' } });
    expect(await chat.report({ ...PEOPLE, status: 'over' }, 'bo', spam.id, 'spam')).toEqual({ ok: true });
    expect(await chat.report(PEOPLE, 'dee', spam.id, 'other')).toEqual({ ok: true });
    expect(await chat.report(PEOPLE, 'dee', 'no-such-id', 'other')).toMatchObject({ error: { code: 'ERR_REPORT' } });
    expect(await chat.report(PEOPLE, null, spam.id, 'other')).toMatchObject({ error: { code: 'ERR_REPORT' } });
    expect(rows.reports.map((r) => [r.messageId, r.reporterId, r.reason])).toEqual([
      [said.id, 'bo', 'insult'],
      [spam.id, 'bo', 'spam'],
      [spam.id, 'dee', 'other'],
    ]);
  });

  it('forgets a reader when his watch ends, and serves the same game through another room object', async () => {
    const { chat } = setup();
    const ana = new Reader('ana');
    const stop = chat.watch(PEOPLE, ana);
    await settle();
    // A fresh copy of the room (evicted and loaded again) is another object with the same id.
    const copy = room({ id: PEOPLE.id, seats: PEOPLE.seats, status: PEOPLE.status });
    await chat.write(copy, 'bo', { text: 'still here' });
    expect(ana.shown.map((m) => m.text)).toEqual(['still here']);
    stop();
    expect(chat.size).toBe(0);
    await chat.write(copy, 'bo', { text: 'gone' });
    expect(ana.shown.map((m) => m.text)).toEqual(['still here']);
  });
});

function row(id: string): ChatRow {
  return {
    id,
    gameId: PEOPLE.id,
    channel: 'players',
    userId: 'ana',
    name: 'Ana',
    seat: 0,
    text: id,
    phrase: null,
    at: 1,
  };
}
