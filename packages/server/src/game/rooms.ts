import { type Clock, isCorrespondence, newMatch, parseMatchSettings } from '@zar/match';
import { diceOfRow } from '../dice/dice.js';
import { seedWaitFrom, settingOrStop } from '../env.js';
import type { GameOwner, GameRow, StoredAction } from '../store/types.js';
import { ABANDON_BATCH, abandoned, abandonSweepEvery } from './abandon.js';
import { deadlineOf } from './clock.js';
import { DeadlineSweep } from './deadline-sweep.js';
import { Heartbeat } from './heartbeat.js';
import { type Claimed, Ownership } from './ownership.js';
import { Room, type RoomDeps } from './room.js';
import { buildRoom } from './room-build.js';
import { RETRY, retryWaitMs } from './room-result.js';
import { abandonAfterOf, claimAfterOf, dayOf, heartbeatOf, type RoomsOptions } from './rooms-options.js';
import { Takeover } from './takeover.js';

export type { RoomsOptions } from './rooms-options.js';

/**
 * Where a game's room is: here (loaded in this process) or at another instance that owns it;
 * null when there is no such game.
 */
export type Located = { at: 'here'; room: Room } | { at: 'elsewhere'; instance: string } | null;

/** A game a takeover claimed, read with its actions. */
interface Taken {
  readonly row: GameRow;
  readonly stored: readonly StoredAction[];
  readonly claimed: Claimed;
}

/**
 * The rooms in this process's memory. A room is built from the store on first use by replaying
 * its actions, so after a restart (or an eviction) a game continues at the same version and
 * state; a room nobody uses is dropped from memory and rebuilt when needed again. Beside other
 * instances, only the games this one owns have rooms here (ownership.ts).
 */
export class Rooms {
  private readonly loaded = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Located>>();
  /** Broken copies whose watchers wait for the fresh copy from the store (Room.handOver). */
  private readonly orphans = new Map<string, Room>();
  private readonly reloads = new Set<NodeJS.Timeout>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly abandonSweeper: NodeJS.Timeout;
  private readonly idleMs: number;
  private readonly abandonAfterMs: number;
  /** The sweep for abandoned games in progress, so that two never overlap. */
  private abandoning: Promise<number> | null = null;
  private readonly roomDeps: RoomDeps;
  private closed = false;
  private readonly heartbeat: Heartbeat;
  /** The server's downtime is recorded (heartbeat.ts): games are loaded after it, so their clocks skip it. */
  private readonly up: Promise<void>;
  /** Beside other instances: the claims and releases of this one's games; null alone. */
  private readonly ownership: Ownership | null = null;
  private readonly takeover: Takeover | null = null;
  private stopFence: (() => void) | null = null;
  /** Loads the correspondence matches whose time is up, which have no room (deadline-sweep.ts). */
  private readonly deadlines: DeadlineSweep;

