import { CLOSE_RECONNECT_NOW } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { backoff, GameSocket } from '../src/socket.js';
import { ManualTimers as Clock, connectInto, type FakeSocket } from './support/fake-socket.js';

/* A server that lets a game go (it shuts down, or another instance took the game) closes with 1012: the page is back at once. */

function setup() {
  const sockets: FakeSocket[] = [];
  const clock = new Clock();
  new GameSocket(
    'ws://x/ws',
    'game01',
    { onView: () => {}, onError: () => {}, onStatus: () => {} },
    { connect: connectInto(sockets), timers: clock, pingEvery: 60_000 },
  );
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { sockets, last, clock };
}

describe('a live socket closed with 1012', () => {
  it('reconnects at once and joins again, even after failed attempts had grown the wait', () => {
    const { sockets, last, clock } = setup();
    last().open();
    // Two ordinary drops: the next wait would be backoff(2).
    last().drop();
    clock.advance(backoff(0));
    last().drop();
    clock.advance(backoff(1));
    expect(sockets).toHaveLength(3);
    last().open();
    last().onclose?.({ code: CLOSE_RECONNECT_NOW });
    clock.advance(0);
    expect(sockets).toHaveLength(4);
    last().open();
    expect(last().sent).toEqual([{ t: 'join', game: 'game01' }]);
    // Any other close still waits.
    last().onclose?.({ code: 1006 });
    clock.advance(0);
    expect(sockets).toHaveLength(4);
    clock.advance(backoff(1));
    expect(sockets).toHaveLength(5);
  });
});
