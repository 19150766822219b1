import type { Result } from '@zar/engine';
import type { Player } from '@zar/match';
import type { ClientAction, ErrorCode, ReportReason } from '@zar/protocol';
import type { ChatReader, ChatWords } from '../chat/chat-service.js';
import type { Cluster } from '../cluster/index.js';
import type { Answer } from '../cluster/rpc.js';
import type { Log } from '../common/log.js';
import type {
  HandleErrorCode,
  HandleResult,
  LocalRoom,
  RemoteHandles,
  RoomHandle,
  RoomHandles,
  RoomLocator,
  RoomLook,
} from './handle.js';
import {
  COMMAND,
  type Command,
  decodeFrames,
  FRAMES,
  LOOK,
  NOT_HERE,
  runCommand,
  STATE,
  UNWATCH,
  WATCH,
} from './remote-subscribers.js';
import type { Subscriber } from './room-result.js';

/*
 * The relay's side of games owned by another instance (the owner's is remote-subscribers.ts).
 * Each command is a question to the owner, answered with the room's Result. Each socket's watch
 * is a subscriber at the owner, whose frames come back numbered and are passed on in that
 * order; a gap (pub/sub drops what it cannot deliver) asks the owner for a fresh state, the
 * resync a reconnecting page gets. When the owner dies or hands the game over, the commands in
 * flight and the watches follow the game to its new owner (lila buffers moves while a node
 * restarts); a game no one takes in time closes its sockets with 1012, and the pages reconnect.
 */

/** How long a command or a watch waits for the game to have an owner that answers (a takeover takes ≤ 5 s). */
export const MOVE_WAIT_MS = 6000;
/** Between two looks for the game's new owner. */
const RELOCATE_EVERY_MS = 200;
/** One question's wait, shorter than MOVE_WAIT_MS so that a dead owner's leaves time to ask the next. */
const ASK_MS = 2000;

/** Answers that say the owner could not be asked, or no longer holds the game: ask whoever holds it now. */
const moved = (code: string): boolean =>
  code === NOT_HERE ||
  code === 'ERR_ASK_TIMEOUT' ||
  code === 'ERR_ASK_GONE' ||
  code === 'ERR_ASK_UNKNOWN' ||
  code === 'ERR_BUS_DOWN';

const WATCHING: HandleResult<void> = { ok: true, value: undefined };

const UNREACHABLE: HandleResult<never> = {
  ok: false,
  error: { code: 'ERR_OWNER_UNREACHABLE', message: 'the server holding this game does not answer; try again' },
};

/**
 * The owner's refusal as the player is told it: a room's code as it is; the bus's and the
 * questions' own (no room's, and not in the protocol) as the owner out of reach, or, for an
 * answer that failed or could not be carried, as an internal failure.
 */
function refusalOf(code: string, message: string): HandleResult<never> {
  if (code === 'ERR_ASK_FAILED' || code === 'ERR_ENVELOPE_TOO_LARGE') {
    return { ok: false, error: { code: 'ERR_INTERNAL', message: 'the server holding this game failed to answer' } };
  }
  if (code.startsWith('ERR_ASK_') || code.startsWith('ERR_BUS_')) return UNREACHABLE;
  return { ok: false, error: { code: code as HandleErrorCode, message } };
}

export interface RemoteRoomsDeps {
  readonly cluster: Pick<Cluster, 'instance' | 'bus' | 'rpc' | 'liveness'>;
  readonly locator: RoomLocator;
  readonly handles: RoomHandles;
  readonly log: Log;
  /** Tests shorten the wait for a new owner. */
  readonly moveWaitMs?: number;
  readonly now?: () => number;
}

/** One socket's watch of a game owned elsewhere (or, after a takeover, here). */
interface RelayWatch {
  readonly id: number;
  readonly game: RemoteRoom;
  readonly sub: Subscriber;
  readonly reader: ChatReader;
  readonly lost: () => void;
  gen: number;
  seq: number;
  /** Set once the game came to this instance: the local room's watch. */
  leaveHere: (() => void) | null;
  ended: boolean;
}

