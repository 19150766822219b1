import type { ChatViewer } from '../../chat/channels.js';
import type { Log } from '../../common/log.js';
import { seatOf } from '../../store/game-seats.js';
import type { GameRow, Store } from '../../store/types.js';
import { RETRY, retryWaitMs, type Subscriber } from '../room-result.js';
import { spectatorCount } from './spectators.js';
import { type GameTournament, type ViewerKey, viewerKey } from './view.js';

/** Tries at looking a spectator up while the database is away (waits of 0.25 s doubling: about 8 s in all). */
const LOOKUP_TRIES = 6;

/** What a room's watchers need from the room's dependencies (RoomDeps). */
export interface WatchDeps {
  readonly store: Pick<Store, 'userById' | 'tournamentById'>;
  readonly log: Log;
}

/**
 * What a room knows of who watches its match beyond its players: how many spectators, which
 * of them have an account (a guest spectator only reads the chat), and the tournament the
 * match is a round of. An account is looked up once, when its first socket subscribes, so that
 * writing a frame never waits on the store.
 */
export class RoomWatch {
  private count = 0;
  /** Spectators' users known to have an account (true) or to be guests (false). */
  private readonly accounts = new Map<string, boolean>();
  private shownTournament: GameTournament | null = null;

  constructor(private readonly deps: WatchDeps) {}

  /** Spectators watching now. */
  get spectators(): number {
    return this.count;
  }

  get tournament(): GameTournament | null {
    return this.shownTournament;
  }

  /** Counts the spectators among `subscribers` again; true when the count changed. */
  recount(seats: GameRow['seats'], subscribers: Iterable<Subscriber>): boolean {
    const count = spectatorCount(seats, subscribers);
    if (count === this.count) return false;
    this.count = count;
    return true;
  }

  /** The viewer `userId` is, as the chat sees him. A spectator not yet looked up counts as a guest. */
  viewer(seats: GameRow['seats'], userId: string | null): ChatViewer {
    const you = seatOf(seats, userId);
    return { you, account: you !== null || (userId !== null && this.accounts.get(userId) === true) };
  }

  key(seats: GameRow['seats'], userId: string | null): ViewerKey {
    return viewerKey(this.viewer(seats, userId));
  }

  /**
   * A spectator subscribed (`sub`, now among `subscribers`): his user is looked up once (while
   * any of his sockets watches). True once he is found to have an account while `sub` still
   * watches: the room then sends him the view that lets him write.
   */
  learn(seats: GameRow['seats'], sub: Subscriber, subscribers: Set<Subscriber>, tries = 0): Promise<boolean> {
    const { userId } = sub;
    if (userId === null || seatOf(seats, userId) !== null || this.accounts.has(userId)) return NOT_LOOKED_UP;
    return this.deps.store.userById(userId).then(
      (user) => {
        if (!subscribers.has(sub)) return false;
        const account = user !== null && user.name !== null;
        this.accounts.set(userId, account);
        return account;
      },
      (e: unknown) => {
        this.deps.log.warn({ err: e, user: userId }, 'could not look a spectator up');
        // The database was away: asked again while he watches, or his view would say he may not write.
        if (tries + 1 >= LOOKUP_TRIES) return false;
        return new Promise<boolean>((resolve) => {
          const again = () => resolve(subscribers.has(sub) && this.learn(seats, sub, subscribers, tries + 1));
          setTimeout(again, retryWaitMs(RETRY, tries)).unref();
        });
      },
    );
  }

  /** `userId` watches no more: he is looked up again if he comes back (he may have registered). */
  forget(userId: string | null, subscribers: Iterable<Subscriber>): void {
    if (userId === null) return;
    for (const sub of subscribers) if (sub.userId === userId) return;
    this.accounts.delete(userId);
  }

  /** Reads the name of the tournament the match is a round of, once, when the room starts. */
  async readTournament(row: GameRow): Promise<void> {
    const t = row.tournament;
    if (t === null || this.shownTournament !== null) return;
    try {
      const name = (await this.deps.store.tournamentById(t.id))?.data.name;
      this.shownTournament = { id: t.id, name: typeof name === 'string' ? name : '', round: t.round };
    } catch (e) {
      // The match is shown without its tournament rather than not at all; the next load reads it again.
      this.deps.log.warn({ err: e, tournament: t.id }, 'could not read the tournament of a match');
    }
  }
}

const NOT_LOOKED_UP: Promise<boolean> = Promise.resolve(false);