  constructor(private readonly deps: RoomsOptions) {
    this.idleMs = deps.idleMs ?? 10 * 60_000;
    const { cluster } = deps;
    this.heartbeat = new Heartbeat(deps.store, deps.now, heartbeatOf(deps), deps.log, RETRY, cluster?.instance);
    this.up = this.heartbeat.start();
    this.roomDeps = {
      ...deps,
      claimAfterMs: claimAfterOf(deps),
      correspondenceDayMs: dayOf(deps),
      seedWaitMs: deps.seedWaitMs ?? settingOrStop(seedWaitFrom(process.env)),
      upSince: deps.now(),
      reload: (room) => this.reloadBroken(room, 0),
      // A listener's failure must not turn the action that ended the match, already stored and sent, into an error.
      ended: (room) => {
        try {
          deps.ended?.(room);
        } catch (e) {
          deps.log.error({ err: e, game: room.id }, 'a listener of a match’s end failed');
        }
      },
      create: (row) => this.create(row),
      steppedDown: (room) => {
        if (this.loaded.get(room.id) === room) this.loaded.delete(room.id);
      },
    };
    if (cluster !== undefined) {
      const ownership = new Ownership(cluster, deps.store, deps.now, deps.log, () => this.heartbeat.downtime);
      this.ownership = ownership;
      const takeover = new Takeover({
        ownership,
        liveness: cluster.liveness,
        store: deps.store,
        log: deps.log,
        take: (id, from) => this.find(id, from).then((at) => at?.at === 'here'),
        takeMany: (dead, ids) => this.takeMany(dead, ids),
        scanMs: deps.takeoverScanMs ?? 1000,
      });
      this.takeover = takeover;
      void this.up.then(() => takeover.start());
      // Its alive key may be gone: peers may take its games, so every room stops before they can.
      let fencedAt = deps.now();
      this.stopFence = cluster.liveness.onFence((fenced) => {
        this.heartbeat.hold(fenced);
        if (fenced) {
          fencedAt = deps.now();
          this.stepDownAll();
          return;
        }
        // Live again: the games still this instance's (nobody took them) go on here, the fence skipped.
        ownership.unfenced({ from: fencedAt, to: deps.now() });
        void takeover.takeBack();
      });
    }
    this.sweeper = setInterval(() => this.evictIdle(), Math.max(1000, Math.min(this.idleMs, 60_000)));
    this.sweeper.unref();
    this.abandonAfterMs = abandonAfterOf(deps);
    this.abandonSweeper = setInterval(() => {
      this.endAbandoned().catch((e: unknown) => this.deps.log.warn({ err: e }, 'the sweep for abandoned games failed'));
    }, abandonSweepEvery(this.abandonAfterMs));
    this.abandonSweeper.unref();
    this.deadlines = new DeadlineSweep({
      store: deps.store,
      now: deps.now,
      log: deps.log,
      load: (id) => this.get(id),
      ...(deps.deadlineSweepMs === undefined ? {} : { everyMs: deps.deadlineSweepMs }),
    });
    void this.up.then(() => this.deadlines.start());
  }

  get size(): number {
    return this.loaded.size;
  }

  /** A new game: stored first, then loaded; started at once when both seats are taken. */
  async create(row: GameRow): Promise<Room> {
    const settings = parseMatchSettings(row.record.settings);
    if (!settings.ok) throw new Error(`create: ${settings.error.message}`);
    // Fenced, this instance may not own a game: refused before anything is stored (try again).
    if (this.ownership?.live === false && !this.closed) throw fenced();
    await this.deps.store.createGame(row);
    // Beside other instances, created here is owned here (as shutting down, left free for another).
    const epoch = this.ownership === null || this.closed ? undefined : await this.claimNew(row.id);
    const room = new Room(row, newMatch(settings.value), [], diceOfRow(row, []), this.roomDeps, undefined, epoch);
    if (this.closed) {
      // Stored as the server shuts down (a rematch agreed in a room that is closing): started
      // here, it would be left out of the rooms being closed, its clock's timer running on.
      // It is not started; the next start recovers it, and its clock from the record.
      await room.close();
      return room;
    }
    this.loaded.set(row.id, room);
    await room.start();
    return room;
  }

  /** The room of a game if it is loaded here and sound, in the same tick (the command path's way); else undefined (locate). */
  loadedRoom(id: string): Room | undefined {
    const room = this.loaded.get(id);
    return room !== undefined && !room.broken ? room : undefined;
  }

  /** The room of a game, loaded from the store when it is not in memory; null when unknown or owned elsewhere. */
  get(id: string): Promise<Room | null> {
    const room = this.loaded.get(id);
    if (room !== undefined && !room.broken) return Promise.resolve(room);
    return this.locate(id).then((at) => (at?.at === 'here' ? at.room : null));
  }

  /** Where a game's room is (Located): this process's, loaded from the store when needed, or another instance's. */
  locate(id: string): Promise<Located> {
    return this.find(id);
  }