/** The handles of games owned elsewhere, and the frames relayed to this instance's sockets. */
export class RemoteRooms implements RemoteHandles {
  /** Games with watches here, by id. */
  private readonly games = new Map<string, RemoteRoom>();
  private readonly watches = new Map<number, RelayWatch>();
  private nextWatch = 0;
  private nextGen = 0;
  private readonly stops: (() => void)[];
  /** Frames out of order or lost, each answered by a resync (tests). */
  gaps = 0;

  constructor(readonly deps: RemoteRoomsDeps) {
    const { bus, liveness } = deps.cluster;
    this.stops = [
      bus.on(FRAMES, (e) => this.frames(e.body, e.from)),
      liveness.onPeer((instance, up) => {
        if (up) return;
        for (const game of [...this.games.values()]) if (game.owner === instance) void game.follow();
      }),
    ];
  }

  get moveWaitMs(): number {
    return this.deps.moveWaitMs ?? MOVE_WAIT_MS;
  }

  handle(id: string, owner: string): RemoteRoom {
    const game = this.games.get(id);
    if (game === undefined) return new RemoteRoom(id, owner, this);
    // The store names another owner than the watches' (handed over): they follow.
    if (game.owner !== owner) void game.follow();
    return game;
  }

  watched(id: string): RemoteRoom | undefined {
    return this.games.get(id);
  }

  arrived(room: LocalRoom): void {
    const game = this.games.get(room.id);
    if (game === undefined) return;
    this.games.delete(room.id);
    game.cameHere(room);
  }

  close(): void {
    for (const stop of this.stops) stop();
  }

  /**
   * @internal the one RemoteRoom of a game with watches here (`game` when it is the first), so
   * that every watch of it follows the game together (two sockets joining at once each got a handle).
   */
  home(game: RemoteRoom): RemoteRoom {
    const known = this.games.get(game.id);
    if (known !== undefined) return known;
    this.games.set(game.id, game);
    return game;
  }

  /** @internal a new watch of `game`, numbered here. */
  watchOf(game: RemoteRoom, sub: Subscriber, reader: ChatReader, lost: () => void): RelayWatch {
    const w: RelayWatch = {
      id: ++this.nextWatch,
      game,
      sub,
      reader,
      lost,
      gen: ++this.nextGen,
      seq: 0,
      leaveHere: null,
      ended: false,
    };
    this.watches.set(w.id, w);
    return w;
  }

  /** @internal the watch ends here (the socket left, the owner refused it, or it was lost). */
  end(w: RelayWatch): void {
    w.ended = true;
    this.watches.delete(w.id);
    w.game.watches.delete(w);
    if (w.game.watches.size === 0 && this.games.get(w.game.id) === w.game) this.games.delete(w.game.id);
  }

  /** @internal a resync's new generation. */
  gen(): number {
    return ++this.nextGen;
  }

  private frames(body: string, from: string): void {
    const entries = decodeFrames(body);
    if (entries === null) return;
    let told: Set<number> | null = null;
    for (const { watch, gen, seq, text } of entries) {
      const w = this.watches.get(watch);
      if (w === undefined) {
        // A watch that ended here, whose end the owner did not hear (pub/sub may drop a tell):
        // said again, or the owner would count a socket gone as present.
        if (text === 'kicked' || text === 'moved' || told?.has(watch)) continue;
        told ??= new Set();
        told.add(watch);
        this.deps.cluster.bus.send(from, 'tell', UNWATCH, 0, String(watch));
        continue;
      }
      if (w.gen !== gen || seq <= w.seq) continue;
      if (seq !== w.seq + 1) {
        this.gaps++;
        void w.game.resync(w);
        continue;
      }
      w.seq = seq;
      if (text === 'moved') void w.game.resync(w);
      else if (text !== 'kicked') w.sub.send(text);
      else {
        this.end(w);
        w.sub.kick?.();
      }
    }
  }
}

