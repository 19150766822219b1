import type { ServerMessage } from '@zar/protocol';
import type { Bus, Envelope, Liveness } from '../cluster/index.js';
import type { Log } from '../common/log.js';
import { People } from './online.js';
import type { SessionSockets } from './session-sockets.js';

/** The broadcast channel of who is online and of sessions ended. */
const CHANNEL = 'people';
/** "N userId": a user's sockets on the sending instance are now N. */
const COUNT = 'people.count';
/**
 * Every count of the sender, as JSON [[userId, N], …], in place of what the receiver knew of
 * it: sent to an instance that comes up, and to every instance now and then, since a count
 * broadcast while Redis was away is lost (pub/sub keeps nothing).
 */
const ALL = 'people.all';
/** "userId\n{frame}": a message for the user's sockets on the receiving instance. */
const SEND = 'people.send';
/** A session id whose sockets end on every instance (logout, a new session in its place). */
const SESSION_ENDED = 'session.ended';
/** A user id whose sessions' sockets end on every instance ("sign out everywhere"). */
const USER_ENDED = 'user.ended';
/** How often every count is sent again to every other instance. */
export const RECOUNT_MS = 30_000;

export interface SharedPeopleDeps {
  readonly bus: Bus;
  readonly liveness: Liveness;
  readonly log: Log;
}

/**
 * Who is online across the instances. Each instance keeps its own sockets (People) and tells
 * the others each user's count there whenever it changes (a socket opening or closing, which is
 * rare beside frames), so that `online` answers the same sum from every instance without a
 * round trip, and `send` reaches the user's sockets wherever they are with one message per
 * instance that has some. A user leaves when his last socket anywhere closes. An instance that
 * comes up is sent every count; one that dies takes its counts with it.
 */
export class SharedPeople extends People {
  /** Each user's sockets on the other instances: instance → count. */
  private readonly elsewhere = new Map<string, Map<string, number>>();
  private readonly stops: (() => void)[] = [];
  private readonly recount: NodeJS.Timeout;

  constructor(private readonly deps: SharedPeopleDeps) {
    super();
    const { bus, liveness } = deps;
    this.stops.push(
      bus.listen(CHANNEL, (envelope) => {
        if (envelope.from !== bus.instance && envelope.type === COUNT) this.heardCount(envelope);
      }),
      bus.on(ALL, (envelope) => this.heardAll(envelope)),
      bus.on(SEND, (envelope) => this.heardSend(envelope)),
      liveness.onPeer((instance, up) => {
        if (up) this.tellAll(instance);
        else this.forgetInstance(instance);
      }),
    );
    for (const peer of liveness.peers()) this.tellAll(peer);
    this.recount = setInterval(() => {
      for (const peer of liveness.peers()) this.tellAll(peer, true);
    }, RECOUNT_MS);
    this.recount.unref();
  }

  override online(userId: string): number {
    let n = super.online(userId);
    const there = this.elsewhere.get(userId);
    if (there !== undefined) for (const count of there.values()) n += count;
    return n;
  }

  override send(userId: string, message: ServerMessage): number {
    let n = super.send(userId, message);
    const there = this.elsewhere.get(userId);
    if (there === undefined) return n;
    const body = `${userId}\n${JSON.stringify(message)}`;
    for (const [instance, count] of there) {
      if (this.deps.bus.send(instance, 'tell', SEND, 0, body).ok) n += count;
    }
    return n;
  }

  close(): void {
    clearInterval(this.recount);
    for (const stop of this.stops) stop();
    this.stops.length = 0;
  }

  protected override counted(userId: string, count: number): void {
    this.deps.bus.broadcast(CHANNEL, COUNT, `${count} ${userId}`);
    if (count === 0 && this.online(userId) === 0) this.left(userId);
  }

  private heardCount(envelope: Envelope): void {
    const space = envelope.body.indexOf(' ');
    const count = Number(envelope.body.slice(0, space));
    if (space < 0 || !Number.isSafeInteger(count) || count < 0) return;
    this.setCount(envelope.body.slice(space + 1), envelope.from, count);
  }

  private heardAll(envelope: Envelope): void {
    const counts = new Map(JSON.parse(envelope.body) as [string, number][]);
    for (const [userId, there] of [...this.elsewhere]) {
      if (there.has(envelope.from) && !counts.has(userId)) this.setCount(userId, envelope.from, 0);
    }
    for (const [userId, count] of counts) this.setCount(userId, envelope.from, count);
  }

  private heardSend(envelope: Envelope): void {
    const cut = envelope.body.indexOf('\n');
    if (cut < 0) return;
    super.send(envelope.body.slice(0, cut), JSON.parse(envelope.body.slice(cut + 1)) as ServerMessage);
  }

  private setCount(userId: string, instance: string, count: number): void {
    let there = this.elsewhere.get(userId);
    if (count > 0) {
      if (there === undefined) {
        there = new Map();
        this.elsewhere.set(userId, there);
      }
      there.set(instance, count);
      return;
    }
    if (there === undefined || !there.delete(instance)) return;
    if (there.size === 0) this.elsewhere.delete(userId);
    if (this.online(userId) === 0) this.left(userId);
  }

  /** Every count here to `instance`; none at all only when `empty` (a recount: it may hold counts of ours that are gone). */
  private tellAll(instance: string, empty = false): void {
    const counts = this.counts();
    if (counts.length > 0 || empty) this.deps.bus.send(instance, 'tell', ALL, 0, JSON.stringify(counts));
  }

  private forgetInstance(instance: string): void {
    for (const [userId, there] of [...this.elsewhere]) if (there.has(instance)) this.setCount(userId, instance, 0);
  }
}

/**
 * A session's end reaches its sockets on every instance: the instance that ends it ends its
 * own sockets at once and tells the others, which end theirs. Answers what Auth calls at each end.
 */
export function shareSessionEnds(bus: Bus, sockets: SessionSockets): SessionEnds {
  const stop = bus.listen(CHANNEL, (envelope) => {
    if (envelope.from === bus.instance) return;
    if (envelope.type === SESSION_ENDED) sockets.endSession(envelope.body);
    else if (envelope.type === USER_ENDED) sockets.endUser(envelope.body);
  });
  return {
    sessionEnded: (sessionId) => void bus.broadcast(CHANNEL, SESSION_ENDED, sessionId),
    userEnded: (userId) => void bus.broadcast(CHANNEL, USER_ENDED, userId),
    close: stop,
  };
}

/** Told of each session Auth ends, and of each user signed out everywhere, after his sockets here are ended. */
export interface SessionEnds {
  sessionEnded(sessionId: string): void;
  userEnded(userId: string): void;
  close(): void;
}

/**
 * Who is online, and where a session's end goes: across the instances when there are others
 * (`shared`), in this process alone otherwise, exactly as before.
 */
export function peopleFor(
  cluster: { readonly shared: boolean; readonly bus: Bus; readonly liveness: Liveness },
  sessions: SessionSockets,
  tell: (ends: SessionEnds) => void,
  log: Log,
): { readonly people: People; close(): void } {
  if (!cluster.shared) return { people: new People(), close: () => {} };
  const people = new SharedPeople({ bus: cluster.bus, liveness: cluster.liveness, log });
  const ends = shareSessionEnds(cluster.bus, sessions);
  tell(ends);
  return {
    people,
    close: () => {
      people.close();
      ends.close();
    },
  };
}