  /** locate, claiming the game from `hint` (takeover.ts: the dead owner and epoch its list read). */
  private find(id: string, hint?: GameOwner): Promise<Located> {
    const room = this.loaded.get(id);
    if (room !== undefined && !room.broken) return Promise.resolve({ at: 'here', room });
    if (room?.broken) {
      this.loaded.delete(id);
      this.orphans.set(id, room);
    }
    let load = this.loading.get(id);
    if (load === undefined) {
      load = this.load(id, hint).finally(() => this.loading.delete(id));
      this.loading.set(id, load);
    }
    return load;
  }

  /**
   * Loads every game that is not over and lets each do what is due (a bot's move, an opening
   * roll), except the abandoned ones: those are ended by the sweeps, a batch at a time, the
   * first of them here, so that a start does not replay games nobody will play again. Nor the
   * correspondence matches: one is loaded when asked for, or by the deadline sweep once its time is up.
   */
  async recover(): Promise<number> {
    await this.endAbandoned();
    const idleSince = this.deps.now() - this.abandonAfterMs;
    const rows = await this.deps.store.liveGames();
    let n = 0;
    for (const row of rows) {
      if (abandoned(row, idleSince) || isCorrespondence(row.clock)) continue;
      if ((await this.get(row.id)) !== null) n++;
    }
    return n;
  }

  /**
   * One sweep: ends up to ABANDON_BATCH games against a bot that nobody played for
   * `abandonAfterMs` (Room.abandon); returns how many it ended. A game that moved on meanwhile
   * is left alone (the room checks again, in its queue).
   */
  endAbandoned(): Promise<number> {
    this.abandoning ??= this.sweepAbandoned().finally(() => {
      this.abandoning = null;
    });
    return this.abandoning;
  }

  private async sweepAbandoned(): Promise<number> {
    if (this.closed) return 0;
    const idleSince = this.deps.now() - this.abandonAfterMs;
    const rows = await this.deps.store.idleBotGames(idleSince, ABANDON_BATCH);
    let n = 0;
    for (const row of rows) {
      if (this.closed) break;
      const room = await this.get(row.id);
      const ended = await room?.abandon(idleSince);
      if (ended?.ok) n++;
      else if (ended !== undefined && ended.error.code !== 'ERR_STALE') {
        this.deps.log.warn({ game: row.id, error: ended.error }, 'could not end an abandoned game');
      }
    }
    return n;
  }

  /** One sweep for correspondence matches whose time is up (deadline-sweep.ts): how many it loaded. */
  sweepDeadlines(): Promise<number> {
    return this.deadlines.sweep();
  }

  /**
   * A clean shutdown beside other instances: every room here stops and its game is left free
   * (owner none), so that another instance claims it at its next command, with no lease to run
   * out. Done before the sockets close (app.ts), whose pages then reconnect and find it there.
   * With no other instance alive the games stay this one's: whoever starts next takes them over
   * with this downtime skipped by their clocks. Alone, nothing.
   */
  async handOver(): Promise<void> {
    const ownership = this.ownership;
    if (ownership === null || this.closed) return;
    this.closed = true;
    await this.takeover?.close();
    await this.deadlines.close();
    await Promise.all([...this.loading.values()].map((l) => l.catch(() => null)));
    const rooms = [...this.loaded.values()];
    this.loaded.clear();
    await Promise.all(
      rooms.map(async (room) => {
        await room.close();
        room.stepDown();
        await this.leave(room);
      }),
    );
  }

  /**
   * The game of a room stopped as this instance shuts down is left free, for another to claim
   * at once; kept when no other is alive (the next to start takes it over, its downtime skipped),
   * and kept when only bots sit at it (a tournament's): no page would come back to ask for it, so
   * it is taken over once this instance's alive key is gone, as after a death.
   */
  private async leave(room: Room): Promise<void> {
    const { ownership } = this;
    if (ownership === null || room.epoch === undefined || !ownership.live || !ownership.hasPeers) return;
    if (room.seats.every((seat) => seat.kind === 'bot')) return;
    // Not released (the store away), it is taken over once this instance's alive key is gone.
    await ownership
      .release(room.id, room.epoch)
      .catch((e: unknown) => this.deps.log.warn({ err: e, game: room.id }, 'could not leave a game free'));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    clearInterval(this.abandonSweeper);
    this.stopFence?.();
    await this.takeover?.close();
    await this.deadlines.close();
    await this.abandoning;
    for (const timer of this.reloads) clearTimeout(timer);
    await Promise.all([...this.loading.values()]);
    await Promise.all([...this.loaded.values()].map((r) => r.close()));
    this.loaded.clear();
    // The last beat says when this clean shutdown was: the next start skips the time from then.
    // Stopped before the start is awaited: a start still asking an absent store gives up.
    const stopped = this.heartbeat.stop();
    await this.up;
    await stopped;
  }

