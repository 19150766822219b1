import type { ClientAction, ReportReason } from '@zar/protocol';
import type { ChatReader, ChatWords } from '../chat/chat-service.js';
import type { Cluster } from '../cluster/index.js';
import type { Answer } from '../cluster/rpc.js';
import type { Log } from '../common/log.js';
import { type HandleResult, lookOf, type RoomHandle, type RoomHandles, type RoomLocator } from './handle.js';
import type { Room } from './room.js';
import type { Subscriber } from './room-result.js';

/*
 * The owner's side of games played through other instances. A socket on another instance that
 * watches a game owned here is a RemoteSubscriber in the room's audience like any socket, so
 * presence, spectator counts, kicks and the chat's readers count it; the frames it is sent,
 * already written per viewer by frames.ts, go back over the bus in one envelope per instance
 * and turn, each numbered, and the relay (remote-room.ts) resyncs on a gap. Commands come as
 * questions (rpc) and are answered with the room's own Result.
 */

/** Tells from the owner to a relay: the frames of its watches (and kicks), in order. */
export const FRAMES = 'game.frames';
/** Tell from a relay: one watch ends (its id). */
export const UNWATCH = 'game.unwatch';
/** Questions to the owner. */
export const WATCH = 'game.watch';
export const COMMAND = 'game.command';
export const LOOK = 'game.look';
export const STATE = 'game.state';
/** The owner asked no longer holds the game (it was handed over): the asker finds the new one. */
export const NOT_HERE = 'ERR_NOT_HERE';

/** A command forwarded to the owner: its kind and arguments as RoomHandle takes them. */
export type Command =
  | { readonly k: 'act'; readonly a: readonly [ClientAction, number] }
  | { readonly k: 'claim'; readonly a: readonly [number] }
  | { readonly k: 'seed'; readonly a: readonly [string] }
  | { readonly k: 'spectators'; readonly a: readonly [boolean] }
  | { readonly k: 'rematch'; readonly a: readonly [boolean, string] }
  | { readonly k: 'join'; readonly a: readonly [string, 'lobby' | 'invite'] }
  | { readonly k: 'write'; readonly a: readonly [ChatWords] }
  | { readonly k: 'report'; readonly a: readonly [string, ReportReason] };

/** `command` of `userId`'s run on a handle: the owner's answer, and a relay's once the game came to it. */
export function runCommand(h: RoomHandle, userId: string | null, c: Command): Promise<HandleResult<unknown>> {
  switch (c.k) {
    case 'act':
      return h.act(userId, c.a[0], c.a[1]);
    case 'claim':
      return h.claim(userId, c.a[0]);
    case 'seed':
      return h.seed(userId, c.a[0]);
    case 'spectators':
      return h.allowSpectators(userId, c.a[0]);
    case 'rematch':
      return h.rematch(userId, c.a[0], c.a[1]);
    case 'join':
      return userId === null ? Promise.resolve(notAPlayer()) : h.join(userId, c.a[0], c.a[1]);
    case 'write':
      return h.write(userId, c.a[0]) as Promise<HandleResult<unknown>>;
    case 'report':
      return h.report(userId, c.a[0], c.a[1]) as Promise<HandleResult<unknown>>;
  }
}

const notAPlayer = (): HandleResult<never> => ({
  ok: false,
  error: { code: 'ERR_NOT_A_PLAYER', message: 'only a person with a session may sit' },
});

/** An entry's text index that stands for no frame: the watch was kicked, or its room moved away. */
const KICKED = -1;
const MOVED = -2;

/**
 * One envelope of frames for one instance: entries `watch,generation,number,text` (text -1: a
 * kick, -2: the room left this instance), the texts' lengths, then the texts. A text sent to several watches (the same kind of
 * viewer) is carried once.
 */
export function encodeFrames(entries: readonly number[], texts: readonly string[]): string {
  const head: string[] = [];
  for (let i = 0; i < entries.length; i += 4)
    head.push(`${entries[i]},${entries[i + 1]},${entries[i + 2]},${entries[i + 3]}`);
  return `${head.join(' ')}\n${texts.map((t) => t.length).join(' ')}\n${texts.join('')}`;
}

export interface FrameEntry {
  readonly watch: number;
  readonly gen: number;
  readonly seq: number;
  /** The frame; 'kicked' or 'moved' for an end of the watch from the owner's side. */
  readonly text: string | 'kicked' | 'moved';
}

