import { MATCH_DEFAULTS, newMatch } from '@zar/match';
import { matchView, PROTOCOL_VERSION, parseClientMessage } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { backoff, ERR_SCHEMA, GameSocket, type SocketStatus, socketUrl } from '../src/socket.js';
import { ManualTimers as Clock, connectInto, type FakeSocket } from './support/fake-socket.js';
import { CASUAL_UNTIMED } from './support/matches.js';

const view = matchView(
  newMatch(MATCH_DEFAULTS),
  {
    id: 'game01',
    status: 'playing',
    players: [
      { name: 'ana', kind: 'human', taken: true },
      { name: 'bot', kind: 'bot', level: 'club', taken: true },
    ],
    you: 0,
    hint: false,
    analysable: false,
    ...CASUAL_UNTIMED,
  },
  [],
);
const roll = { type: 'roll', player: 0, dice: [3, 1] };

function setup() {
  const sockets: FakeSocket[] = [];
  const clock = new Clock();
  const views: number[] = [];
  const errors: string[] = [];
  const statuses: SocketStatus[] = [];
  const socket = new GameSocket(
    'ws://x/ws',
    'game01',
    {
      onView: (_v, version) => views.push(version),
      onError: (code) => errors.push(code),
      onStatus: (s) => statuses.push(s),
    },
    {
      connect: connectInto(sockets),
      timers: clock,
      pingEvery: 1000,
    },
  );
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { socket, sockets, last, clock, views, errors, statuses };
}

describe('game socket', () => {
  it('leaves a connection being made to finish when woken, and pings on one chain only', () => {
    const { socket, sockets, last, clock } = setup();
    socket.wake();
    socket.wake();
    expect(sockets.length).toBe(1);
    last().open();
    // One ping a period, answered each time: a second chain would find the first's ping unanswered and drop.
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      last().receive({ t: 'pong' });
    }
    expect(sockets.length).toBe(1);
    expect(last().closed).toBe(false);
    expect(last().sent.filter((m) => (m as { t: string }).t === 'ping')).toHaveLength(5);
  });

  it('wakes at once while it waits to reconnect', () => {
    const { socket, sockets, last } = setup();
    last().open();
    last().drop();
    expect(sockets.length).toBe(1);
    socket.wake();
    expect(sockets.length).toBe(2);
    expect(last().readyState).toBe(0);
  });

  it('joins on open and acts at the version it saw', () => {
    const { socket, last, views } = setup();
    expect(socket.act({ type: 'roll' })).toBe(false);
    last().open();
    expect(last().sent).toEqual([{ t: 'join', game: 'game01' }]);
    last().receive({ t: 'state', game: 'game01', v: 7, view });
    expect(views).toEqual([7]);
    expect(socket.act({ type: 'roll' })).toBe(true);
    expect(last().sent[1]).toEqual({ t: 'act', game: 'game01', v: 7, action: { type: 'roll' } });
  });

  it('ignores events it has already seen and messages for other games', () => {
    const { last, views, errors } = setup();
    last().open();
    last().receive({ t: 'state', game: 'game01', v: 5, view });
    last().receive({ t: 'event', game: 'game01', v: 5, action: roll, view });
    last().receive({ t: 'event', game: 'other1', v: 9, action: roll, view });
    last().receive({ t: 'event', game: 'game01', v: 6, action: roll, view });
    last().receive({ t: 'error', code: 'ERR_STALE', message: 'stale' });
    expect(views).toEqual([5, 6]);
    expect(errors).toEqual(['ERR_STALE']);
  });

  it('reconnects with growing delays after the server goes away, and joins again', () => {
    const { sockets, last, clock, statuses } = setup();
    last().open();
    last().drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(sockets).toHaveLength(1);
    clock.advance(backoff(0));
    expect(sockets).toHaveLength(2);
    // The server is still down: the next attempt waits longer.
    last().drop();
    clock.advance(backoff(0));
    expect(sockets).toHaveLength(2);
    clock.advance(backoff(1) - backoff(0));
    expect(sockets).toHaveLength(3);
    last().open();
    expect(last().sent).toEqual([{ t: 'join', game: 'game01' }]);
    expect(statuses.at(-1)).toBe('open');
  });

  it('pings, and drops a connection that stays silent for a whole period', () => {
    const { sockets, last, clock } = setup();
    last().open();
    clock.advance(1000);
    expect(last().sent.at(-1)).toEqual({ t: 'ping' });
    last().receive({ t: 'pong' });
    clock.advance(1000);
    expect(sockets).toHaveLength(1);
    // No answer to this ping: at the next tick the connection is given up and retried.
    clock.advance(1000);
    clock.advance(backoff(0));
    expect(sockets).toHaveLength(2);
  });

  it('stays closed once closed', () => {
    const { socket, sockets, last, clock, statuses } = setup();
    last().open();
    socket.close();
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('closed');
  });

  it('grows the delay up to a ceiling, and builds the URL from the page', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoff)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(socketUrl({ protocol: 'https:', host: 'zar.example' })).toBe(
      `wss://zar.example/ws?protocol=${PROTOCOL_VERSION}`,
    );
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      `ws://127.0.0.1:3000/ws?protocol=${PROTOCOL_VERSION}`,
    );
  });

  it('reports a frame the contract does not describe, and keeps the view it had', () => {
    const { last, views, errors } = setup();
    last().open();
    last().receive({ t: 'state', game: 'game01', v: 5, view });
    last().receive({ t: 'state', game: 'game01', v: 6, view: { ...view, allowed: undefined } });
    last().receive({ t: 'event', game: 'game01', v: 6, action: { type: 'roll' }, view });
    last().onmessage?.({ data: 'not json' });
    expect(views).toEqual([5]);
    expect(errors).toEqual([ERR_SCHEMA, ERR_SCHEMA, ERR_SCHEMA]);
  });

  it('a server of another protocol version is not retried: the page must be reloaded', () => {
    const { sockets, last, clock, errors, statuses } = setup();
    last().open();
    last().receive({ t: 'error', code: 'ERR_VERSION', message: 'reload the page' });
    last().drop();
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(errors).toEqual(['ERR_VERSION']);
    expect(statuses.at(-1)).toBe('closed');
  });
});

describe('game socket: claims and rematches', () => {
  it('claims at the version it saw and offers, withdraws or answers a rematch; nothing goes out offline', () => {
    const { socket, last } = setup();
    expect(socket.claim()).toBe(false);
    expect(socket.rematch(true)).toBe(false);
    last().open();
    last().receive({ t: 'state', game: 'game01', v: 12, view });
    expect(socket.claim()).toBe(true);
    expect(socket.rematch(true)).toBe(true);
    expect(socket.rematch(false)).toBe(true);
    const frames = last().sent.slice(1);
    expect(frames).toEqual([
      { t: 'claim', game: 'game01', v: 12 },
      { t: 'rematch', game: 'game01', offer: true },
      { t: 'rematch', game: 'game01', offer: false },
    ]);
    // Each is a frame the server's parser accepts as it is.
    for (const f of frames) expect(parseClientMessage(JSON.stringify(f)).ok).toBe(true);
  });
});
