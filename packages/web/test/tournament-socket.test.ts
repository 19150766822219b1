import type { TournamentView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { GameSocket, type SocketStatus } from '../src/socket.js';
import { newMatchOf, onRoundNews, type RoundNews } from '../src/tournaments/round-news.js';
import { TournamentSocket } from '../src/tournaments/tournament-socket.js';
import { connectInto, type FakeSocket, ManualTimers } from './support/fake-socket.js';
import { knockoutView } from './support/tournaments.js';

function setup(id = 'cup0001') {
  const sockets: FakeSocket[] = [];
  const timers = new ManualTimers();
  const views: TournamentView[] = [];
  const rounds: string[] = [];
  const errors: string[] = [];
  const statuses: SocketStatus[] = [];
  const socket = new TournamentSocket(
    'ws://zar.test/ws',
    id,
    {
      onTournament: (v) => views.push(v),
      onRound: (game) => rounds.push(game),
      onError: (code) => errors.push(code),
      onStatus: (s) => statuses.push(s),
    },
    {
      connect: connectInto(sockets),
      timers,
    },
  );
  const last = () => sockets.at(-1) as FakeSocket;
  return { socket, sockets, last, timers, views, rounds, errors, statuses };
}

describe('the tournament socket', () => {
  it('watches its tournament once open and reports each view of it', () => {
    const t = setup();
    t.last().open();
    expect(t.last().sent).toEqual([{ t: 'tournament', id: 'cup0001', watch: true }]);
    const view = knockoutView({ status: 'running' });
    t.last().receive({ t: 'tournament', tournament: view });
    expect(t.views).toEqual([view]);
  });

  it('ignores another tournament’s view and round', () => {
    const t = setup();
    t.last().open();
    t.last().receive({ t: 'tournament', tournament: knockoutView({ id: 'other01' }) });
    t.last().receive({ t: 'round', tournament: 'other01', game: 'game001' });
    expect(t.views).toEqual([]);
    expect(t.rounds).toEqual([]);
  });

  it('reports the viewer’s match of a round of this tournament', () => {
    const t = setup();
    t.last().open();
    t.last().receive({ t: 'round', tournament: 'cup0001', game: 'game042' });
    expect(t.rounds).toEqual(['game042']);
  });

  it('reports a view the contract does not describe as an error and shows nothing', () => {
    const t = setup();
    t.last().open();
    t.last().receive({ t: 'tournament', tournament: { ...knockoutView(), status: 'paused' } });
    expect(t.errors).toEqual(['ERR_SCHEMA']);
    expect(t.views).toEqual([]);
  });

  it('watches again after a reconnect', () => {
    const t = setup();
    t.last().open();
    t.last().drop();
    expect(t.statuses.at(-1)).toBe('reconnecting');
    t.timers.advance(10_000);
    expect(t.sockets).toHaveLength(2);
    t.last().open();
    expect(t.last().sent).toEqual([{ t: 'tournament', id: 'cup0001', watch: true }]);
  });

  it('stops watching when closed and does not reconnect', () => {
    const t = setup();
    t.last().open();
    t.socket.close();
    expect(t.last().sent.at(-1)).toEqual({ t: 'tournament', id: 'cup0001', watch: false });
    t.timers.advance(60_000);
    expect(t.sockets).toHaveLength(1);
  });
});

describe('the game socket and the next tournament match', () => {
  it('passes a round frame on to the table’s tournament line, and stops when it stops listening', () => {
    const sockets: FakeSocket[] = [];
    const socket = new GameSocket(
      'ws://zar.test/ws',
      'game001',
      { onView: () => {}, onError: () => {}, onStatus: () => {} },
      {
        connect: connectInto(sockets),
        timers: new ManualTimers(),
      },
    );
    const heard: RoundNews[] = [];
    const stop = onRoundNews((n) => heard.push(n));
    const ws = sockets[0] as FakeSocket;
    ws.open();
    ws.receive({ t: 'round', tournament: 'cup0001', game: 'game002' });
    expect(heard).toEqual([{ tournament: 'cup0001', game: 'game002' }]);
    stop();
    ws.receive({ t: 'round', tournament: 'cup0001', game: 'game003' });
    expect(heard).toHaveLength(1);
    socket.close();
  });
});

describe('following the viewer to his match from the tournament page', () => {
  it('opens a match that starts while he watches, never one already under way when he came', () => {
    expect(newMatchOf(undefined, 'game001')).toBeNull();
    expect(newMatchOf(null, 'game001')).toBe('game001');
    expect(newMatchOf('game001', 'game001')).toBeNull();
    expect(newMatchOf('game001', 'game002')).toBe('game002');
    expect(newMatchOf('game001', null)).toBeNull();
  });
});