/** The entries of an envelope of frames; null when it is not one. */
export function decodeFrames(body: string): FrameEntry[] | null {
  const a = body.indexOf('\n');
  const b = a < 0 ? -1 : body.indexOf('\n', a + 1);
  if (b < 0) return null;
  const texts: string[] = [];
  let at = b + 1;
  const lengths = body.slice(a + 1, b);
  for (const n of lengths === '' ? [] : lengths.split(' ')) {
    const len = Number(n);
    texts.push(body.slice(at, at + len));
    at += len;
  }
  const out: FrameEntry[] = [];
  for (const entry of body.slice(0, a).split(' ')) {
    const [w, g, s, t] = entry.split(',').map(Number);
    if (w === undefined || g === undefined || s === undefined || t === undefined) return null;
    const text = t === KICKED ? 'kicked' : t === MOVED ? 'moved' : texts[t];
    if (text === undefined) return null;
    out.push({ watch: w, gen: g, seq: s, text });
  }
  return out;
}

/** Frames waiting for the end of the turn, for one instance. */
interface Batch {
  /** Flat: watch, generation, number, text index. */
  readonly entries: number[];
  readonly texts: string[];
}

/** A watcher on another instance, seen by the room as any subscriber. */
export class RemoteSubscriber implements Subscriber {
  /** The number of the last frame sent in this generation. */
  seq = 0;
  /** Ends the watch here (the room's and the chat's). */
  leave: () => void = () => {};

  constructor(
    readonly userId: string | null,
    readonly instance: string,
    readonly watch: number,
    /** Starts again at each resync the relay asks for, with a new number from it. */
    public gen: number,
    private readonly outbox: RemoteAudience,
  ) {}

  send(frame: string): void {
    this.outbox.post(this, frame);
  }

  kick(): void {
    this.outbox.post(this, KICKED);
  }

  /** The room stepped down (another instance owns the game now): the relay looks for it again. */
  moved(): void {
    this.outbox.post(this, MOVED);
  }
}

export interface RemoteAudienceDeps {
  readonly cluster: Pick<Cluster, 'instance' | 'bus' | 'rpc' | 'liveness'>;
  readonly locator: RoomLocator;
  readonly handles: RoomHandles;
  readonly log: Log;
}

/**
 * The watchers on other instances of the games owned here, and the answers to their
 * instances' questions. A dead instance's watchers leave every room at once (its sockets are
 * gone): presence must not say a player is there when a flag falls.
 */
export class RemoteAudience {
  private readonly byInstance = new Map<string, Map<number, RemoteSubscriber>>();
  private readonly batches = new Map<string, Batch>();
  private flushing = false;
  /** This instance is handing its games over (a clean shutdown): whoever asks looks for the game's next owner. */
  private leaving = false;
  private readonly stops: (() => void)[];

  constructor(private readonly deps: RemoteAudienceDeps) {
    const { rpc, bus, liveness } = deps.cluster;
    this.stops = [
      rpc.serve(WATCH, (body, from) => this.watch(body, from)),
      rpc.serve(COMMAND, (body) => this.command(body)),
      rpc.serve(LOOK, (body) => this.look(body)),
      rpc.serve(STATE, (body) => this.state(body)),
      bus.on(UNWATCH, (e) => this.unwatch(e.from, Number(e.body))),
      liveness.onPeer((instance, up) => {
        if (!up) this.dropInstance(instance);
      }),
    ];
  }

  /** Watchers on other instances now (tests). */
  get size(): number {
    let n = 0;
    for (const subs of this.byInstance.values()) n += subs.size;
    return n;
  }

  /**
   * From now on every question is answered ERR_NOT_HERE, before the rooms stop and free their
   * games (Rooms.handOver): a relay told that its room moved asks again until another instance
   * (or itself) has claimed the game, rather than watch a room that stopped.
   */
  leave(): void {
    this.leaving = true;
  }

  close(): void {
    for (const stop of this.stops) stop();
    for (const instance of [...this.byInstance.keys()]) this.dropInstance(instance);
  }

