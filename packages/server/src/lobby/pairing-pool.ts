import { err, isGameId, ok, type Result } from '@zar/engine';
import {
  admitRequest,
  CLOCK_PRESETS,
  isCorrespondence,
  kindKey,
  nextWidening,
  PAIRING_DEFAULTS,
  type PairingKind,
  type PairingLimitErrorCode,
  type PairingOptions,
  type PairingRequest,
  type PairingRequestErrorCode,
  type Pairings,
  pairings,
  parsePairingKind,
  ratingPool,
} from '@zar/match';
import type { PoolCount, SeekKind, SeekView } from '@zar/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { randomId } from '../common/ids.js';
import { ratingIn } from '../game/rating/loaders.js';
import type { Rooms } from '../game/rooms.js';
import { OPEN_GAMES_SCAN } from '../limits/games.js';
import type { People } from '../people/online.js';
import type { GameRow, GamesStore, PeopleStore } from '../store/types.js';
import { isStoreUnavailable } from '../store/unavailable.js';
import { drawSeats, pairedGameRow } from './paired-game.js';
import { PAIRING_GAP_MS, PairingSchedule } from './pairing-schedule.js';
import { type Forwarded, type LinkedPool, PoolLink, type PoolLinkDeps, poolMoving } from './pool-link.js';

/** A request made while the pool moves asks its new holder again every POOL_MOVE_RETRY_MS, this many times at most (8 s). */
const POOL_MOVE_TRIES = 40;
const POOL_MOVE_RETRY_MS = 200;

export type SeekErrorCode = PairingRequestErrorCode | PairingLimitErrorCode | 'ERR_TOO_MANY_GAMES';

/** Who asks to be paired: the socket's user as the store knows him. */
export interface Seeker {
  readonly id: string;
  /** The name his seat will show. */
  readonly name: string;
  /** An account (false: a guest, who plays casual matches only). */
  readonly registered: boolean;
}

export interface PairingPoolDeps {
  readonly store: GamesStore & PeopleStore;
  readonly rooms: Pick<Rooms, 'create'>;
  readonly people: People;
  readonly now: () => number;
  readonly log: FastifyBaseLogger;
  /** Unfinished games one player may have (Limits.openGames): a request from one who has as many is refused. */
  readonly openGames: number;
  /** Unfinished correspondence matches one player may have (Limits.correspondenceGames), counted apart; 100 when left out. */
  readonly correspondenceGames?: number;
  readonly diceSeed: string | undefined;
  /** The bands and how they widen (match's PAIRING_DEFAULTS when left out). */
  readonly options?: PairingOptions;
  /** Draws the seats: 0 keeps the pair's order, 1 swaps it (a fair coin when left out). */
  readonly coin?: () => number;
  /** The least ms between two pairings of the pool (PAIRING_GAP_MS when left out; 0: every change at once). */
  readonly gapMs?: number;
  /** The pairing rule (match's `pairings` when left out): tests and the benchmark count its calls. */
  readonly pairings?: (requests: readonly PairingRequest[], now: number, options: PairingOptions) => Pairings;
  /** Beside other instances: one pool for them all, run by the lease's holder (pool-link.ts). Alone when left out. */
  readonly link?: Omit<PoolLinkDeps, 'create'>;
}

/** A request waiting in the pool, with what the lobby shows of it and the seat's name. */
interface Waiting {
  readonly request: PairingRequest;
  readonly kind: SeekKind;
  readonly name: string;
  readonly registered: boolean;
  /** The instance the request was made on, when it is another one (its player's sockets are there). */
  readonly origin: string | undefined;
}

/** The kind as the protocol names it: a game's own name is its standard preset (pairing-request.ts). */
export function seekKindOf(kind: PairingKind): SeekKind {
  const play =
    'cycle' in kind.play
      ? { cycle: kind.play.cycle }
      : isGameId(kind.play.preset)
        ? { game: kind.play.preset }
        : { preset: kind.play.preset };
  return { ...play, length: kind.length, clock: kind.clock, rated: kind.rated };
}

const viewOf = (w: Waiting): SeekView => ({ id: w.request.id, kind: w.kind, since: w.request.since });

