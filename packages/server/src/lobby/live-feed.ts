import { ok } from '@zar/engine';
import { INITIAL_RATING } from '@zar/match';
import { type GameView, LIVE_GAMES_LIMIT, type LiveGame, type LiveGames, type ServerMessage } from '@zar/protocol';
import type { Rpc } from '../cluster/index.js';
import type { Lease } from '../cluster/lease.js';
import type { Log } from '../common/log.js';
import { Outage } from '../common/outage.js';
import { TtlCache } from '../common/ttl-cache.js';
import type { GameRow, Store } from '../store/types.js';
import { bestLive, type LiveFacts, liveFactsOf, liveGameOf } from './live-games.js';

/** A socket watching the live list: Connection fits. */
export interface LiveWatcher {
  sendFrame(frame: string): void;
}

/** What the feed needs of the rooms: a game's view as a spectator sees it (Rooms fits). */
export interface LiveRooms {
  get(id: string): Promise<{ view(userId: string | null): GameView } | null>;
}

/** Where a game's room is (Rooms.locate fits): here, with its view, or at another instance. */
type LiveLocated =
  | { at: 'here'; room: { view(userId: string | null): GameView } }
  | { at: 'elsewhere'; instance: string };

/**
 * Beside other instances: the lease's holder (the pairing pool's) reads the list, asking each
 * game's owner for what its room shows, and the others ask the holder for it, so that the
 * list is the same from every instance and the store is read once a second for them all.
 */
export interface LiveLink {
  readonly lease: Pick<Lease, 'held' | 'holder'>;
  readonly rpc: Rpc;
  locate(id: string): Promise<LiveLocated | null>;
}

/** Asked of the holder: the list (JSON LiveGames). */
const LIST = 'live.list';
/** Asked of an owner: JSON ids; answered JSON [[id, LiveFacts], …] for those whose room is there. */
const FACTS = 'live.facts';

export interface LiveFeedDeps {
  readonly store: Pick<Store, 'playingGames' | 'ratingsOf'>;
  readonly rooms: LiveRooms;
  /** Beside other instances (LiveLink); alone when left out. */
  readonly link?: LiveLink;
  readonly now: () => number;
  readonly log: Log;
  /** How often the list is read again while someone watches, and how long one read is served (default 1 s). */
  readonly pollMs?: number;
}

/** A game counts as being played when something happened in it this recently. */
export const LIVE_WITHIN_MS = 10 * 60_000;
/**
 * Games read for the list: the store gives the latest played; the list keeps the best
 * LIVE_GAMES_LIMIT of them. Twice the list, so that games left out (spectators forbidden) and
 * a strong game a little older than the latest still find a place.
 */
export const LIVE_CANDIDATES = 2 * LIVE_GAMES_LIMIT;
/** A player's ratings are read from the store at most once a minute for the list. */
const RATINGS_TTL_MS = 60_000;

interface Read {
  readonly at: number;
  readonly list: Promise<LiveGames>;
}

/**
 * The live list of games: games being played with both seats taken and spectators
 * allowed, best first (live-games.ts). It is read about once a second while anyone watches
 * (games are played on, and made, by other instances too), from the store's latest games and
 * each game's room (its clock, score and spectators as of now), and pushed whole to every
 * watcher when it changed: at most once a second. GET /api/live answers the same list, read
 * at most once a second however many ask.
 */
