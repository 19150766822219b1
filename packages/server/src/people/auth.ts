import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { Result } from '@zar/engine';
import type { Credentials } from '@zar/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newSessionId, newUserId } from '../common/ids.js';
import { KnownDevices } from '../limits/devices.js';
import type { PeopleStore, SessionRow, UserRow } from '../store/types.js';
import { type AccountNameError, accountName } from '../text/account-name.js';
import { SessionSockets, type TrackedSocket } from './session-sockets.js';
import { DEFAULT_SESSION_LIMITS, endsAt, expired, type SessionLimits, touchEvery } from './sessions.js';
import type { SessionEnds } from './shared-people.js';

export const SESSION_COOKIE = 'zar_sid';
/** Expired sessions are dropped from the store at most this often (when a new one starts). */
const PURGE_EVERY_MS = 3600_000;
/** The enum is `const` in the package's types, which isolated modules cannot read: 2 is Argon2id. */
const ARGON2ID = 2 as Algorithm;

/** The name people see: the account's, or a short one derived from a guest's id. */
export const displayName = (user: UserRow): string => user.name ?? `guest-${user.id.slice(0, 5)}`;

export type AuthError = { code: 'ERR_NAME_TAKEN' | 'ERR_REGISTERED' | 'ERR_LOGIN'; message: string } | AccountNameError;

export interface AuthOptions {
  readonly store: PeopleStore;
  readonly now: () => number;
  /** Secure cookies always (production), or only for requests that came over https. */
  readonly secureCookies: boolean;
  /** When sessions end on the server; DEFAULT_SESSION_LIMITS when left out. */
  readonly sessions?: SessionLimits;
}

/** Told of each timed sweep: one that failed, or one that worked (an Outage tells the operator of each change once). */
export interface SweepReport {
  failed(e: unknown): void;
  recovered(): void;
}

/**
 * Guest sessions first, accounts when wanted: a visitor becomes a guest, a user with a session
 * (an opaque random id in a signed HttpOnly cookie), when he first plays (`ensure`: starting or
 * joining a game); until then he is nobody and nothing is stored for him, so that requests that
 * never play (a crawler, a script without cookies) leave no rows. Registering gives the guest's
 * user a name and a password, so a guest keeps his games. Registering and logging in start a new session
 * (a session id someone planted before is worth nothing after); a session ends after the idle
 * and absolute limits, and ending one ends its sockets too.
 */
export class Auth {
  /** Verified against when a name is unknown, so a wrong name costs as long as a wrong password. */
  private dummyHash: Promise<string> | null = null;
  private readonly limits: SessionLimits;
  private lastPurge = Number.NEGATIVE_INFINITY;
  /** The open sockets of each session (ws.ts tracks them here). */
  readonly sockets = new SessionSockets();
  /** The browsers that signed in to each account before (their login failures count apart: limits/logins.ts). */
  readonly devices: KnownDevices;
  /** The sweep of sessions whose end has come (`sweep`) is running: one at a time. */
  private sweeping = false;
  /** Who else ends a session's sockets (the other instances); none alone. */
  private ends: Pick<SessionEnds, 'sessionEnded' | 'userEnded'> | null = null;

  constructor(private readonly options: AuthOptions) {
    this.limits = options.sessions ?? DEFAULT_SESSION_LIMITS;
    this.devices = new KnownDevices(options.secureCookies);
  }

  /** Tells `ends` of every session and user ended here from now on, after their sockets here are ended. */
  tellEnds(ends: Pick<SessionEnds, 'sessionEnded' | 'userEnded'>): void {
    this.ends = ends;
  }

  /** The session id the request's cookie names, if its signature holds (the session may be gone). */
  sessionIdOf(request: FastifyRequest): string | null {
    const raw = request.cookies[SESSION_COOKIE];
    if (raw === undefined) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  }

  /** The user of the request's session, or null (no cookie, a forged one, an ended or expired session). */
  async identify(request: FastifyRequest): Promise<UserRow | null> {
    const id = this.sessionIdOf(request);
    if (id === null) return null;
    const { store, now } = this.options;
    const session = await this.current(id);
    if (session === null) return null;
    const at = now();
    if (at - session.lastSeenAt > touchEvery(this.limits)) {
      await store.touchSession(session.id, at);
      this.sockets.endsAt(id, endsAt({ ...session, lastSeenAt: at }, this.limits));
    } else this.sockets.endsAt(id, endsAt(session, this.limits));
    return store.userById(session.userId);
  }

  /**
   * The session `id` if it has not ended. One found over its limits is deleted here, and its
   * open sockets are closed at once: they were identified when they opened, and would
   * otherwise go on acting for a session that no longer is.
   */
  private async current(id: string): Promise<SessionRow | null> {
    const { store, now } = this.options;
    const session = await store.sessionById(id);
    if (session === null) {
      this.sockets.expire(id);
      return null;
    }
    if (!expired(session, now(), this.limits)) return session;
    await store.deleteSession(id);
    this.sockets.expire(id);
    return null;
  }