/**
 * The quick-pairing pool. Beside other instances there is one for them all, run by the holder
 * of the lobby's lease, and this instance's requests go there (pool-link.ts). It is kept in
 * memory only: a restart empties it, as lichess's pools are, since a request means "pair me while I am
 * here" and its player's socket does not survive the restart either (the page asks again).
 *
 * A request is checked (the kind by the match layer, then the account's limits), rated at the
 * player's rating in the kind's pool (1500 when he has none), and the pool is paired (match's
 * `pairings`: oldest first, closest rating within the widening bands, the whole pool as it is
 * when the pairing runs). Pairing costs O(n log n) for n waiting, so it is paced rather than run
 * at every change (pairing-schedule.ts): a new request into a quiet pool is paired at once, and
 * the requests and band widenings that follow within `gapMs` (200 ms, ZAR_PAIRING_GAP_MS) are
 * paired together at its end, by one timer for the whole pool; a pool so large that a pairing
 * takes more than a tenth of the gap is paired less often. A flood of requests or widenings
 * thus costs at most five pairings a second; a flood from one address or account is held back
 * before it reaches the pool by the game limits (a request counts as a new game, ws-lobby.ts)
 * and the per-account requests limit (admitRequest), and it cannot jump the queue: the oldest
 * request still chooses first. A pair starts its match through Rooms
 * (both seats taken, being played) and both players' sockets are sent `paired`. A request is
 * cancelled by `unseek`, when the socket that made it closes (ws-lobby.ts cancelSeeks), and
 * with all of its player's when his last socket closes (People.onLeave).
 */
export class PairingPool {
  private readonly waiting = new Map<string, Waiting>();
  /** The ids of each player's waiting requests: admitting and cancelling look at his own only. */
  private readonly byPlayer = new Map<string, Set<string>>();
  private readonly listeners = new Set<() => void>();
  private readonly starting = new Set<Promise<void>>();
  /**
   * The matches this pool started for each player that no read of his games has shown yet:
   * they count as unfinished, so that a request sent while his paired match is being stored
   * (or just after, before a read sees it) cannot take him past `openGames`. An id goes once a
   * read lists it, when its start fails, or when he leaves after it was stored.
   */
  private readonly unseen = new Map<string, Set<string>>();
  /** Matches being stored now. */
  private readonly storing = new Set<string>();
  private readonly options: PairingOptions;
  private readonly stopLeaving: () => void;
  private readonly schedule: PairingSchedule;
  private readonly link: PoolLink | null;
  private closed = false;

  constructor(private readonly deps: PairingPoolDeps) {
    this.options = deps.options ?? PAIRING_DEFAULTS;
    this.schedule = new PairingSchedule({
      now: deps.now,
      gapMs: deps.gapMs ?? PAIRING_GAP_MS,
      pair: () => this.pair(),
    });
    this.stopLeaving = deps.people.onLeave((userId) => {
      this.cancelAll(userId);
      this.forgetStored(userId);
      this.link?.forgetUser(userId);
    });
    this.link =
      deps.link === undefined
        ? null
        : new PoolLink(this.linked(), { ...deps.link, create: (row) => deps.rooms.create(row) });
  }

  /** Requests waiting now. */
  get size(): number {
    return this.waiting.size;
  }

  /** Adds a request of `seeker` for `input`, paired at once if it can be; answers it as the lobby shows it. */
  async seek(seeker: Seeker, input: SeekKind): Promise<Result<SeekView, SeekErrorCode>> {
    const request = { seeker, kind: input };
    // While the pool moves to another holder (up to the lease's ttl and renewal, about 4 s) the
    // request waits for it here, so the page is answered once rather than told to ask again.
    for (let tries = 1; ; tries++) {
      if (!this.link?.remote) return this.admit(request, undefined);
      const r = (await this.link.forward(request)) as Result<SeekView, SeekErrorCode>;
      if (!poolMoving(r) || tries >= POOL_MOVE_TRIES || this.closed) return r;
      await new Promise((resolve) => setTimeout(resolve, POOL_MOVE_RETRY_MS));
      if (this.deps.people.online(seeker.id) === 0) {
        return err('ERR_PAIRING_REQUEST', 'you are not connected here any more');
      }
    }
  }

