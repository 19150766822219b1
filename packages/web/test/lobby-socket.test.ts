import type { Lobby, SeekKind } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { LobbySocket } from '../src/lobby/lobby-socket.js';
import { backoff, ERR_SCHEMA, type SocketStatus } from '../src/socket.js';
import { connectInto, type FakeSocket, ManualTimers } from './support/fake-socket.js';

const KIND: SeekKind = { preset: 'backgammon', length: 5, clock: 'normal', rated: true };
const LOBBY: Lobby = {
  games: [],
  pools: [{ kind: KIND, waiting: 2 }],
  seeks: [{ id: 'seek01', kind: KIND, since: 1_000 }],
};

function setup() {
  const sockets: FakeSocket[] = [];
  const timers = new ManualTimers();
  const lobbies: Lobby[] = [];
  const paired: [string, string][] = [];
  const errors: string[] = [];
  const statuses: SocketStatus[] = [];
  const socket = new LobbySocket(
    'ws://zar.test/ws',
    {
      onLobby: (l) => lobbies.push(l),
      onPaired: (game, seek) => paired.push([game, seek]),
      onError: (code) => errors.push(code),
      onStatus: (s) => statuses.push(s),
    },
    {
      connect: connectInto(sockets),
      timers,
    },
  );
  const last = () => sockets.at(-1) as FakeSocket;
  return { socket, sockets, last, timers, lobbies, paired, errors, statuses };
}

describe('the lobby socket', () => {
  it('watches the lobby as soon as it is open, and reports the lobby sent', () => {
    const t = setup();
    expect(t.statuses).toEqual(['connecting']);
    t.last().open();
    expect(t.last().sent).toEqual([{ t: 'lobby', watch: true }]);
    expect(t.statuses.at(-1)).toBe('open');
    t.last().receive({ t: 'lobby', lobby: LOBBY });
    expect(t.lobbies).toEqual([LOBBY]);
  });

  it('sends a request and a cancel, and reports a pairing', () => {
    const t = setup();
    t.last().open();
    expect(t.socket.seek(KIND)).toBe(true);
    expect(t.socket.unseek('seek01')).toBe(true);
    expect(t.last().sent.slice(1)).toEqual([
      { t: 'seek', kind: KIND },
      { t: 'unseek', id: 'seek01' },
    ]);
    t.last().receive({ t: 'paired', game: 'game42', seek: 'seek01' });
    expect(t.paired).toEqual([['game42', 'seek01']]);
  });

  it('says a request cannot go out while there is no connection', () => {
    const t = setup();
    expect(t.socket.seek(KIND)).toBe(false);
    expect(t.last().sent).toEqual([]);
  });

  it('reconnects with growing delays and watches again on the new connection', () => {
    const t = setup();
    t.last().open();
    t.last().drop();
    expect(t.statuses.at(-1)).toBe('reconnecting');
    expect(t.sockets).toHaveLength(1);
    t.timers.advance(backoff(0));
    expect(t.sockets).toHaveLength(2);
    // The second attempt fails too: the next delay is longer.
    t.last().drop();
    t.timers.advance(backoff(1) - 1);
    expect(t.sockets).toHaveLength(2);
    t.timers.advance(1);
    expect(t.sockets).toHaveLength(3);
    t.last().open();
    // Requests are not sent again: the server cancelled them when the socket closed.
    expect(t.last().sent).toEqual([{ t: 'lobby', watch: true }]);
  });

  it('drops a connection that stays silent for a whole ping period', () => {
    const t = setup();
    t.last().open();
    t.timers.advance(20_000);
    expect(t.last().sent.at(-1)).toEqual({ t: 'ping' });
    t.timers.advance(20_000);
    expect(t.statuses.at(-1)).toBe('reconnecting');
  });

  it('reports a frame the contract does not describe and changes nothing', () => {
    const t = setup();
    t.last().open();
    t.last().receive({ t: 'lobby', lobby: { games: [], pools: [] } });
    t.last().receiveRaw('not json');
    expect(t.errors).toEqual([ERR_SCHEMA, ERR_SCHEMA]);
    expect(t.lobbies).toEqual([]);
  });

  it('passes the server’s refusals on by their code', () => {
    const t = setup();
    t.last().open();
    t.last().receive({ t: 'error', code: 'ERR_PAIRING_DUPLICATE', message: 'you wait for this kind already' });
    expect(t.errors).toEqual(['ERR_PAIRING_DUPLICATE']);
  });

  it('stops for good on another protocol version', () => {
    const t = setup();
    t.last().open();
    t.last().receive({ t: 'error', code: 'ERR_VERSION', message: 'speak version 4' });
    expect(t.statuses.at(-1)).toBe('closed');
    t.timers.advance(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('stops watching when closed, and does not reconnect', () => {
    const t = setup();
    t.last().open();
    t.socket.close();
    expect(t.last().sent.at(-1)).toEqual({ t: 'lobby', watch: false });
    expect(t.last().closed).toBe(true);
    expect(t.timers.pending).toBe(0);
    t.socket.wake();
    expect(t.sockets).toHaveLength(1);
  });

  it('wakes at once instead of waiting out the delay', () => {
    const t = setup();
    t.last().open();
    t.last().drop();
    t.socket.wake();
    expect(t.sockets).toHaveLength(2);
    expect(t.timers.pending).toBe(0);
  });
});