  /**
   * Ends the sessions with open sockets whose end has come, closing their sockets; a session
   * visited meanwhile (its row's lastSeenAt moved, by this server or another) is kept, with its
   * new end. Returns how many sessions ended, null when another sweep is still running (one at
   * a time). A store that is away throws, and the next sweep tries again.
   */
  async sweep(): Promise<number | null> {
    if (this.sweeping) return null;
    this.sweeping = true;
    try {
      let ended = 0;
      for (const id of this.sockets.due(this.options.now())) {
        const session = await this.current(id);
        if (session === null) ended++;
        else this.sockets.endsAt(id, endsAt(session, this.limits));
      }
      return ended;
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Sweeps every `everyMs` until the answer is called, telling `report` how each went. A store
   * that is away fails every sweep (one a second by default) for as long as it is away: app.ts
   * hands an Outage, which says so once, and once more when a sweep works again. A sweep skipped
   * because another still runs is neither.
   */
  sweepEvery(everyMs: number, report: SweepReport): () => void {
    const tick = async (): Promise<void> => {
      try {
        if ((await this.sweep()) !== null) report.recovered();
      } catch (e) {
        report.failed(e);
      }
    };
    const timer = setInterval(() => void tick(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * Whether a socket may still act for its session now. Its end having come, the session is
   * looked at at once (a sweep), rather than at the next tick, so that its sockets close now.
   */
  mayAct(socket: TrackedSocket): boolean {
    if (socket.live(this.options.now())) return true;
    void this.sweep().catch(() => {
      // The timer's sweep tries again and reports it.
    });
    return false;
  }

  /** The request's user; a new guest (with a session cookie) when there is none. */
  async ensure(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
    const known = await this.identify(request);
    if (known !== null) return known;
    const user: UserRow = { id: newUserId(), name: null, passwordHash: null, createdAt: this.options.now() };
    const created = await this.options.store.createUser(user);
    if (!created.ok) throw new Error('a guest has no name, so it cannot be taken');
    await this.startSession(user.id, request, reply);
    return user;
  }

  /** `user`: the guest who registers, or null for a visitor who never played (a new user, then). */
  async register(
    user: UserRow | null,
    c: Credentials,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Result<UserRow, AuthError['code']>> {
    // Before anything is stored or the request is touched: a name others will read passes their gate.
    const named = accountName(c.name);
    if (!named.ok) return named;
    if (user !== null && user.name !== null) {
      return { ok: false, error: { code: 'ERR_REGISTERED', message: 'you already have an account; log out first' } };
    }
    const passwordHash = await hash(c.password, { algorithm: ARGON2ID });
    const account: UserRow =
      user === null
        ? { id: newUserId(), name: c.name, passwordHash, createdAt: this.options.now() }
        : { ...user, name: c.name, passwordHash };
    const r =
      user === null
        ? await this.options.store.createUser(account)
        : await this.options.store.setCredentials(account.id, c.name, passwordHash);
    if (!r.ok) return { ok: false, error: { code: 'ERR_NAME_TAKEN', message: `the name ${c.name} is taken` } };
    // The guest's session becomes an account's: whoever else knew its id must not hold the account.
    await this.endSession(request, reply);
    await this.startSession(account.id, request, reply);
    this.devices.remember(request, reply, c.name);
    return { ok: true, value: account };
  }

  async login(
    c: Credentials,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Result<UserRow, AuthError['code']>> {
    const user = await this.options.store.userByName(c.name);
    const stored = user?.passwordHash ?? (await this.dummy());
    const good = (await verify(stored, c.password)) && user !== null && user.passwordHash !== null;
    if (!good) return { ok: false, error: { code: 'ERR_LOGIN', message: 'wrong name or password' } };
    await this.endSession(request, reply);
    await this.startSession(user.id, request, reply);
    this.devices.remember(request, reply, c.name);
    return { ok: true, value: user };
  }

  async logout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.endSession(request, reply);
  }

  /** Ends every session of the user, on every device, with their sockets ("sign out everywhere"). */
  async logoutEverywhere(user: UserRow, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.options.store.deleteSessionsOfUser(user.id);
    this.sockets.endUser(user.id);
    this.ends?.userEnded(user.id);
    await this.endSession(request, reply);
  }

  private async startSession(userId: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const at = this.options.now();
    const id = newSessionId();
    await this.options.store.createSession({ id, userId, createdAt: at, lastSeenAt: at });
    if (at - this.lastPurge >= PURGE_EVERY_MS) {
      // An expired session is refused when it comes back; most never do, so their rows go here.
      this.lastPurge = at;
      await this.options.store.deleteExpiredSessions(at - this.limits.idleMs, at - this.limits.maxAgeMs);
    }
    reply.setCookie(SESSION_COOKIE, id, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secureCookies || request.protocol === 'https',
      path: '/',
      // The browser may forget it sooner; the server ends it by its own limits either way.
      maxAge: Math.ceil(this.limits.maxAgeMs / 1000),
    });
    // The rest of this request (the route after the hook) sees the new session too.
    request.cookies[SESSION_COOKIE] = reply.signCookie(id);
  }

  private async endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const id = this.sessionIdOf(request);
    if (id !== null) {
      await this.options.store.deleteSession(id);
      this.sockets.endSession(id);
      this.ends?.sessionEnded(id);
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    delete request.cookies[SESSION_COOKIE];
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hash('not a password of anyone', { algorithm: ARGON2ID });
    return this.dummyHash;
  }
}
