import type { Liveness } from '../cluster/index.js';
import type { Log } from '../common/log.js';
import type { GameOwner, GamesStore, OwnedGame } from '../store/types.js';
import type { Ownership } from './ownership.js';

/*
 * The games of an instance that died are taken over by the others: each survivor, told of the
 * death (Liveness.onPeer) or finding it in its scan, claims the dead instance's games a page
 * at a time, in one statement for the page, reads the page's rows and actions in two more, and
 * rebuilds each game from its record, as a restart does (Rooms.takeMany; bots and clocks resume
 * in Room.start). One by one, four round trips a game queued behind the live games' writes in
 * the store's pool: 1,000 games took 6 s and more. Survivors racing for a game are settled by
 * the store's CAS: one wins, the others find it elsewhere. A death is seen within two polls
 * when the dead process's connection to Redis closes with it, else within the alive key's
 * lifetime and a poll (cluster/liveness.ts, config.ts): the rest of the 5 s is this.
 */

/** Games read and claimed from a dead instance at a time. */
const PAGE = 100;
/** This instance's own games taken back at once (after a fence), one by one. */
const AT_ONCE = 8;
/**
 * For this long after a death each survivor takes only its share of the games (by a hash of
 * their ids over the survivors), so that they do not all race for every game; then any left.
 */
const SHARE_MS = 2000;

export interface TakeoverDeps {
  readonly ownership: Ownership;
  readonly liveness: Liveness;
  readonly store: Pick<GamesStore, 'gamesOwnedBy'>;
  readonly log: Log;
  /** Builds the game's room here, claiming it from its owner as listed (Rooms.locate); false when another instance won it. */
  readonly take: (id: string, from: GameOwner) => Promise<boolean>;
  /** Claims a page of `dead`'s games at once and builds their rooms here (Rooms.takeMany): how many are here now. */
  readonly takeMany: (dead: string, ids: readonly string[]) => Promise<number>;
  /** How often the instances known to have owned games are looked at again (missed deaths, failed takes). */
  readonly scanMs: number;
}

export class Takeover {
  /** Instances seen alive or owning a game: once dead, their games are looked for until none is left. */
  private readonly known = new Set<string>();
  private readonly taking = new Map<string, Promise<void>>();
  /** When each dead instance was first found dead (performance.now), for SHARE_MS. */
  private readonly deadSince = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopPeers: (() => void) | null = null;
  private closed = false;

  constructor(private readonly deps: TakeoverDeps) {}

  /** Listens for deaths and scans on a timer; the instances dead already are taken from at once. */
  start(): void {
    if (this.closed) return;
    for (const peer of this.deps.liveness.peers()) this.known.add(peer);
    this.stopPeers = this.deps.liveness.onPeer((instance, up) => {
      if (up) {
        this.known.add(instance);
        this.deadSince.delete(instance);
        this.deps.ownership.forget(instance);
      } else void this.takeFrom(instance);
    });
    this.timer = setInterval(() => this.scan(), this.deps.scanMs);
    this.timer.unref();
    this.scan();
  }

  /** An instance found owning a game: watched from now on. */
  seen(instance: string): void {
    if (instance !== this.deps.ownership.instance) this.known.add(instance);
  }

  /** Takes from every known instance that is not alive. */
  scan(): void {
    for (const instance of this.known) {
      if (!this.deps.ownership.alive(instance)) void this.takeFrom(instance);
    }
  }

  /** Takes every game `dead` owns; resolves when the pass is over (one pass at a time per instance). */
  takeFrom(dead: string): Promise<void> {
    let pass = this.taking.get(dead);
    if (pass === undefined) {
      pass = this.pass(dead)
        .catch((e: unknown) => this.deps.log.warn({ err: e, from: dead }, 'a takeover failed: the scan tries again'))
        .finally(() => this.taking.delete(dead));
      this.taking.set(dead, pass);
    }
    return pass;
  }

  /**
   * This instance is live again after a fence: the games it still owns (no peer took them) are
   * rebuilt here, bots and clocks going on without waiting for someone to ask for each.
   */
  takeBack(): Promise<void> {
    const self = this.deps.ownership.instance;
    let pass = this.taking.get(self);
    if (pass === undefined) {
      pass = this.ownPass()
        .catch((e: unknown) => this.deps.log.warn({ err: e }, 'could not take this instance’s games back'))
        .finally(() => this.taking.delete(self));
      this.taking.set(self, pass);
    }
    return pass;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.stopPeers?.();
    await Promise.all([...this.taking.values()]);
  }

  private async pass(dead: string): Promise<void> {
    const since = this.deadSince.get(dead) ?? performance.now();
    this.deadSince.set(dead, since);
    const mine = performance.now() - since < SHARE_MS ? this.share() : null;
    let after: string | null = null;
    let taken = 0;
    for (;;) {
      if (this.closed || !this.deps.ownership.live || this.deps.ownership.alive(dead)) return;
      const page = await this.deps.store.gamesOwnedBy(dead, after, PAGE);
      if (page.length === 0 && after === null) {
        // Nothing left to take: forgotten until it is seen again.
        this.known.delete(dead);
        this.deadSince.delete(dead);
        this.deps.ownership.forget(dead);
        return;
      }
      const games = mine === null ? page : page.filter((g) => mine(g.id));
      if (games.length > 0)
        taken += await this.deps.takeMany(
          dead,
          games.map((g) => g.id),
        );
      if (page.length < PAGE) break;
      after = page[page.length - 1]?.id ?? null;
    }
    if (taken > 0) this.deps.log.warn({ from: dead, games: taken }, 'took over the games of an instance that died');
  }

  private async ownPass(): Promise<void> {
    const self = this.deps.ownership.instance;
    let after: string | null = null;
    for (;;) {
      if (this.closed || !this.deps.ownership.live) return;
      const page = await this.deps.store.gamesOwnedBy(self, after, PAGE);
      await this.takeAll(self, page);
      if (page.length < PAGE) return;
      after = page[page.length - 1]?.id ?? null;
    }
  }

  /** Whether a game is this instance's share among the survivors (the same answer at each of them). */
  private share(): (id: string) => boolean {
    const survivors = [this.deps.ownership.instance, ...this.deps.liveness.peers()].sort();
    const index = survivors.indexOf(this.deps.ownership.instance);
    return (id) => hashOf(id) % survivors.length === index;
  }

  /** Takes back this instance's own `games`, AT_ONCE at a time; answers how many were taken (a failure is left for the next scan). */
  private async takeAll(owner: string, games: readonly OwnedGame[]): Promise<number> {
    let next = 0;
    let taken = 0;
    const worker = async (): Promise<void> => {
      while (next < games.length && !this.closed) {
        const { id, epoch } = games[next++] as OwnedGame;
        try {
          if (await this.deps.take(id, { owner, epoch })) taken++;
        } catch (e) {
          this.deps.log.warn({ err: e, game: id }, 'could not take over a game: the scan tries again');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, games.length) }, worker));
    return taken;
  }
}

/** FNV-1a over the id's UTF-16 units: cheap, and the same at every instance. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
