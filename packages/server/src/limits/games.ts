import { ok, type Result } from '@zar/engine';
import type { ClockSettings } from '@zar/match';
import type { Store } from '../store/types.js';
import { type TooMany, tooMany } from './bucket.js';
import type { Limits } from './config.js';
import type { RateLimiter, RateLimiters } from './limiter.js';

export interface TooManyGames {
  readonly code: 'ERR_TOO_MANY_GAMES';
  readonly message: string;
}

/** The newest games of a player looked at to count his unfinished ones (a flood is all recent). */
export const OPEN_GAMES_SCAN = 200;

/**
 * The player's unfinished live games among his newest OPEN_GAMES_SCAN: what the `openGames`
 * limit holds. Correspondence matches are counted apart (correspondenceGames).
 */
export async function unfinishedGames(store: Pick<Store, 'gamesOfUser'>, userId: string): Promise<number> {
  const rows = await store.gamesOfUser(userId, OPEN_GAMES_SCAN);
  return rows.filter((row) => row.status !== 'over' && row.clock.kind !== 'correspondence').length;
}

/** The player's unfinished correspondence matches, counted up to one past the `correspondenceGames` limit. */
export async function unfinishedCorrespondence(
  store: Pick<Store, 'correspondenceOfUser'>,
  userId: string,
  limit: number,
): Promise<number> {
  return (await store.correspondenceOfUser(userId, limit + 1)).length;
}

/** Places a start takes: the key of the starts under way, the limit, what they are in words. */
interface Places {
  readonly key: string;
  readonly cap: number;
  readonly what: string;
}

/** What a start is: a live match, or a correspondence one (each kind has its own limit). */
export type StartKind = 'live' | 'correspondence';

export const startKind = (clock: ClockSettings | undefined): StartKind =>
  clock?.kind === 'correspondence' ? 'correspondence' : 'live';

/** Who starts a match by his own action: his user id (`address:IP` for a visitor not yet a guest) and his address. */
export interface Starter {
  readonly id: string;
  readonly address: string;
}

/** A start admitted: `release` once the game is stored (or was not), giving back the places it held. */
export type Admission = { ok: true; release: () => void } | { ok: false; error: TooMany | TooManyGames };

/** What the rooms and the routes ask of the guard (GameGuard.admit). */
export interface StartGuard {
  admit(by: Starter, seated: () => Promise<readonly string[]>, kind?: StartKind): Promise<Admission>;
}

/**
 * How many games a player may start: `gamesPerMinute` per account and per address (a guest
 * is one request away from a new account, so the address is what holds him), and at most
 * `openGames` unfinished at once, counted among his newest OPEN_GAMES_SCAN games. Without
 * them a single guest once started 13,800 bot games in a minute, each kept in memory and
 * reloaded when the server starts.
 */
export class GameGuard implements StartGuard {
  private readonly byAddress: RateLimiter;
  private readonly byAccount: RateLimiter;
  /** Creations under way per user, counted with the stored ones so parallel requests cannot pass the cap. */
  private readonly starting = new Map<string, number>();

  constructor(
    private readonly limits: Limits,
    /**
     * What `admit` counts unfinished games with, and its clock (the routes' own store and
     * time); where the rates are kept (Redis beside other instances, memory alone: app.ts).
     */
    private readonly deps: {
      readonly store: Pick<Store, 'gamesOfUser' | 'correspondenceOfUser'>;
      readonly now: () => number;
      readonly limiters: RateLimiters;
    },
  ) {
    const limiters = deps.limiters;
    this.byAddress = limiters.limiter('games-by-address', limits.gamesPerMinute, limits.gamesPerMinute);
    this.byAccount = limiters.limiter('games-by-account', limits.gamesPerMinute, limits.gamesPerMinute);
  }

  /**
   * The one check every match a person starts passes, whatever the way (a new game, a lobby
   * game joined, an invitation accepted, a rematch agreed, a pairing request): one game of the minute of the person
   * whose action starts it (`by`, his account and his address), then a place among the
   * unfinished games of each person it seats (`seated`, asked once the rate has passed, so that
   * a visitor refused is not made a guest first; none for a pairing request, whose pool counts
   * its own matches in flight). A tournament's round is started by the
   * tournament, not by a person, and does not come here. A correspondence match takes a place
   * among the person's correspondence matches (`correspondenceGames`) instead.
   */
  async admit(by: Starter, seated: () => Promise<readonly string[]>, kind: StartKind = 'live'): Promise<Admission> {
    const { deps } = this;
    const refused = await this.rate(by.id, by.address, deps.now());
    if (refused !== null) return { ok: false, error: refused };
    const held: (() => void)[] = [];
    const release = () => {
      for (const r of held.splice(0)) r();
    };
    try {
      for (const userId of new Set(await seated())) {
        const whose = userId === by.id ? 'you have' : 'your opponent has';
        const place =
          kind === 'live'
            ? await this.reserve(userId, () => unfinishedGames(deps.store, userId), whose)
            : await this.reserveCorrespondence(userId, whose);
        if (!place.ok) {
          release();
          return place;
        }
        held.push(place.value);
      }
    } catch (e) {
      release();
      throw e;
    }
    return { ok: true, release };
  }

  /** A game started now by `userId` from `address`; null when it may go ahead. */
  async rate(userId: string, address: string, now: number): Promise<TooMany | null> {
    const taken = await this.byAddress.take(address, now);
    const refused = taken.ok ? await this.byAccount.take(userId, now) : taken;
    return refused.ok ? null : tooMany('too many new games', refused.retryAfterMs);
  }

  /** reserve, among the player's correspondence matches and their own limit. */
  private reserveCorrespondence(userId: string, whose: string): Promise<Result<() => void, TooManyGames['code']>> {
    const { correspondenceGames } = this.limits;
    const count = () => unfinishedCorrespondence(this.deps.store, userId, correspondenceGames);
    const of = { key: `correspondence:${userId}`, cap: correspondenceGames, what: 'correspondence matches' };
    return this.reserve(userId, count, whose, of);
  }

  /**
   * Counts the player's unfinished games (`countOpen`) with those being started; when there
   * is room, holds a place until the release it answers is called (once the game is stored,
   * or was not). `of`: which places (a key of the starts under way, and their limit); his live
   * games' when left out.
   */
  async reserve(
    userId: string,
    countOpen: () => Promise<number>,
    whose = 'you have',
    of: Places = { key: userId, cap: this.limits.openGames, what: 'unfinished games' },
  ): Promise<Result<() => void, TooManyGames['code']>> {
    const { key, cap, what } = of;
    // Held before the await, so that a request arriving meanwhile counts this one.
    this.starting.set(key, (this.starting.get(key) ?? 0) + 1);
    const release = () => {
      const n = (this.starting.get(key) ?? 1) - 1;
      if (n > 0) this.starting.set(key, n);
      else this.starting.delete(key);
    };
    let open: number;
    try {
      open = await countOpen();
    } catch (e) {
      release();
      throw e;
    }
    // This request is among `starting`; a game stored meanwhile may be counted twice, which
    // errs towards refusing, and only while requests run in parallel.
    if (open + (this.starting.get(key) ?? 1) - 1 < cap) return ok(release);
    release();
    return {
      ok: false,
      error: {
        code: 'ERR_TOO_MANY_GAMES',
        message: `${whose} ${open} ${what}; finish or resign one first (at most ${cap})`,
      },
    };
  }
}