  /**
   * Checks and adds a request made here (`origin` undefined) or on another instance, which
   * checks itself that its socket is still open; one sent again to a new holder keeps its id and age.
   */
  private async admit(forwarded: Forwarded, origin: string | undefined): Promise<Result<SeekView, SeekErrorCode>> {
    const { seeker, kind: input } = forwarded;
    const again = forwarded.id === undefined ? undefined : this.waiting.get(forwarded.id);
    if (again !== undefined && again.request.player === seeker.id) return ok(viewOf(again));
    const kind = parsePairingKind(input);
    if (!kind.ok) return kind;
    // Before the store is asked anything: admitRequest says it again after the awaits.
    if (kind.value.rated && !seeker.registered) return err('ERR_ACCOUNT_ONLY', 'only an account plays rated matches');
    const [rating, games] = await Promise.all([
      ratingIn(this.deps.store, seeker.id, ratingPool(kind.value)),
      this.deps.store.gamesOfUser(seeker.id, OPEN_GAMES_SCAN),
    ]);
    // Counted after the awaits: a match paired for him meanwhile is among the unseen.
    const correspondence = isCorrespondence(CLOCK_PRESETS[kind.value.clock]);
    const open = this.unfinishedGamesOf(seeker.id, games, correspondence);
    if (open >= (correspondence ? (this.deps.correspondenceGames ?? 100) : this.deps.openGames)) {
      const what = correspondence ? 'correspondence matches' : 'unfinished games';
      return err('ERR_TOO_MANY_GAMES', `you have ${open} ${what}; finish or resign one first`);
    }
    // His last socket closed while the store answered: he could not be sent into the match.
    if (this.closed || (origin === undefined && this.deps.people.online(seeker.id) === 0)) {
      return err('ERR_PAIRING_REQUEST', 'you are not connected here any more');
    }
    const request: PairingRequest = {
      id: forwarded.id ?? randomId(9),
      player: seeker.id,
      rating,
      since: forwarded.since ?? this.deps.now(),
      kind: kind.value,
    };
    // No await from here to the insertion: two requests sent together are admitted one by one.
    // Admission looks only at his own requests and one with the same id, so it need not see the rest.
    const clash = this.waiting.get(request.id);
    const own = this.requestsOf(seeker.id);
    const admitted = admitRequest(clash === undefined ? own : [...own, clash.request], request, seeker);
    if (!admitted.ok) return admitted;
    const entry: Waiting = {
      request,
      kind: seekKindOf(kind.value),
      name: seeker.name,
      registered: seeker.registered,
      origin,
    };
    this.add(entry);
    this.schedule.ask();
    this.changed();
    return ok(viewOf(entry));
  }

  /** Whether the request `id` waits in the pool. */
  waits(id: string): boolean {
    return this.link?.remote ? this.link.waits(id) : this.waiting.has(id);
  }

  /** Cancels one of the user's requests. */
  unseek(userId: string, id: string): Result<void, 'ERR_PAIRING_REQUEST'> {
    if (this.link?.remote) return this.link.unseek(userId, id);
    const entry = this.waiting.get(id);
    if (entry === undefined || entry.request.player !== userId) {
      return err('ERR_PAIRING_REQUEST', 'none of your requests waits with that id (it may have been paired)');
    }
    this.remove(id);
    this.changed();
    return ok(undefined);
  }

  /** Cancels every request of the user; answers how many. */
  cancelAll(userId: string): number {
    const ids = [...(this.byPlayer.get(userId) ?? [])];
    for (const id of ids) this.remove(id);
    if (ids.length > 0) this.changed();
    return ids.length;
  }

