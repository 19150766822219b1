import { err, ok, type Result } from '@zar/engine';
import type { PoolCount, SeekKind, SeekView } from '@zar/protocol';
import type { Bus, Liveness, Rpc } from '../cluster/index.js';
import type { Lease } from '../cluster/lease.js';
import type { Log } from '../common/log.js';
import type { GameRow } from '../store/types.js';

/** The lobby's broadcast channel: the pool's snapshot, from its holder to every instance. */
const CHANNEL = 'lobby';
const SNAPSHOT = 'pool.snapshot';
/**
 * Broadcast by an instance that has just taken the lease, with an empty pool: the others send
 * it their requests again, though to them the holder may not have changed (one that lost the
 * lease while Redis was away, and took it back).
 */
const TAKEN = 'pool.taken';
/** Asked of the holder: JSON Forwarded; answered with the SeekView, or refused with the pool's code. */
const SEEK = 'pool.seek';
/** Asked of the holder by an instance that starts (it may have missed the last snapshot): the snapshot's body. */
const LOOK = 'pool.look';
/** Told the holder: JSON { user, id }. */
const UNSEEK = 'pool.unseek';
/** Told a request's instance by the holder: JSON ids that left the pool (paired, dropped, cancelled). */
const GONE = 'pool.gone';
/** Asked of a request's instance by the holder: JSON GameRow, the paired match to create there. */
const CREATE = 'pool.create';
/** The least ms between two snapshots: the lobby's watchers are pushed at most four times a second anyway. */
const SNAPSHOT_GAP_MS = 100;

/** A request as its instance keeps it while it waits in another instance's pool (and sends it again to a new holder). */
export interface Forwarded {
  readonly seeker: { readonly id: string; readonly name: string; readonly registered: boolean };
  readonly kind: SeekKind;
  /** Kept across holders, so that the request keeps its id on the page and its age in the pool. */
  readonly id?: string;
  readonly since?: number;
}

/** What the link needs of the pool it serves (PairingPool). */
export interface LinkedPool {
  admit(request: Forwarded, origin: string | undefined): Promise<Result<SeekView, string>>;
  unseek(userId: string, id: string): Result<void, string>;
  /** Drops the requests of an instance that died. */
  dropOrigin(instance: string): void;
  /** Every request waiting here made on this instance, taken out without a word: this instance no longer holds the pool. */
  handOver(): Forwarded[];
  counts(): PoolCount[];
  seeksByPlayer(): Map<string, SeekView[]>;
  /** The snapshot changed: the pool's listeners (the lobby feed) are told. */
  heard(): void;
}

export interface PoolLinkDeps {
  readonly bus: Bus;
  readonly rpc: Rpc;
  readonly liveness: Liveness;
  readonly lease: Lease;
  readonly log: Log;
  /** Creates a paired match on this instance. */
  readonly create: (row: GameRow) => Promise<unknown>;
}

const NOT_HELD = { code: 'ERR_PAIRING_REQUEST', message: 'the pairing pool is moving to another server; ask again' };

/** Whether a refusal says only that the pool is moving (no holder reachable yet): a request may wait it out. */
export const poolMoving = (r: Result<unknown, string>): boolean => !r.ok && r.error.message === NOT_HELD.message;

/**
 * One pairing pool for the cluster (lichess runs its pools in its one lila process): the
 * instance holding the lease runs it, and the others send it their players' requests tagged
 * with their instance, keep them (to send again to a new holder when the lease moves) and show
 * the lobby the holder's published snapshot. A paired match is created on the instance of the
 * request that waited longer: the games spread over the instances as their players do, rather
 * than all landing on the holder, and one of the two players' frames need no hop.
 */
export class PoolLink {
  private readonly forwarded = new Map<string, Forwarded & { readonly id: string; readonly since: number }>();
  private snapshot: { counts: PoolCount[]; seeks: Map<string, SeekView[]> } = { counts: [], seeks: new Map() };
  private readonly stops: (() => void)[] = [];
  private publishTimer: NodeJS.Timeout | null = null;
  /** The new holder this instance waits to see alive before it sends it the requests kept here. */
  private resendTo: string | null = null;
  /** Snapshots taken in so far. */
  private snapshots = 0;
  /** Requests sent to the holder and not answered yet. */
  private asking = 0;
  /** Ids told gone while requests were being asked (a pool pairs a request at once, before its answer is sent). */
  private readonly goneEarly = new Set<string>();
  private leading: boolean;
  private closed = false;