  evictIdle(now = this.deps.now()): number {
    let n = 0;
    for (const [id, room] of this.loaded) {
      if (room.idle(now, this.idleMs)) {
        this.loaded.delete(id);
        void this.drop(room);
        n++;
      }
    }
    return n;
  }

  /** A room dropped from memory; beside other instances its game is left free for whoever asks next. */
  private async drop(room: Room): Promise<void> {
    await room.close();
    if (this.ownership === null || room.epoch === undefined) return;
    await this.ownership
      .release(room.id, room.epoch)
      .catch((e: unknown) => this.deps.log.warn({ err: e, game: room.id }, 'could not release an idle game'));
  }

  /** This instance is fenced (ownership.ts): every room here steps down, writing nothing. */
  private stepDownAll(): void {
    const rooms = [...this.loaded.values()];
    this.loaded.clear();
    for (const room of rooms) room.stepDown();
    if (rooms.length > 0) this.deps.log.warn({ games: rooms.length }, 'fenced: every game here stepped down');
  }

  /**
   * A correspondence match loaded before its time is up stores the deadline its clock gives,
   * the downtime since its last action skipped, so that the deadline sweep does not load it
   * again before then (and does not pass over the matches behind it). One whose time is up ends
   * on time once started, which clears it.
   */
  private async keepDeadline(room: Room, clock: Clock | null): Promise<void> {
    const deadline = deadlineOf(clock);
    if (deadline === undefined || (deadline !== null && deadline.at <= this.deps.now())) return;
    await this.deps.store.setDeadline(room.id, deadline, room.epoch);
  }

  private async claimNew(id: string): Promise<number> {
    const epoch = await this.ownership?.claimNew(id);
    if (epoch === undefined || epoch === null)
      throw new Error(`game ${id} was claimed by another instance as it was created`);
    return epoch;
  }

  /**
   * Builds the game's room from the store. Beside other instances the game is claimed first
   * (from `hint`, a takeover's, or as the store says), and then read: the fence is ours, so the
   * row and actions are as the last owner left them.
   */
  private async load(id: string, hint?: GameOwner): Promise<Located> {
    await this.up;
    let claimed: Claimed | undefined;
    if (this.ownership !== null && !this.closed) {
      if (!this.ownership.live) throw fenced();
      const c = await this.ownership.claim(id, hint);
      if (c === null) return null;
      if (c.at === 'elsewhere') {
        this.takeover?.seen(c.instance);
        // A broken copy's watchers look for the game where it is now.
        this.orphans.get(id)?.stepDown();
        this.orphans.delete(id);
        return c;
      }
      claimed = c;
    }
    const row = await this.deps.store.gameById(id);
    if (row === null) return null;
    if (claimed !== undefined) await this.ownership?.pauseFor(claimed, row);
    return this.open(row, await this.deps.store.actions(id), claimed);
  }