  /** How many wait for each kind (only kinds someone waits for), in a stable order. */
  counts(): PoolCount[] {
    if (this.link?.remote) return this.link.counts();
    const byKey = new Map<string, { kind: SeekKind; waiting: number }>();
    for (const entry of this.waiting.values()) {
      const key = kindKey(entry.request.kind);
      const count = byKey.get(key);
      if (count === undefined) byKey.set(key, { kind: entry.kind, waiting: 1 });
      else count.waiting++;
    }
    return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, count]) => count);
  }

  /** The user's waiting requests, oldest first. */
  seeksOf(userId: string): readonly SeekView[] {
    return this.seeksByPlayer().get(userId) ?? [];
  }

  /** Every waiting request by its player, each player's oldest first; one pass over the pool. */
  seeksByPlayer(): Map<string, SeekView[]> {
    if (this.link?.remote) return this.link.seeksByPlayer();
    const byPlayer = new Map<string, SeekView[]>();
    const oldestFirst = [...this.waiting.values()].sort((a, b) => a.request.since - b.request.since);
    for (const entry of oldestFirst) {
      const own = byPlayer.get(entry.request.player);
      if (own === undefined) byPlayer.set(entry.request.player, [viewOf(entry)]);
      else own.push(viewOf(entry));
    }
    return byPlayer;
  }

  /** Calls `listener` whenever the pool changes; the answer stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the timer and waits for the matches being started. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopLeaving();
    this.link?.close();
    this.schedule.close();
    this.waiting.clear();
    this.byPlayer.clear();
    await Promise.all([...this.starting]);
    this.unseen.clear();
  }

  private requests(): PairingRequest[] {
    return [...this.waiting.values()].map((entry) => entry.request);
  }

  private requestsOf(userId: string): PairingRequest[] {
    return [...(this.byPlayer.get(userId) ?? [])].flatMap((id) => this.waiting.get(id)?.request ?? []);
  }

  private add(entry: Waiting): void {
    this.waiting.set(entry.request.id, entry);
    const ids = this.byPlayer.get(entry.request.player);
    if (ids === undefined) this.byPlayer.set(entry.request.player, new Set([entry.request.id]));
    else ids.add(entry.request.id);
  }

  private remove(id: string): Waiting | undefined {
    const entry = this.waiting.get(id);
    if (entry === undefined) return undefined;
    this.waiting.delete(id);
    const ids = this.byPlayer.get(entry.request.player);
    ids?.delete(id);
    if (ids?.size === 0) this.byPlayer.delete(entry.request.player);
    if (entry.origin !== undefined) this.link?.gone(entry.origin, id);
    return entry;
  }

  /** What the link between instances does with this pool (pool-link.ts). */
  private linked(): LinkedPool {
    return {
      admit: (request, origin) => this.admit(request, origin),
      unseek: (userId, id) => this.unseek(userId, id),
      dropOrigin: (instance) => {
        const ids = [...this.waiting.values()].flatMap((w) => (w.origin === instance ? [w.request.id] : []));
        for (const id of ids) this.remove(id);
        if (ids.length > 0) this.changed();
      },
      handOver: () => {
        const own = [...this.waiting.values()].filter((w) => w.origin === undefined);
        this.waiting.clear();
        this.byPlayer.clear();
        return own.map((w) => ({
          seeker: { id: w.request.player, name: w.name, registered: w.registered },
          kind: w.kind,
          id: w.request.id,
          since: w.request.since,
        }));
      },
      counts: () => this.counts(),
      seeksByPlayer: () => this.seeksByPlayer(),
      heard: () => this.changed(),
    };
  }

  /**
   * Pairs the whole pool as it is now (the schedule says when), starts those matches and tells
   * the listeners; answers when the next band widens.
   */
  private pair(): number | null {
    if (this.closed) return null;
    const now = this.deps.now();
    const result = (this.deps.pairings ?? pairings)(this.requests(), now, this.options);
    for (const dropped of result.dropped) this.remove(dropped.id);
    for (const [a, b] of result.pairs) {
      const first = this.remove(a.id);
      const second = this.remove(b.id);
      if (first === undefined || second === undefined) continue;
      const started = this.start(first, second).finally(() => this.starting.delete(started));
      this.starting.add(started);
    }
    if (result.pairs.length > 0 || result.dropped.length > 0) this.changed();
    return nextWidening(result.waiting, now, this.options);
  }

  /** Stores and starts the match of a pair, then sends both players there. */
  private async start(first: Waiting, second: Waiting): Promise<void> {
    const seats = drawSeats([first, second], this.deps.coin);
    const row = pairedGameRow(
      first.request.kind,
      [
        { id: seats[0].request.player, name: seats[0].name },
        { id: seats[1].request.player, name: seats[1].name },
      ],
      this.deps.diceSeed,
      this.deps.now(),
    );
    const players = [first.request.player, second.request.player];
    for (const player of players) this.unseenOf(player).add(row.id);
    this.storing.add(row.id);
    try {
      if (this.link === null) await this.deps.rooms.create(row);
      else await this.link.create(row, first.origin);
    } catch (e) {
      for (const player of players) this.forget(player, row.id);
      // Their requests are gone: each is told, and his page may ask again.
      const away = isStoreUnavailable(e);
      if (!away) this.deps.log.error({ err: e }, 'a paired match could not be started');
      for (const w of [first, second]) {
        this.deps.people.send(w.request.player, {
          t: 'error',
          code: away ? 'ERR_STORE_UNAVAILABLE' : 'ERR_INTERNAL',
          message: 'the paired match could not be started; ask again',
        });
      }
      return;
    } finally {
      this.storing.delete(row.id);
      // One who left while it was stored is not kept for: his next request reads it from the store.
      for (const player of players) if (this.deps.people.online(player) === 0) this.forget(player, row.id);
    }
    for (const w of [first, second]) {
      this.deps.people.send(w.request.player, { t: 'paired', game: row.id, seek: w.request.id });
    }
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
    this.link?.publishSoon();
  }

  /**
   * His unfinished games among `rows` (his newest, just read), live or `correspondence` ones,
   * and the matches started for him that they lack.
   */
  private unfinishedGamesOf(userId: string, rows: readonly GameRow[], correspondence: boolean): number {
    for (const row of rows) this.forget(userId, row.id);
    const counted = (row: GameRow) => row.status !== 'over' && isCorrespondence(row.clock) === correspondence;
    const unfinished = rows.filter(counted).length;
    return unfinished + (this.unseen.get(userId)?.size ?? 0);
  }

  private unseenOf(userId: string): Set<string> {
    let ids = this.unseen.get(userId);
    if (ids === undefined) {
      ids = new Set();
      this.unseen.set(userId, ids);
    }
    return ids;
  }

  private forget(userId: string, gameId: string): void {
    const ids = this.unseen.get(userId);
    if (ids === undefined || !ids.delete(gameId) || ids.size > 0) return;
    this.unseen.delete(userId);
  }

  /** A player who left: his stored matches are read from the store when he asks again. */
  private forgetStored(userId: string): void {
    for (const id of [...(this.unseen.get(userId) ?? [])]) if (!this.storing.has(id)) this.forget(userId, id);
  }
}
