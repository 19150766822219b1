import type { GameAction } from '@zar/match';
import type { GameView } from '@zar/protocol';
import { strangers } from './company/spectators.js';
import { RoomFrames } from './frames.js';
import { PRESENCE_EVERY_MS, PresenceRelay } from './presence.js';
import type { GameProxy } from './proxy.js';
import type { Subscriber } from './room-result.js';

/** The fresh copy of a broken room, to which its watchers are handed over (Room). */
export interface Successor {
  subscribe(sub: Subscriber): unknown;
  unsubscribe(sub: Subscriber): void;
}

/**
 * Those watching a room and the frames they are sent (lila's round socket): the subscribers,
 * their frames written from the room's values (frames.ts), who is connected told at the
 * presence's pace (presence.ts), the spectators sent away, and the hand-over to a fresh copy of
 * a broken room. It decides nothing: the room says what to send, and when.
 */
export class Audience {
  readonly subscribers = new Set<Subscriber>();
  /** The room's frames, written from its values as they are when each is written (frames.ts). */
  private readonly frames: RoomFrames;
  /** Tells everyone of a change in who is connected, at most once a second (presence.ts). */
  private readonly presence = new PresenceRelay<Subscriber>(PRESENCE_EVERY_MS, (except) => this.resend(except));
  /** The fresh copy that took this broken one's watchers over. */
  private successor: Successor | null = null;

  constructor(
    private readonly game: GameProxy,
    deps: { readonly now: () => number },
  ) {
    this.frames = new RoomFrames(() => game.frameSource(deps.now()));
  }

  view(userId: string | null): GameView {
    return this.frames.value(this.frames.key(userId));
  }

  /** A `state` frame for `userId`: the JSON of the unchanged parts of the view is reused. */
  stateFrame(userId: string | null): string {
    return this.frames.state(this.frames.key(userId));
  }

  /**
   * `sub` watches from now on: he is sent the state, and everyone else is told if who is
   * connected changed. A spectator with an account may write in the chat: he is sent the view
   * that says so once known (company/watchers.ts learn).
   */
  add(sub: Subscriber): void {
    this.subscribers.add(sub);
    const moved = this.game.sensed(this.subscribers);
    sub.send(this.stateFrame(sub.userId));
    if (moved) this.presence.changed(sub);
    void this.game.company.watching
      .learn(this.game.row.seats, sub, this.subscribers)
      .then((account) => account && sub.send(this.stateFrame(sub.userId)));
  }

  /** `sub` stops watching, here and at the fresh copy if he was handed over to it. */
  remove(sub: Subscriber): void {
    this.subscribers.delete(sub);
    this.game.company.watching.forget(sub.userId, this.subscribers);
    if (this.game.sensed(this.subscribers)) this.presence.changed();
    this.successor?.unsubscribe(sub);
  }

  /** Everyone watching watches `fresh` from now on, starting with its state (a resync). */
  handOver(fresh: Successor): void {
    this.successor = fresh;
    for (const sub of this.subscribers) fresh.subscribe(sub);
    this.subscribers.clear();
  }

  /** The `event` frame of `action`, just applied, to every watcher. */
  event(action: GameAction): void {
    this.frames.event(this.subscribers, action);
  }

  /** A fresh state to every watcher (but `except`; only `user`'s, if given), after something beside the match changed: one frame per seat, as a presence flip reaches every spectator. */
  resend(except?: Subscriber, user?: string | null): void {
    this.frames.resend(this.subscribers, (sub) => sub !== except && (user === undefined || sub.userId === user));
  }

  /** `frame` to every watcher as it is (a notice, not a state). */
  send(frame: string): void {
    for (const sub of this.subscribers) sub.send(frame);
  }

  /** Sends away everyone watching without a seat (spectators forbidden); each is told why (Subscriber.kick). */
  sendAway(): void {
    for (const sub of strangers(this.game.row.seats, this.subscribers)) {
      this.subscribers.delete(sub);
      sub.kick?.();
    }
  }

  /** Everyone watching is told to look for the game again (Subscriber.moved): another instance owns it now. */
  movedAway(): void {
    const watchers = [...this.subscribers];
    this.subscribers.clear();
    for (const sub of watchers) sub.moved?.();
  }

  /** No more presence frames (the room closes, or a fresh copy took over). */
  quiet(): void {
    this.presence.clear();
  }
}
