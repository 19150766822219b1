import type { Pause } from '@zar/match';
import type { Liveness } from '../cluster/index.js';
import type { Log } from '../common/log.js';
import type { GameRow, GamesStore } from '../store/types.js';

/*
 * Which instance's room is a game's authority, beside other instances (docs/architecture.md
 * "Ownership and the fence"). The store holds each game's owner and epoch; a room writes with
 * its epoch, and the store refuses it once the ownership moved on, so an owner that was taken
 * over cannot write even when it wakes. An instance takes a game only when no live instance
 * holds it: nobody, itself, or one whose alive key is gone (Liveness.peers).
 */

/** What a room's instance is to the others: its name and who is alive. */
export interface RoomsCluster {
  readonly instance: string;
  readonly liveness: Liveness;
}

/** A game this instance now owns: the epoch its room writes with, and the downtime its clocks skip. */
export interface Claimed {
  readonly epoch: number;
  /** Taken from an instance that died: its wait for claims and seeds starts again now (upSince). */
  readonly takenOver: boolean;
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
   * Claims `row`'s game for a room here when no other live instance holds it; a game taken
   * from a dead owner (or from this instance's previous run) gets a pause for that downtime,
   * stored before its clock is read. Null for a game that is gone.
   */
  async claim(row: GameRow): Promise<ClaimAnswer | null> {
    for (let tries = 0; tries < CLAIM_TRIES; tries++) {
      const from = await this.store.ownerOf(row.id);
      if (from === null) return null;
      if (from.owner !== null && !this.alive(from.owner)) return this.takeOver(row, from.owner, from.epoch);
      if (from.owner !== null && from.owner !== this.instance) return { at: 'elsewhere', instance: from.owner };
      const r = await this.store.claimGame(row.id, this.instance, from);
      if (!r.ok) continue;
      // Held by this instance's previous run, and left as it stopped: that run's downtime is this game's.
      const own = from.owner === this.instance ? this.ownDowntime() : null;
      if (own !== null && row.updatedAt <= own.from) await this.store.addGamePause(row.id, own);
      return { at: 'here', epoch: r.value, takenOver: false };
    }
    throw new Error(`game ${row.id}: its ownership kept moving while it was claimed`);
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

  private async takeOver(row: GameRow, dead: string, epoch: number): Promise<ClaimAnswer | null> {
    const r = await this.store.claimGame(row.id, this.instance, { owner: dead, epoch });
    if (!r.ok) {
      // Another instance won the race: it holds the game now, if it is alive.
      const now = await this.store.ownerOf(row.id);
      if (now === null) return null;
      if (now.owner !== null && now.owner !== this.instance && this.alive(now.owner)) {
        return { at: 'elsewhere', instance: now.owner };
      }
      throw new Error(`game ${row.id}: lost its takeover from ${dead}, and no live instance holds it`);
    }
    let beat = this.lastBeats.get(dead);
    if (beat === undefined) {
      beat = this.store.lastBeat(dead);
      this.lastBeats.set(dead, beat);
      // A store away is asked again at the next game.
      beat.catch(() => this.lastBeats.delete(dead));
    }
    const last = await beat;
    const to = this.now();
    // No one could act while the dead owner was silent: its clocks skip that span, as after a restart.
    if (last !== null && last < to) await this.store.addGamePause(row.id, { from: last, to });
    return { at: 'here', epoch: r.value, takenOver: true };
  }
}
