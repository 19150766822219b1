import type { SocketLike } from '../../src/socket.js';

/** A socket the test opens, feeds and closes by hand; what the page sent is kept parsed. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  receiveRaw(data: string) {
    this.onmessage?.({ data });
  }
}

/** Timers run only when the test says so, in the order they are due. */
export class ManualTimers {
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private now = 0;
  private next = 0;
  set = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.queue.push({ at: this.now + ms, fn, id });
    return id;
  };
  clear = (id: unknown) => {
    this.queue = this.queue.filter((t) => t.id !== id);
  };
  get pending(): number {
    return this.queue.length;
  }
  advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      this.queue.sort((a, b) => a.at - b.at);
      const t = this.queue[0];
      if (!t || t.at > until) break;
      this.queue.shift();
      this.now = t.at;
      t.fn();
    }
    this.now = until;
  }
}

/** The `connect` option of a socket under test: each connection a new FakeSocket, kept in `sockets`, the latest last. */
export function connectInto(sockets: FakeSocket[]): () => FakeSocket {
  return () => {
    const s = new FakeSocket();
    sockets.push(s);
    return s;
  };
}
