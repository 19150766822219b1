/** One open socket, as the registry holds it. */
interface Entry {
  readonly end: () => void;
  /** Its session was looked up and found: it acts for the session's user. */
  identified: boolean;
  ended: boolean;
}

/** A session with open sockets: whose it is, and when it ends unless a visit moves that. */
interface Held {
  userId: string | null;
  /** When the session ends by its limits (sessions.ts endsAt); unknown, so never, until it is looked up. */
  endsAt: number;
  readonly sockets: Set<Entry>;
}

/** One socket's hold on its session (SessionSockets.track). */
export interface TrackedSocket {
  /** The session was found (`userId`), or not (null: the socket is nobody's, and nothing here ends it). */
  identified(userId: string | null): void;
  /** Whether the socket may still act for its session at `now`: not ended, and not past the session's end. */
  live(now: number): boolean;
  /** The socket closed. */
  untrack(): void;
}

/**
 * The open sockets of each session, so that a session's end reaches them at once: a logout, a
 * new session at login or registration, "sign out everywhere", and the session's own limits
 * (Auth's sweep ends those whose `endsAt` has come). A socket is identified once, when it
 * opens, and would otherwise keep acting for whoever it was, however long it stays open.
 * Memory: one entry per open socket, dropped when it closes.
 */
export class SessionSockets {
  private readonly bySession = new Map<string, Held>();

  /**
   * Tracks a socket under the session its cookie names, before that session is looked up, so
   * that a logout during the lookup still ends it.
   */
  track(sessionId: string, end: () => void): TrackedSocket {
    const entry: Entry = { end, identified: false, ended: false };
    let held = this.bySession.get(sessionId);
    if (held === undefined) {
      held = { userId: null, endsAt: Number.POSITIVE_INFINITY, sockets: new Set() };
      this.bySession.set(sessionId, held);
    }
    held.sockets.add(entry);
    const untrack = () => {
      const current = this.bySession.get(sessionId);
      current?.sockets.delete(entry);
      if (current?.sockets.size === 0) this.bySession.delete(sessionId);
    };
    return {
      identified: (userId) => {
        if (userId === null) return untrack();
        const current = this.bySession.get(sessionId);
        if (current?.sockets.has(entry)) {
          current.userId = userId;
          entry.identified = true;
        } else if (!entry.ended) {
          // Its session ended while it was looked up: it must not act for it.
          entry.ended = true;
          entry.end();
        }
      },
      live: (now) => !entry.ended && now < (this.bySession.get(sessionId)?.endsAt ?? Number.POSITIVE_INFINITY),
      untrack,
    };
  }

  /** The session was looked up (a request, a socket opening): it ends at `endsAt` unless visited again. */
  endsAt(sessionId: string, endsAt: number): void {
    const held = this.bySession.get(sessionId);
    if (held !== undefined) held.endsAt = endsAt;
  }

  /** Sessions with open sockets whose end has come by `now`, as far as this registry knows. */
  due(now: number): string[] {
    const due: string[] = [];
    for (const [sessionId, held] of this.bySession) if (held.endsAt <= now) due.push(sessionId);
    return due;
  }

  /**
   * Ends the sockets of one session (a logout, a new session in its place); returns how many.
   * Those still being identified end too: the logout may come during their lookup.
   */
  endSession(sessionId: string): number {
    return this.end(sessionId, () => true);
  }

  /**
   * Ends the identified sockets of a session found over its limits or gone from the store;
   * returns how many. One still being identified is left to its own lookup, which finds no
   * session and leaves it open as nobody's: closing it would only have the page reconnect with
   * the same cookie, and be closed again.
   */
  expire(sessionId: string): number {
    return this.end(sessionId, (entry) => entry.identified);
  }

  private end(sessionId: string, which: (entry: Entry) => boolean): number {
    const held = this.bySession.get(sessionId);
    if (held === undefined) return 0;
    this.bySession.delete(sessionId);
    let n = 0;
    for (const entry of held.sockets) {
      if (!which(entry)) continue;
      entry.ended = true;
      entry.end();
      n++;
    }
    return n;
  }

  /** Ends the sockets of every session of a user; returns how many. */
  endUser(userId: string): number {
    let n = 0;
    for (const [sessionId, held] of this.bySession) if (held.userId === userId) n += this.endSession(sessionId);
    return n;
  }
}
