import type { ChatMessage, LiveGame, LiveGames } from '@zar/protocol';
import { parseClientMessage } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { setupRequest } from '../src/home/setup-request.js';
import { matchRoute, pathOf } from '../src/router.js';
import { GameSocket, type SocketStatus } from '../src/socket.js';
import { LiveListSocket } from '../src/watch/live-list-socket.js';
import { anyClockRuns, liveClocks, runningSeat } from '../src/watch/live-row.js';
import { connectInto, type FakeSocket, ManualTimers } from './support/fake-socket.js';

const chatMessage: ChatMessage = {
  id: 'msg001',
  at: 5,
  channel: 'players',
  from: 'ana',
  seat: 0,
  text: null,
  phrase: 'good-luck',
};

describe('the game socket’s chat and spectators', () => {
  function setup() {
    const sockets: FakeSocket[] = [];
    const chats: [boolean, readonly ChatMessage[]][] = [];
    const socket = new GameSocket(
      'ws://x/ws',
      'game01',
      {
        onView: () => undefined,
        onError: () => undefined,
        onStatus: () => undefined,
        onChat: (whole, messages) => chats.push([whole, messages]),
      },
      { connect: connectInto(sockets), timers: new ManualTimers() },
    );
    return { socket, last: () => sockets.at(-1) as FakeSocket, chats };
  }

  it('sends a text, a phrase, a report and the spectators’ choice, each a message the server reads', () => {
    const t = setup();
    expect(t.socket.chat('hello')).toBe(false);
    t.last().open();
    expect(t.socket.chat('hello')).toBe(true);
    expect(t.socket.phrase('nice-roll')).toBe(true);
    expect(t.socket.report('msg001', 'spam')).toBe(true);
    expect(t.socket.spectators(false)).toBe(true);
    const sent = t.last().sent.slice(1);
    expect(sent).toEqual([
      { t: 'chat', game: 'game01', text: 'hello' },
      { t: 'phrase', game: 'game01', phrase: 'nice-roll' },
      { t: 'report', game: 'game01', message: 'msg001', reason: 'spam' },
      { t: 'spectators', game: 'game01', allow: false },
    ]);
    for (const m of sent) expect(parseClientMessage(JSON.stringify(m)).ok).toBe(true);
  });

  it('hands its own game’s chat frames to the page, and no other game’s', () => {
    const t = setup();
    t.last().open();
    t.last().receive({ t: 'chat', game: 'game01', whole: true, messages: [chatMessage] });
    t.last().receive({ t: 'chat', game: 'other1', whole: false, messages: [chatMessage] });
    t.last().receive({ t: 'chat', game: 'game01', whole: false, messages: [] });
    expect(t.chats).toEqual([
      [true, [chatMessage]],
      [false, []],
    ]);
  });
});

const KIND = { game: 'backgammon' } as const;
const liveGame = (over: Partial<LiveGame> = {}): LiveGame => ({
  id: 'game01',
  settings: {
    cycle: [{ game: KIND.game, options: {} }],
    length: 5,
  } as unknown as LiveGame['settings'],
  players: [
    { name: 'ana', kind: 'human', rating: 1650 },
    { name: 'bob', kind: 'human', rating: null },
  ],
  score: [1, 2],
  rated: true,
  clock: { delayMs: 8000, perPointMs: 60_000, reserve: [120_000, 90_000], delay: 8000, actor: 0, running: true },
  spectators: 3,
  tournament: null,
  updatedAt: 0,
  ...over,
});

describe('the live list', () => {
  it('watches on every connection, passes the list on, and stops watching when closed', () => {
    const sockets: FakeSocket[] = [];
    const timers = new ManualTimers();
    const lists: LiveGames[] = [];
    const statuses: SocketStatus[] = [];
    const socket = new LiveListSocket(
      'ws://x/ws',
      { onLive: (l) => lists.push(l), onError: () => undefined, onStatus: (s) => statuses.push(s) },
      { connect: connectInto(sockets), timers },
    );
    const last = () => sockets.at(-1) as FakeSocket;
    last().open();
    expect(last().sent).toEqual([{ t: 'live', watch: true }]);
    last().receive({ t: 'live', live: { games: [] } });
    expect(lists).toEqual([{ games: [] }]);
    last().drop();
    timers.advance(10_000);
    last().open();
    expect(last().sent).toEqual([{ t: 'live', watch: true }]);
    socket.close();
    expect(last().sent.at(-1)).toEqual({ t: 'live', watch: false });
    expect(statuses.at(-1)).toBe('closed');
  });

  it('counts down the running clock from the list’s reading: the delay first, then the reserve', () => {
    const g = liveGame();
    expect(liveClocks(g, 0)).toEqual(['2:08', '1:30']);
    expect(liveClocks(g, 8000)).toEqual(['2:00', '1:30']);
    expect(liveClocks(g, 60_000)).toEqual(['1:08', '1:30']);
    expect(liveClocks(g, 1_000_000)).toEqual(['0:00', '1:30']);
    expect(runningSeat(g)).toBe(0);
    expect(anyClockRuns([g])).toBe(true);
    const untimed = liveGame({ clock: null });
    expect(liveClocks(untimed, 5000)).toBe(null);
    expect(runningSeat(untimed)).toBe(null);
    expect(anyClockRuns([untimed])).toBe(false);
  });

  it('is at /watch', () => {
    expect(matchRoute('/watch')).toEqual({ page: 'watch' });
    expect(pathOf({ page: 'watch' })).toBe('/watch');
  });
});

describe('allowing spectators from the setup form', () => {
  const base = {
    cycle: null,
    preset: 'backgammon' as const,
    length: 5,
    opponent: 'friend' as const,
    level: 'club' as const,
    clock: 'untimed' as const,
    custom: { delaySeconds: '8', perPointMinutes: '1' },
    rated: false,
    guest: false,
  };

  it('says so only for a casual match between people that forbids them', () => {
    const forbid = setupRequest({ ...base, spectators: false });
    expect(forbid.ok && forbid.value.spectators).toBe(false);
    for (const c of [
      { ...base },
      { ...base, spectators: true },
      { ...base, rated: true, spectators: false },
      { ...base, opponent: 'bot' as const, spectators: false },
    ]) {
      const r = setupRequest(c);
      expect(r.ok && 'spectators' in r.value).toBe(false);
    }
  });
});
