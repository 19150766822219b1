import { Buckets, type TooMany, tooMany } from './bucket.js';
import type { Limits } from './config.js';

/**
 * How often passwords may be tried: login and registration attempts per address (argon2 is
 * dear, so this is checked before any hash), and failed logins per account name, wherever
 * they come from, so that guessing one account's password from many addresses is as slow as
 * from one. After `loginFailures` failures the name is locked out; a try comes back every
 * `lockoutMinutes / loginFailures` minutes, and a successful login clears the count. As on
 * lichess, the owner is locked out too while someone guesses; a lockout of minutes is the
 * price of not having guesses at 83 a second.
 */
export class LoginGuard {
  private readonly byAddress: Buckets;
  private readonly failuresByName: Buckets;

  constructor(limits: Limits) {
    this.byAddress = new Buckets(limits.loginPerMinute, limits.loginPerMinute);
    this.failuresByName = new Buckets(limits.loginFailures / limits.lockoutMinutes, limits.loginFailures);
  }

  /** An attempt from `address` (login or registration); null when it may go ahead. */
  attempt(address: string, now: number): TooMany | null {
    const taken = this.byAddress.take(address, now);
    if (taken.ok) return null;
    return tooMany('too many login attempts from your address', taken.retryAfterMs);
  }

  /** Whether `name` is locked out now; null when it may be tried. */
  locked(name: string, now: number): TooMany | null {
    const wait = this.failuresByName.waitMs(key(name), now);
    return wait === 0 ? null : tooMany(`too many failed logins for ${name}`, wait);
  }

  failed(name: string, now: number): void {
    this.failuresByName.take(key(name), now);
  }

  succeeded(name: string): void {
    this.failuresByName.forget(key(name));
  }
}

/** Alice and alice share one count: stricter than the store, which tells them apart, never looser. */
const key = (name: string): string => name.toLowerCase();