/** A game owned by another instance, as a RoomHandle. */
export class RemoteRoom implements RoomHandle {
  readonly watches = new Set<RelayWatch>();
  /** The search for a new owner in progress, shared by whoever needs it. */
  private following: Promise<LocalRoom | null> | null = null;

  constructor(
    readonly id: string,
    public owner: string,
    private readonly rooms: RemoteRooms,
  ) {}

  act(userId: string | null, action: ClientAction, version: number): Promise<HandleResult<number>> {
    return this.command(userId, { k: 'act', a: [action, version] });
  }

  claim(userId: string | null, version: number): Promise<HandleResult<number>> {
    return this.command(userId, { k: 'claim', a: [version] });
  }

  seed(userId: string | null, seed: string): Promise<HandleResult<void>> {
    return this.command(userId, { k: 'seed', a: [seed] });
  }

  allowSpectators(userId: string | null, allow: boolean): Promise<HandleResult<void>> {
    return this.command(userId, { k: 'spectators', a: [allow] });
  }

  rematch(userId: string | null, offer: boolean, address: string): Promise<HandleResult<string | null>> {
    return this.command(userId, { k: 'rematch', a: [offer, address] });
  }

  join(userId: string, name: string, via: 'lobby' | 'invite'): Promise<HandleResult<Player>> {
    return this.command(userId, { k: 'join', a: [name, via] });
  }

  write(userId: string | null, words: ChatWords): Promise<Result<void, ErrorCode>> {
    return this.command(userId, { k: 'write', a: [words] });
  }

  report(userId: string | null, messageId: string, reason: ReportReason): Promise<Result<void, ErrorCode>> {
    return this.command(userId, { k: 'report', a: [messageId, reason] });
  }

  look(userId: string | null, match = false): Promise<HandleResult<RoomLook>> {
    return this.reach(
      LOOK,
      JSON.stringify({ g: this.id, u: userId, m: match }),
      (here) => here.look(userId, match),
      (text) => JSON.parse(text) as RoomLook,
    );
  }

  async stateFor(userId: string | null): Promise<string | null> {
    const r = await this.reach(
      STATE,
      JSON.stringify({ g: this.id, u: userId }),
      async (here) => ({ ok: true, value: (await here.stateFor(userId)) ?? '' }),
      (text) => text,
    );
    return r.ok && r.value !== '' ? r.value : null;
  }

  async watch(sub: Subscriber, reader: ChatReader, lost: () => void): Promise<HandleResult<() => void>> {
    const home = this.rooms.home(this);
    if (home !== this) return home.watch(sub, reader, lost);
    const w = this.rooms.watchOf(this, sub, reader, lost);
    this.watches.add(w);
    const r = await this.watchAt(w);
    if (!r.ok) {
      this.rooms.end(w);
      return r;
    }
    return { ok: true, value: () => this.unwatch(w) };
  }

  /** A gap in `w`'s frames, or its room gone from the owner: a fresh state from whoever owns the game, numbered anew. */
  async resync(w: RelayWatch): Promise<void> {
    if (w.ended || w.leaveHere !== null) return;
    const r = await this.watchAt(w);
    if (!r.ok && !w.ended) this.lose(w);
  }

  /**
   * The owner died or handed the game over: finds who holds it now and moves every watch there
   * (each starts again with a state). Answers the local room when the game came here.
   */
  follow(): Promise<LocalRoom | null> {
    this.following ??= this.findOwner().finally(() => {
      this.following = null;
    });
    return this.following;
  }

  private async findOwner(): Promise<LocalRoom | null> {
    const { deps } = this.rooms;
    const now = deps.now ?? Date.now;
    const gone = this.owner;
    const until = now() + this.rooms.moveWaitMs;
    for (;;) {
      const at = await deps.locator.locate(this.id);
      if (at === null) break;
      if (at.at === 'here') {
        const here = deps.handles.local(at.room);
        this.cameHere(here);
        return here;
      }
      const alive = deps.cluster.liveness.peers().has(at.instance);
      // Still the owner, and alive: a question was lost, not the owner; it is asked again.
      if (at.instance === gone && alive) return null;
      if (at.instance !== gone && (alive || now() >= until)) {
        this.owner = at.instance;
        for (const w of [...this.watches]) void this.resync(w);
        return null;
      }
      if (now() >= until) break;
      await new Promise((resolve) => setTimeout(resolve, RELOCATE_EVERY_MS));
    }
    for (const w of [...this.watches]) this.lose(w);
    return null;
  }

