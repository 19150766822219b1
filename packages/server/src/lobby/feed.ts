import type { GameSummary, Lobby, PoolCount, SeekView, ServerMessage } from '@zar/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { Outage } from '../common/outage.js';
import { summaryOf } from '../game/games.js';
import { seatOf } from '../store/game-seats.js';
import type { GameRow, GamesStore } from '../store/types.js';

/** A socket watching the lobby: Connection fits. */
export interface LobbyWatcher {
  readonly userId: string | null;
  sendFrame(frame: string): void;
}

/** What the feed needs of the pairing pool. */
export interface LobbyPool {
  counts(): PoolCount[];
  /** Every waiting request by its player, each player's oldest first (only players who wait). */
  seeksByPlayer(): ReadonlyMap<string, readonly SeekView[]>;
  onChange(listener: () => void): () => void;
}

export interface LobbyFeedDeps {
  readonly store: GamesStore;
  readonly pool: LobbyPool;
  readonly log: FastifyBaseLogger;
  /** How often the open games are read again while someone watches (default 1 s). */
  readonly pollMs?: number;
  /** The least time between two pushes to the watchers (default 250 ms: at most four a second). */
  readonly gapMs?: number;
}

/** Open games listed, as GET /api/lobby lists them. */
export const LOBBY_GAMES = 50;

interface OpenGames {
  readonly rows: readonly GameRow[];
  /** As a visitor sees them; a watcher's own seats are put in per watcher. */
  readonly summaries: readonly GameSummary[];
  readonly json: string;
  /** The users seated in them: only their lobby differs from a visitor's games. */
  readonly seated: ReadonlySet<string>;
}

/**
 * The pool as one push shows it, read once for all the watchers: a push to thousands then
 * costs one pass over the pool and one serialization of the common lobby, not one per watcher.
 */
interface Snapshot {
  readonly pools: PoolCount[];
  readonly seeks: ReadonlyMap<string, readonly SeekView[]>;
  /** The frame of a watcher with no seat in the open games and no request: most watchers, one string. */
  readonly common: string;
}

/**
 * The live lobby: every watcher gets the lobby whole at once, and again
 * whenever it changes for him: the open games, the pool's counts per kind, his own requests.
 *
 * Games are made and joined over REST, possibly by another instance of the server on the same
 * database, so the open games are read from the store about once a second while anyone watches
 * (not at all otherwise), and pushed only when they changed. A change of the pool is pushed
 * without waiting for that read. Pushes are coalesced: at most one every `gapMs`, and a
 * watcher is sent nothing when his lobby is the one he was last sent.
 */
export class LobbyFeed {
  private readonly watchers = new Map<LobbyWatcher, { last: string | null }>();
  private readonly pollMs: number;
  private readonly gapMs: number;
  private readonly stopPool: () => void;
  private games: OpenGames | null = null;
  private reading: Promise<void> | null = null;
  private poller: NodeJS.Timeout | null = null;
  private pushTimer: NodeJS.Timeout | null = null;
  private lastPush = Number.NEGATIVE_INFINITY;
  private closed = false;
  private readonly outage: Outage;

  constructor(private readonly deps: LobbyFeedDeps) {
    this.outage = new Outage(
      deps.log,
      'the lobby could not read the open games',
      'the lobby reads the open games again',
    );
    this.pollMs = deps.pollMs ?? 1000;
    this.gapMs = deps.gapMs ?? 250;
    this.stopPool = deps.pool.onChange(() => this.push());
  }

  /** Watchers now. */
  get size(): number {
    return this.watchers.size;
  }

  /** Starts (or restarts) watching: the watcher is sent the lobby now. */
  async watch(watcher: LobbyWatcher): Promise<void> {
    if (this.closed) return;
    this.watchers.set(watcher, { last: null });
    this.startPolling();
    if (this.games === null) await this.read();
    this.sendTo(watcher);
  }

  unwatch(watcher: LobbyWatcher): void {
    this.watchers.delete(watcher);
    if (this.watchers.size > 0) return;
    // Nobody watches: no reads, and the next watcher starts from a fresh one.
    if (this.poller !== null) clearInterval(this.poller);
    this.poller = null;
    this.games = null;
  }

  close(): void {
    this.closed = true;
    this.stopPool();
    for (const watcher of [...this.watchers.keys()]) this.unwatch(watcher);
    if (this.pushTimer !== null) clearTimeout(this.pushTimer);
    this.pushTimer = null;
  }

  private snapshot(): Snapshot {
    const pools = this.deps.pool.counts();
    const seeks = this.deps.pool.seeksByPlayer();
    const common = this.lobbyIn({ pools, seeks, common: '' }, null);
    return { pools, seeks, common: JSON.stringify({ t: 'lobby', lobby: common } satisfies ServerMessage) };
  }

  private lobbyIn(snapshot: Snapshot, userId: string | null): Lobby {
    const seeks = userId === null ? [] : [...(snapshot.seeks.get(userId) ?? [])];
    const games = this.games;
    if (games === null) return { games: [], pools: snapshot.pools, seeks };
    if (userId === null || !games.seated.has(userId)) return { games: games.summaries, pools: snapshot.pools, seeks };
    const own = games.summaries.map((summary, i) => {
      const you = seatOf((games.rows[i] as GameRow).seats, userId);
      return you === null ? summary : { ...summary, you };
    });
    return { games: own, pools: snapshot.pools, seeks };
  }

  /** The frame of `userId` in `snapshot`: the common one unless he is seated in an open game or waits. */
  private frameIn(snapshot: Snapshot, userId: string | null): string {
    if (userId === null || (!this.games?.seated.has(userId) && !snapshot.seeks.has(userId))) return snapshot.common;
    return JSON.stringify({ t: 'lobby', lobby: this.lobbyIn(snapshot, userId) } satisfies ServerMessage);
  }

  private startPolling(): void {
    if (this.poller !== null) return;
    this.poller = setInterval(() => {
      this.read().then(
        () => this.outage.recovered(),
        (e: unknown) => this.outage.failed(e),
      );
    }, this.pollMs);
    this.poller.unref();
  }

  /** Reads the open games (one read at a time); a change is pushed. */
  private read(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const rows = await this.deps.store.openGames(LOBBY_GAMES);
        if (this.watchers.size === 0) return;
        const summaries = rows.map((row) => summaryOf(row, null));
        const json = JSON.stringify(summaries);
        if (json === this.games?.json) return;
        const seated = new Set(rows.flatMap((row) => row.seats.flatMap((seat) => seat.userId ?? [])));
        this.games = { rows, summaries, json, seated };
        // A watcher `watch` has just sent this lobby to is not sent it again (sendTo).
        this.push();
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** Pushes to every watcher, at most once every `gapMs`. */
  private push(): void {
    if (this.pushTimer !== null || this.watchers.size === 0 || this.closed) return;
    const wait = Math.max(0, this.lastPush + this.gapMs - performance.now());
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null;
      this.lastPush = performance.now();
      const snapshot = this.snapshot();
      for (const watcher of this.watchers.keys()) this.sendTo(watcher, snapshot);
    }, wait);
    this.pushTimer.unref();
  }

  private sendTo(watcher: LobbyWatcher, snapshot: Snapshot = this.snapshot()): void {
    const state = this.watchers.get(watcher);
    if (state === undefined) return;
    const frame = this.frameIn(snapshot, watcher.userId);
    if (frame === state.last) return;
    state.last = frame;
    watcher.sendFrame(frame);
  }
}