  constructor(
    private readonly pool: LinkedPool,
    private readonly deps: PoolLinkDeps,
  ) {
    const { bus, rpc, liveness, lease } = deps;
    this.leading = lease.held;
    this.stops.push(
      rpc.serve(SEEK, async (body, from) => {
        if (!this.leading) return err(NOT_HELD.code, NOT_HELD.message);
        return toAnswer(await pool.admit(JSON.parse(body) as Forwarded, from));
      }),
      rpc.serve(LOOK, () => (this.leading ? ok(this.snapshotBody()) : err(NOT_HELD.code, NOT_HELD.message))),
      rpc.serve(CREATE, async (body) => {
        await deps.create(JSON.parse(body) as GameRow);
        return ok('');
      }),
      bus.on(UNSEEK, (envelope) => {
        const { user, id } = JSON.parse(envelope.body) as { user: string; id: string };
        if (this.leading) pool.unseek(user, id);
      }),
      bus.on(GONE, (envelope) => {
        for (const id of JSON.parse(envelope.body) as string[]) {
          if (!this.forwarded.delete(id) && this.asking > 0) this.goneEarly.add(id);
        }
      }),
      bus.listen(CHANNEL, (envelope) => {
        if (envelope.from === bus.instance) return;
        if (envelope.type === SNAPSHOT) this.heardSnapshot(envelope.body);
        else if (envelope.type === TAKEN && !this.leading && envelope.from === lease.holder) void this.resend(false);
      }),
      liveness.onPeer((instance, up) => {
        if (up && instance === this.resendTo) {
          this.resendTo = null;
          void this.resend(false);
        }
        if (!this.leading) return;
        if (up) this.publishSoon();
        else pool.dropOrigin(instance);
      }),
      lease.onHolder((holder) => void this.moved(holder)),
    );
    if (!this.leading && lease.holder !== null) void this.look(lease.holder);
  }

  /** Whether requests go to another instance's pool now (this one does not hold it). */
  get remote(): boolean {
    return !this.leading;
  }

  /** Sends a request to the holder; answered as the holder's pool answers it. */
  async forward(request: Forwarded): Promise<Result<SeekView, string>> {
    const holder = this.deps.lease.holder;
    // A holder seen dead has not let go of the lease yet: asking it would wait out the timeout.
    if (holder === null || this.closed || !this.deps.liveness.peers().has(holder)) {
      return err(NOT_HELD.code, NOT_HELD.message);
    }
    this.asking++;
    const answer = await this.deps.rpc.ask(holder, SEEK, JSON.stringify(request));
    this.asking--;
    let r: Result<SeekView, string>;
    if (answer.ok) {
      const view = JSON.parse(answer.value) as SeekView;
      // Paired already (its `gone` came first): nothing to keep.
      if (!this.goneEarly.delete(view.id)) {
        this.forwarded.set(view.id, { ...request, id: view.id, since: view.since });
        // Shown at once to its player's lobby (the watch that follows the request), not after the next snapshot.
        this.showOwn(request.seeker.id, (seeks) => [...seeks.filter((s) => s.id !== view.id), view]);
      }
      r = ok(view);
    } else r = answer.error.code.startsWith('ERR_ASK') ? err(NOT_HELD.code, NOT_HELD.message) : answer;
    if (this.asking === 0) this.goneEarly.clear();
    return r;
  }

  waits(id: string): boolean {
    return this.forwarded.has(id);
  }

  unseek(userId: string, id: string): Result<void, 'ERR_PAIRING_REQUEST'> {
    const request = this.forwarded.get(id);
    if (request === undefined || request.seeker.id !== userId) {
      return err('ERR_PAIRING_REQUEST', 'none of your requests waits with that id (it may have been paired)');
    }
    this.forwarded.delete(id);
    const holder = this.deps.lease.holder;
    if (holder !== null) this.deps.bus.send(holder, 'tell', UNSEEK, 0, JSON.stringify({ user: userId, id }));
    this.showOwn(userId, (seeks) => seeks.filter((s) => s.id !== id));
    return ok(undefined);
  }

  /** The user's requests as this instance shows them until the holder's next snapshot. */
  private showOwn(userId: string, change: (seeks: readonly SeekView[]) => SeekView[]): void {
    const seeks = new Map(this.snapshot.seeks);
    const own = change(seeks.get(userId) ?? []);
    if (own.length > 0) seeks.set(userId, own);
    else seeks.delete(userId);
    this.snapshot = { counts: this.snapshot.counts, seeks };
    this.pool.heard();
  }