  /**
   * takeover.ts: a page of a dead instance's games claimed and read at once (three statements
   * for the page, not four for each game), then each built and started here. A game being
   * loaded already (asked for meanwhile) is left to that load; one another survivor claimed
   * first is located as any other. Answers how many are here now.
   */
  async takeMany(dead: string, ids: readonly string[]): Promise<number> {
    await this.up;
    const ownership = this.ownership;
    if (ownership === null || this.closed || !ownership.live) return 0;
    const free = ids.filter((id) => !this.loading.has(id) && this.loaded.get(id) === undefined);
    const page = this.readTaken(ownership, dead, free);
    const each = free.map((id) => {
      const one = page
        .then((taken) => {
          const t = taken.get(id);
          return t === undefined ? this.load(id) : this.open(t.row, t.stored, t.claimed);
        })
        .finally(() => this.loading.delete(id));
      this.loading.set(id, one);
      return one;
    });
    let here = 0;
    const all = await Promise.allSettled(each);
    for (const [i, r] of all.entries()) {
      if (r.status === 'fulfilled') here += r.value?.at === 'here' ? 1 : 0;
      else this.deps.log.warn({ err: r.reason, game: free[i] }, 'could not take over a game: the scan tries again');
    }
    return here;
  }

  /** The games of `ids` this instance took from `dead` (ownership.ts takeMany), each with its row and actions. */
  private async readTaken(ownership: Ownership, dead: string, ids: readonly string[]): Promise<Map<string, Taken>> {
    const claims = await ownership.takeMany(ids, dead);
    const claimed = [...claims.keys()];
    const [rows, actions] = await Promise.all([
      this.deps.store.gamesByIds(claimed),
      this.deps.store.actionsOfGames(claimed),
    ]);
    const taken = new Map<string, Taken>();
    for (const row of rows) {
      const c = claims.get(row.id) as Claimed;
      taken.set(row.id, { row, stored: actions.get(row.id) ?? [], claimed: c });
    }
    return taken;
  }

  /** A game read (and claimed, beside other instances): its room built, kept and started here. */
  private async open(row: GameRow, stored: readonly StoredAction[], claimed: Claimed | undefined): Promise<Located> {
    // Taken from an instance that died: its waits (claims, seeds) start again now, as after a restart.
    const takenOver = claimed !== undefined && this.ownership?.takenOver(claimed) === true;
    const deps = takenOver ? { ...this.roomDeps, upSince: this.deps.now() } : this.roomDeps;
    const built = await buildRoom(this.deps.store, this.deps.log, deps, row, stored, claimed?.epoch);
    if (built === null) return null;
    const { room, clock } = built;
    // Asked for as the server shuts down: shown as it stands, never started (as in create), and
    // left free if it was claimed before the shutdown began.
    if (this.closed) {
      await room.close();
      await this.leave(room);
      return { at: 'here', room };
    }
    // Fenced while it loaded: it steps down with the others, unstarted.
    if (claimed !== undefined && this.ownership?.live === false) throw fenced();
    await this.keepDeadline(room, clock);
    this.loaded.set(row.id, room);
    const broken = this.orphans.get(row.id);
    this.orphans.delete(row.id);
    if (broken !== undefined) {
      broken.handOver(room);
      // An ending the store kept though the broken copy was told it lost it is told now.
      if (broken.status !== 'over' && room.status === 'over') this.roomDeps.ended?.(room);
    }
    await room.start(true);
    return { at: 'here', room };
  }

  /**
   * A room found the store ahead of it (an action stored, then reported lost): load the game
   * again now rather than when someone next asks, so that its watchers are handed to the fresh
   * copy and its bots play on. A store that is still away is asked again after a wait that
   * doubles as in RETRY.
   */
  private reloadBroken(room: Room, attempt: number): void {
    if (this.closed) return;
    this.get(room.id).catch((e: unknown) => {
      const waitMs = retryWaitMs(RETRY, attempt);
      this.deps.log.warn({ err: e, game: room.id, waitMs }, 'could not reload a broken game: retrying');
      const timer = setTimeout(() => {
        this.reloads.delete(timer);
        this.reloadBroken(room, attempt + 1);
      }, waitMs);
      this.reloads.add(timer);
    });
  }
}

/**
 * This instance cannot own games now (its link to the other instances is down): answered as
 * a store away is (try again shortly), by the code of a connection reset.
 */
function fenced(): Error {
  return Object.assign(new Error('this instance lost the cluster for now: it serves no game until it is back'), {
    code: 'ECONNRESET',
  });
}