  /** @internal the game was taken over by this instance: each watch relayed so far watches the room here. */
  cameHere(here: LocalRoom): void {
    for (const w of [...this.watches]) if (w.leaveHere === null) this.watchHere(w, here);
  }

  private watchHere(w: RelayWatch, here: LocalRoom): void {
    // Frames still on their way from the old owner are not passed on.
    w.gen = -1;
    const r = here.watchNow(w.sub, w.reader);
    if (r.ok) w.leaveHere = r.value;
    else this.lose(w);
  }

  private lose(w: RelayWatch): void {
    this.rooms.end(w);
    w.lost();
  }

  private watchAt(w: RelayWatch): Promise<HandleResult<void>> {
    const gen = this.rooms.gen();
    w.gen = gen;
    w.seq = 0;
    return this.reach(
      WATCH,
      JSON.stringify({ g: this.id, w: w.id, gen, u: w.sub.userId }),
      async (here) => {
        this.watchHere(w, here);
        return { ok: true, value: undefined };
      },
      () => undefined,
      // Once the game moved, the move resynced every watch (a newer generation) or watches it
      // here: asked again, this one would set its stale generation at the new owner, whose
      // frames the relay would then drop as old, every one, for good.
      () => (w.gen !== gen || w.leaveHere !== null ? WATCHING : null),
    );
  }

  private unwatch(w: RelayWatch): void {
    if (w.ended) return;
    this.rooms.end(w);
    if (w.leaveHere !== null) w.leaveHere();
    else this.rooms.deps.cluster.bus.send(this.owner, 'tell', UNWATCH, 0, String(w.id));
  }

  private command<T>(userId: string | null, c: Command): Promise<Result<T, HandleErrorCode & ErrorCode>> {
    return this.reach(
      COMMAND,
      JSON.stringify({ g: this.id, u: userId, c }),
      (here) => runCommand(here, userId, c) as Promise<HandleResult<T>>,
      (text) => JSON.parse(text) as T,
    ) as Promise<Result<T, HandleErrorCode & ErrorCode>>;
  }

  /**
   * Asks the owner; when it cannot be reached or no longer holds the game, finds who does and
   * asks again (a command that did reach the dead owner meets the version check the second
   * time), until MOVE_WAIT_MS: then ERR_OWNER_UNREACHABLE. `here` runs it on a game that came
   * to this instance.
   */
  private async reach<T>(
    method: string,
    body: string,
    here: (room: LocalRoom) => Promise<HandleResult<T>>,
    parse: (text: string) => T,
    /** After the game moved: the answer when the move itself did what was asked (null: ask again). */
    settled: () => HandleResult<T> | null = () => null,
  ): Promise<HandleResult<T>> {
    const { rpc } = this.rooms.deps.cluster;
    const now = this.rooms.deps.now ?? Date.now;
    const until = now() + this.rooms.moveWaitMs;
    for (;;) {
      const answer: Answer = await rpc.ask(this.owner, method, body, Math.min(ASK_MS, this.rooms.moveWaitMs / 2));
      if (answer.ok) return { ok: true, value: parse(answer.value) };
      if (!moved(answer.error.code)) return refusalOf(answer.error.code, answer.error.message);
      if (now() >= until) break;
      const asked = this.owner;
      const local = await this.follow();
      const done = settled();
      if (done !== null) return done;
      if (local !== null) return here(local);
      if (this.owner === asked) await new Promise((resolve) => setTimeout(resolve, RELOCATE_EVERY_MS));
      if (now() >= until) break;
    }
    return UNREACHABLE;
  }
}