  /** The user left the cluster: the holder cancels his requests, and this instance keeps none of them. */
  forgetUser(userId: string): void {
    for (const [id, request] of this.forwarded) if (request.seeker.id === userId) this.forwarded.delete(id);
  }

  counts(): PoolCount[] {
    return this.snapshot.counts;
  }

  seeksByPlayer(): Map<string, SeekView[]> {
    return this.snapshot.seeks;
  }

  /** Tells a request's instance that it left the pool. */
  gone(origin: string, id: string): void {
    this.deps.bus.send(origin, 'tell', GONE, 0, JSON.stringify([id]));
  }

  /** Creates the paired match on `origin` (the older request's instance), here when that is this one or it is gone. */
  async create(row: GameRow, origin: string | undefined): Promise<void> {
    if (origin === undefined || !this.deps.liveness.peers().has(origin)) {
      await this.deps.create(row);
      return;
    }
    const answer = await this.deps.rpc.ask(origin, CREATE, JSON.stringify(row));
    if (!answer.ok) throw new Error(`${origin} could not start a paired match: ${answer.error.code}`);
  }

  /** The pool changed here (the holder): the others get the snapshot, at most every SNAPSHOT_GAP_MS. */
  publishSoon(): void {
    if (!this.leading || this.publishTimer !== null || this.closed) return;
    this.publishTimer = setTimeout(() => {
      this.publishTimer = null;
      if (this.leading) this.deps.bus.broadcast(CHANNEL, SNAPSHOT, this.snapshotBody());
    }, SNAPSHOT_GAP_MS);
    this.publishTimer.unref();
  }

  private snapshotBody(): string {
    return JSON.stringify({ counts: this.pool.counts(), seeks: [...this.pool.seeksByPlayer()] });
  }

  private heardSnapshot(body: string): void {
    if (this.leading || this.closed) return;
    const { counts, seeks } = JSON.parse(body) as { counts: PoolCount[]; seeks: [string, SeekView[]][] };
    this.snapshot = { counts, seeks: new Map(seeks) };
    this.snapshots++;
    this.pool.heard();
  }

  /** The holder's snapshot, asked for once at the start (the last one published may have gone before this instance listened). */
  private async look(holder: string): Promise<void> {
    const heard = this.snapshots;
    const answer = await this.deps.rpc.ask(holder, LOOK, '');
    // One published meanwhile is newer.
    if (answer.ok && this.snapshots === heard) this.heardSnapshot(answer.value);
  }

  close(): void {
    this.closed = true;
    for (const stop of this.stops) stop();
    if (this.publishTimer !== null) clearTimeout(this.publishTimer);
    this.forwarded.clear();
  }

  /**
   * The lease moved. Taken here: this instance's own waiting requests join its pool. Lost
   * here: its own requests leave its pool for the new holder (the others' instances send
   * theirs again). Either way every request kept here goes to the new holder.
   */
  private async moved(holder: string | null): Promise<void> {
    if (this.closed) return;
    const leading = holder === this.deps.bus.instance;
    if (this.leading && !leading) for (const request of this.pool.handOver()) this.keep(request);
    if (leading && !this.leading) this.deps.bus.broadcast(CHANNEL, TAKEN, '');
    this.leading = leading;
    this.resendTo = null;
    if (holder === null) return;
    // A holder not yet seen alive here (it has just started) is sent the requests once it is.
    if (!leading && !this.deps.liveness.peers().has(holder)) this.resendTo = holder;
    else await this.resend(leading);
  }

  /** Every request kept here, to this instance's own pool or to the holder's. */
  private async resend(leading: boolean): Promise<void> {
    const requests = [...this.forwarded.values()];
    this.forwarded.clear();
    for (const request of requests) {
      const r = leading ? await this.pool.admit(request, undefined) : await this.forward(request);
      if (!r.ok) this.deps.log.warn({ code: r.error.code }, 'a pairing request was lost as the pool moved');
    }
    if (leading) this.publishSoon();
    else this.pool.heard();
  }

  private keep(request: Forwarded): void {
    if (request.id !== undefined && request.since !== undefined) {
      this.forwarded.set(request.id, { ...request, id: request.id, since: request.since });
    }
  }
}

/** A pool's answer as an answer over the bus: the view as JSON, or the refusal as it is. */
function toAnswer(r: Result<SeekView, string>): Result<string, string> {
  return r.ok ? ok(JSON.stringify(r.value)) : r;
}
