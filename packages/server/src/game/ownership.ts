import type { Pause } from '@zar/match';
import type { Liveness } from '../cluster/index.js';
import type { Log } from '../common/log.js';
import type { GameOwner, GameRow, GamesStore } from '../store/types.js';

/*
 * Which instance's room is a game's authority, beside other instances (docs/architecture.md
 * "Ownership and the fence"). The store holds each game's owner and epoch; a room writes with
 * its epoch, and the store refuses it once the ownership moved on, so an owner that was taken
 * over cannot write even when it wakes. An instance takes a game only when no live instance
 * holds it: nobody, itself, or one whose alive key is gone. The peers of the last look
 * (Liveness.peers) are alive; one missing from them is looked up again (Liveness.aliveNow),
 * since it may have started since that look and created the game.
 */

/** What a room's instance is to the others: its name and who is alive. */
export interface RoomsCluster {
  readonly instance: string;
  readonly liveness: Liveness;
}

/** A game this instance now owns: the epoch its room writes with, and whom it was claimed from. */
export interface Claimed {
  readonly epoch: number;
  /** The owner before (none, this instance, or one that died: a takeover). */
  readonly from: string | null;
}

/** The claim of a game for a room here, or the live instance that holds it. */
export type ClaimAnswer = ({ readonly at: 'here' } & Claimed) | { readonly at: 'elsewhere'; readonly instance: string };

/** A CAS lost to another claimer is read again this many times before giving up. */
const CLAIM_TRIES = 3;

/**
 * The ownership of this instance's games: claims at creation and at load, releases, and the
 * pause each game taken from a dead owner gets for that owner's downtime.
 */
export class Ownership {
  readonly instance: string;
  /** Dead owners' last beats, read once for all their games (a takeover of many). */
  private readonly lastBeats = new Map<string, Promise<number | null>>();
  /** The last span this instance was fenced: its games, stepped down then, skip it when taken back. */
  private fenceGap: Pause | null = null;

  constructor(
    private readonly cluster: RoomsCluster,
    private readonly store: GamesStore,
    private readonly now: () => number,
    private readonly log: Log,
    /** This instance's own downtime before this start (heartbeat.ts): its games' pause when it takes them back. */
    private readonly ownDowntime: () => Pause | null,
  ) {
    this.instance = cluster.instance;
  }

  /** This instance may act as an owner: its alive key is surely still there. */
  get live(): boolean {
    return this.cluster.liveness.live;
  }

  /** Claimed from an instance that died: its waits for claims and seeds start again now (upSince). */
  takenOver(claimed: Claimed): boolean {
    return claimed.from !== null && claimed.from !== this.instance;
  }

  /** Some other instance is alive (to hand games over to). */
  get hasPeers(): boolean {
    return this.cluster.liveness.peers().size > 0;
  }

  /** Whether `instance` is alive (this one, or a peer at the last look). */
  alive(instance: string): boolean {
    return instance === this.instance || this.cluster.liveness.peers().has(instance);
  }

  /** A game just created, free (epoch 0): this instance's. */
  async claimNew(id: string): Promise<number | null> {
    const r = await this.store.claimGame(id, this.instance, { owner: null, epoch: 0 });
    return r.ok ? r.value : null;
  }

  /**
   * Claims the game for a room here when no other live instance holds it, from `hint` (the
   * owner and epoch a takeover read in its list) or as the store says now. Null for an unknown game.
   */
  async claim(id: string, hint?: GameOwner): Promise<ClaimAnswer | null> {
    let from = hint ?? (await this.store.ownerOf(id));
    for (let tries = 0; tries < CLAIM_TRIES; tries++) {
      if (from === null) return null;
      const { owner } = from;
      if (owner !== null && owner !== this.instance && (await this.cluster.liveness.aliveNow(owner)))
        return { at: 'elsewhere', instance: owner };
      const r = await this.store.claimGame(id, this.instance, from);
      if (r.ok) return { at: 'here', epoch: r.value, from: owner };
      // Another claim came first (a survivor racing for a dead owner's game): read who holds it now.
      from = await this.store.ownerOf(id);
    }
    throw new Error(`game ${id}: its ownership kept moving while it was claimed`);
  }

  /**
   * A takeover's claim of a page of `dead`'s games at once (the store's takeGames), each given
   * the dead owner's downtime as its pause, as pauseFor gives one game: the games claimed,
   * with their epochs. None while `dead` is alive after all (the one look for the page).
   */
  async takeMany(ids: readonly string[], dead: string): Promise<Map<string, Claimed>> {
    const claimed = new Map<string, Claimed>();
    if (ids.length === 0 || (await this.cluster.liveness.aliveNow(dead))) return claimed;
    const last = await this.lastBeatOf(dead);
    const to = this.now();
    const pause = last !== null && last < to ? { from: last, to } : null;
    for (const g of await this.store.takeGames(ids, this.instance, dead, pause))
      claimed.set(g.id, { epoch: g.epoch, from: dead });
    return claimed;
  }

  /**
   * The downtime of a game just claimed, stored as its own pause before its clock is read: a
   * dead owner's, from its last beat to now; this instance's previous run's, for a game it left
   * as it stopped. No one could act meanwhile, so the clocks skip it, as after a restart.
   */
  async pauseFor(claimed: Claimed, row: Pick<GameRow, 'id' | 'updatedAt'>): Promise<void> {
    const { from } = claimed;
    if (from === null) return;
    if (from === this.instance) {
      for (const own of [this.ownDowntime(), this.fenceGap]) {
        if (own !== null && row.updatedAt <= own.from) await this.store.addGamePause(row.id, own);
      }
      return;
    }
    const last = await this.lastBeatOf(from);
    const to = this.now();
    if (last !== null && last < to) await this.store.addGamePause(row.id, { from: last, to });
  }

  /** The fence lifted: it held from `gap.from` to `gap.to`, and no room of this instance ran meanwhile. */
  unfenced(gap: Pause): void {
    this.fenceGap = gap;
  }

  /** Leaves a game without an owner, for another instance to claim on its next command. */
  async release(id: string, epoch: number): Promise<void> {
    const r = await this.store.releaseGame(id, this.instance, epoch);
    if (!r.ok) this.log.warn({ game: id, epoch }, 'a game released was no longer this instance’s');
  }

  /** A dead instance left no more games: its last beat is not kept. */
  forget(instance: string): void {
    this.lastBeats.delete(instance);
  }

  /** A dead owner's last beat, read once for all its games. */
  private lastBeatOf(dead: string): Promise<number | null> {
    let beat = this.lastBeats.get(dead);
    if (beat === undefined) {
      beat = this.store.lastBeat(dead);
      this.lastBeats.set(dead, beat);
      // A store away is asked again at the next game.
      beat.catch(() => this.lastBeats.delete(dead));
    }
    return beat;
  }
}
