import { type TooMany, tooMany } from './bucket.js';
import type { Limits } from './config.js';
import type { RateLimiter, RateLimiters } from './limiter.js';

/** Who tries a password: his address, and his browser's device id if it has signed in to the account before. */
export interface LoginClient {
  readonly address: string;
  /** KnownDevices.idFor: set only when the browser signed in to this very account before. */
  readonly device: string | null;
}

/**
 * How often passwords may be tried. Login and registration attempts are counted per address
 * (argon2 is dear, so this is checked before any hash). Failed logins are counted per account
 * and client together, so that nobody can lock an owner out from elsewhere: a client is its
 * browser when the browser has signed in to the account before (a device cookie,
 * limits/devices.ts), else its address. After `loginFailures` failures that client is locked
 * out of the account; a try comes back every `lockoutMinutes / loginFailures` minutes, and a
 * successful login clears its count. Against guesses from many addresses, the failures of
 * every client the account does not know count together too: after `accountGuesses` of them
 * such clients wait (a try back every `lockoutMinutes / accountGuesses` minutes), while the
 * owner's own browsers are not held back. This is OWASP's device-cookie scheme; lichess, which
 * locks the account for everyone, lets a guesser lock its owner out.
 */
export class LoginGuard {
  private readonly byAddress: RateLimiter;
  private readonly failuresByClient: RateLimiter;
  private readonly failuresOfStrangers: RateLimiter;

  constructor(limits: Limits, limiters: RateLimiters) {
    const { loginFailures, accountGuesses, lockoutMinutes } = limits;
    this.byAddress = limiters.limiter('logins', limits.loginPerMinute, limits.loginPerMinute);
    this.failuresByClient = limiters.limiter('login-failures', loginFailures / lockoutMinutes, loginFailures);
    this.failuresOfStrangers = limiters.limiter('login-guesses', accountGuesses / lockoutMinutes, accountGuesses);
  }

  /** An attempt from `address` (login or registration); null when it may go ahead. */
  async attempt(address: string, now: number): Promise<TooMany | null> {
    const taken = await this.byAddress.take(address, now);
    if (taken.ok) return null;
    return tooMany('too many login attempts from your address', taken.retryAfterMs);
  }

  /** Whether `client` may try `name` now; null when it may. */
  async locked(name: string, client: LoginClient, now: number): Promise<TooMany | null> {
    const own = await this.failuresByClient.waitMs(clientKey(name, client), now);
    if (own > 0) return tooMany(`too many failed logins for ${name} from here`, own);
    if (client.device !== null) return null;
    const strangers = await this.failuresOfStrangers.waitMs(key(name), now);
    if (strangers === 0) return null;
    return tooMany(`too many failed logins for ${name}; a browser that signed in to it before may try now`, strangers);
  }

  async failed(name: string, client: LoginClient, now: number): Promise<void> {
    await this.failuresByClient.take(clientKey(name, client), now);
    if (client.device === null) await this.failuresOfStrangers.take(key(name), now);
  }

  /** Clears the client's own count. The strangers' count runs down with time only: the owner's success must not forgive the guessers. */
  succeeded(name: string, client: LoginClient): void {
    this.failuresByClient.forget(clientKey(name, client));
  }
}

/** Alice and alice share one count: stricter than the store, which tells them apart, never looser. */
const key = (name: string): string => name.toLowerCase();

const clientKey = (name: string, client: LoginClient): string =>
  `${key(name)}\u0000${client.device === null ? `address:${client.address}` : `device:${client.device}`}`;