export class LiveFeed {
  private readonly watchers = new Map<LiveWatcher, { last: string | null }>();
  private readonly pollMs: number;
  private readonly ratings = new TtlCache<Awaited<ReturnType<Store['ratingsOf']>>>(RATINGS_TTL_MS, 10_000);
  private last: Read | null = null;
  /** The frame of the last list sent: written once per list, whoever it goes to. */
  private framed: { readonly list: LiveGames; readonly frame: string } | null = null;
  private poller: NodeJS.Timeout | null = null;
  private polling = false;
  private closed = false;
  private readonly outage: Outage;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly deps: LiveFeedDeps) {
    this.pollMs = deps.pollMs ?? 1000;
    this.outage = new Outage(deps.log, 'the live list could not be read', 'the live list is read again');
    const link = deps.link;
    if (link === undefined) return;
    this.stops.push(
      link.rpc.serve(LIST, async () => ok(JSON.stringify(await this.current()))),
      link.rpc.serve(FACTS, async (body) => {
        const found = await Promise.all(
          (JSON.parse(body) as string[]).map(async (id) => {
            const at = await link.locate(id);
            return at?.at === 'here' ? [[id, liveFactsOf(at.room.view(null))] as const] : [];
          }),
        );
        return ok(JSON.stringify(found.flat()));
      }),
    );
  }

  /** Watchers now. */
  get size(): number {
    return this.watchers.size;
  }

  /** Starts (or restarts) watching: the watcher is sent the list now, then whenever it changes. */
  async watch(watcher: LiveWatcher): Promise<void> {
    if (this.closed) return;
    this.watchers.set(watcher, { last: null });
    this.startPolling();
    this.sendTo(watcher, await this.current());
  }

  unwatch(watcher: LiveWatcher): void {
    this.watchers.delete(watcher);
    if (this.watchers.size > 0 || this.poller === null) return;
    clearInterval(this.poller);
    this.poller = null;
  }

  /** The list, read at most once every `pollMs` (a failed read is not kept). */
  current(): Promise<LiveGames> {
    const now = this.deps.now();
    if (this.last !== null && now - this.last.at < this.pollMs) return this.last.list;
    return this.readNow(now);
  }

  close(): void {
    this.closed = true;
    for (const stop of this.stops) stop();
    for (const watcher of [...this.watchers.keys()]) this.unwatch(watcher);
  }

  private startPolling(): void {
    if (this.poller !== null) return;
    this.poller = setInterval(() => {
      // A read slower than the poll (the database struggling) is not joined by another.
      if (this.polling) return;
      this.polling = true;
      this.readNow(this.deps.now())
        .then(
          (list) => {
            this.outage.recovered();
            for (const watcher of this.watchers.keys()) this.sendTo(watcher, list);
          },
          (e: unknown) => this.outage.failed(e),
        )
        .finally(() => {
          this.polling = false;
        });
    }, this.pollMs);
    this.poller.unref();
  }

  /** Reads the list now; it is served to whoever asks for the next `pollMs`. */
  private readNow(now: number): Promise<LiveGames> {
    const read: Read = { at: now, list: this.read(now) };
    this.last = read;
    read.list.catch(() => {
      if (this.last === read) this.last = null;
    });
    return read.list;
  }

  /** Sends the list unless it is the one the watcher was last sent. */
  private sendTo(watcher: LiveWatcher, list: LiveGames): void {
    const state = this.watchers.get(watcher);
    if (state === undefined) return;
    const frame = this.frameOf(list);
    if (frame === state.last) return;
    state.last = frame;
    watcher.sendFrame(frame);
  }

  /** The `live` frame of `list`, serialised once however many watchers it goes to. */
  private frameOf(list: LiveGames): string {
    if (this.framed?.list === list) return this.framed.frame;
    const frame = JSON.stringify({ t: 'live', live: list } satisfies ServerMessage);
    this.framed = { list, frame };
    return frame;
  }

  private async read(now: number): Promise<LiveGames> {
    const link = this.deps.link;
    if (link !== undefined && !link.lease.held && link.lease.holder !== null) {
      const answer = await link.rpc.ask(link.lease.holder, LIST, '');
      if (answer.ok) return JSON.parse(answer.value) as LiveGames;
      // The holder is away (the lease moving): read here meanwhile.
      this.deps.log.warn({ code: answer.error.code }, 'the live list could not be had from the pool’s holder');
    }
    const rows = await this.deps.store.playingGames(now - LIVE_WITHIN_MS, LIVE_CANDIDATES);
    const facts = link === undefined ? null : await this.factsOf(link, rows);
    const games = await Promise.all(rows.map((row) => this.gameOf(row, now, facts)));
    return {
      games: bestLive(
        games.flatMap((g) => (g === null ? [] : [g])),
        LIVE_GAMES_LIMIT,
      ),
    };
  }

  /**
   * What each game's room shows, here or at its owner: one question per instance that owns
   * some of them. A game whose room cannot be had now is left out of this read.
   */
  private async factsOf(link: LiveLink, rows: readonly GameRow[]): Promise<Map<string, LiveFacts>> {
    const facts = new Map<string, LiveFacts>();
    const away = new Map<string, string[]>();
    await Promise.all(
      rows.map(async (row) => {
        try {
          const at = await link.locate(row.id);
          if (at?.at === 'here') facts.set(row.id, at.room.view(null));
          else if (at?.at === 'elsewhere') away.set(at.instance, [...(away.get(at.instance) ?? []), row.id]);
        } catch (e) {
          this.deps.log.warn({ err: e, game: row.id }, 'a live game could not be listed');
        }
      }),
    );
    await Promise.all(
      [...away].map(async ([instance, ids]) => {
        const answer = await link.rpc.ask(instance, FACTS, JSON.stringify(ids));
        if (!answer.ok) {
          this.deps.log.warn({ instance, code: answer.error.code }, 'the live games of an instance could not be had');
          return;
        }
        for (const [id, found] of JSON.parse(answer.value) as [string, LiveFacts][]) facts.set(id, found);
      }),
    );
    return facts;
  }

  /** One game as listed; null when it is not to be (or its room cannot be had now). */
  private async gameOf(row: GameRow, now: number, facts: Map<string, LiveFacts> | null): Promise<LiveGame | null> {
    try {
      let view: LiveFacts | undefined;
      if (facts !== null) view = facts.get(row.id);
      else view = (await this.deps.rooms.get(row.id))?.view(null);
      if (view === undefined) return null;
      const ratings = await Promise.all([0, 1].map((p) => this.ratingOf(row, view, p as 0 | 1, now)));
      return liveGameOf(row, view, [ratings[0] ?? null, ratings[1] ?? null]);
    } catch (e) {
      this.deps.log.warn({ err: e, game: row.id }, 'a live game could not be listed');
      return null;
    }
  }

  /**
   * A seat's rating in the match's pool: in a rated match the one its view shows (as the
   * match began); in a casual one, the player's rating there if he has played rated in it.
   */
  private async ratingOf(row: GameRow, view: LiveFacts, p: 0 | 1, now: number): Promise<number | null> {
    const seat = row.seats[p];
    if (seat.kind !== 'human' || seat.userId === null || row.pool === null) return null;
    if (row.rated) return view.players[p].rating ?? INITIAL_RATING;
    const userId = seat.userId;
    const rows =
      this.ratings.fresh(userId, now) ?? this.ratings.put(userId, now, () => this.deps.store.ratingsOf(userId));
    return (await rows).find((r) => r.pool === row.pool)?.rating ?? null;
  }
}