  /** @internal a subscriber's frame (or the end of its watch), sent at the end of the turn with the others for its instance. */
  post(sub: RemoteSubscriber, frame: string | typeof KICKED | typeof MOVED): void {
    let batch = this.batches.get(sub.instance);
    if (batch === undefined) {
      batch = { entries: [], texts: [] };
      this.batches.set(sub.instance, batch);
    }
    let text: number = frame === KICKED || frame === MOVED ? frame : -1;
    if (typeof frame === 'string') {
      // frames.ts hands every watcher of one kind the very same string.
      text = batch.texts.lastIndexOf(frame);
      if (text < 0) text = batch.texts.push(frame) - 1;
    }
    batch.entries.push(sub.watch, sub.gen, ++sub.seq, text);
    if (typeof frame !== 'string') {
      // Sent away by the room, or the room is gone: its chat stops too, as a local socket's kick does.
      this.forget(sub);
      sub.leave();
    }
    if (!this.flushing) {
      this.flushing = true;
      queueMicrotask(this.flush);
    }
  }

  private readonly flush = (): void => {
    this.flushing = false;
    const { bus } = this.deps.cluster;
    for (const [instance, batch] of this.batches) {
      const sent = bus.send(instance, 'tell', FRAMES, 0, encodeFrames(batch.entries, batch.texts));
      // Lost: the relay sees the gap at the next frame and asks for a fresh state.
      if (!sent.ok)
        this.deps.log.warn({ to: instance, code: sent.error.code }, 'frames for another instance were lost');
    }
    this.batches.clear();
  };

  private async room(game: string): Promise<Room | Answer> {
    if (this.leaving) return refusal(NOT_HERE, 'this instance is handing its games over');
    const at = await this.deps.locator.locate(game);
    if (at === null) return refusal('ERR_NOT_FOUND', 'no such game');
    if (at.at === 'elsewhere') return refusal(NOT_HERE, at.instance);
    return at.room;
  }

  private async watch(body: string, from: string): Promise<Answer> {
    const { g, w, gen, u } = JSON.parse(body) as { g: string; w: number; gen: number; u: string | null };
    const room = await this.room(g);
    if (!('id' in room)) return room;
    let subs = this.byInstance.get(from);
    const known = subs?.get(w);
    if (known !== undefined) {
      // A resync: the numbers start again, with the state.
      known.gen = gen;
      known.seq = 0;
      known.send(room.stateFrame(u));
      return ok('');
    }
    const sub = new RemoteSubscriber(u, from, w, gen, this);
    const reader: ChatReader = { userId: u, send: (m) => sub.send(JSON.stringify(m)) };
    const r = this.deps.handles.local(room).watchNow(sub, reader);
    if (!r.ok) return refusal(r.error.code, r.error.message);
    sub.leave = r.value;
    if (subs === undefined) {
      subs = new Map();
      this.byInstance.set(from, subs);
    }
    subs.set(w, sub);
    return ok('');
  }

  private unwatch(from: string, watch: number): void {
    const sub = this.byInstance.get(from)?.get(watch);
    if (sub === undefined) return;
    this.forget(sub);
    sub.leave();
  }

  private forget(sub: RemoteSubscriber): void {
    const subs = this.byInstance.get(sub.instance);
    if (subs?.get(sub.watch) !== sub) return;
    subs.delete(sub.watch);
    if (subs.size === 0) this.byInstance.delete(sub.instance);
  }

  private dropInstance(instance: string): void {
    const subs = this.byInstance.get(instance);
    this.byInstance.delete(instance);
    this.batches.delete(instance);
    for (const sub of subs?.values() ?? []) sub.leave();
  }

  private async command(body: string): Promise<Answer> {
    const { g, u, c } = JSON.parse(body) as { g: string; u: string | null; c: Command };
    const room = await this.room(g);
    if (!('id' in room)) return room;
    const r = await runCommand(this.deps.handles.local(room), u, c);
    return r.ok ? ok(JSON.stringify(r.value ?? null)) : refusal(r.error.code, r.error.message);
  }

  private async look(body: string): Promise<Answer> {
    const { g, u, m } = JSON.parse(body) as { g: string; u: string | null; m: boolean };
    const room = await this.room(g);
    if (!('id' in room)) return room;
    return ok(JSON.stringify(lookOf(room, u, m)));
  }

  private async state(body: string): Promise<Answer> {
    const { g, u } = JSON.parse(body) as { g: string; u: string | null };
    const room = await this.room(g);
    if (!('id' in room)) return room;
    return ok(room.admits(u) ? room.stateFrame(u) : '');
  }
}

const ok = (value: string): Answer => ({ ok: true, value });
const refusal = (code: string, message: string): Answer => ({ ok: false, error: { code, message } });
