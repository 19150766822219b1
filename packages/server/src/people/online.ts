import type { ServerMessage } from '@zar/protocol';

/** One open socket of a user, as far as the registry needs it: something frames can be sent to. */
export interface Reachable {
  send(message: ServerMessage): void;
}

/**
 * The open sockets of each user on this server: quick pairing sends `paired` to
 * every tab of both players, and a user whose last socket closes can no longer be sent into a
 * match, so his pairing requests are cancelled (lichess drops a player's seeks when he leaves).
 * A socket without a session is nobody's and is not kept here.
 */
export class People {
  private readonly byUser = new Map<string, Set<Reachable>>();
  private readonly leaving = new Set<(userId: string) => void>();

  /** Keeps `socket` under `userId`; the answer forgets it again (call it when the socket closes). */
  add(userId: string, socket: Reachable): () => void {
    let sockets = this.byUser.get(userId);
    if (sockets === undefined) {
      sockets = new Set();
      this.byUser.set(userId, sockets);
    }
    sockets.add(socket);
    this.counted(userId, sockets.size);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const current = this.byUser.get(userId);
      if (current === undefined || !current.delete(socket)) return;
      if (current.size === 0) this.byUser.delete(userId);
      this.counted(userId, current.size);
    };
  }

  /**
   * The user's sockets here are now `count` (after one opened or closed). Alone, the last one
   * closing is his leaving; beside other instances (SharedPeople) it is his last one anywhere.
   */
  protected counted(userId: string, count: number): void {
    if (count === 0) this.left(userId);
  }

  /** Tells the listeners that the user has no socket open any more. */
  protected left(userId: string): void {
    for (const listener of this.leaving) listener(userId);
  }

  /** Sends `message` to every open socket of the user; answers how many. */
  send(userId: string, message: ServerMessage): number {
    const sockets = this.byUser.get(userId);
    if (sockets === undefined) return 0;
    for (const socket of sockets) socket.send(message);
    return sockets.size;
  }

  /** How many sockets the user has open here. */
  online(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Each user with sockets here, and how many. */
  protected counts(): [string, number][] {
    return [...this.byUser].map(([userId, sockets]) => [userId, sockets.size]);
  }

  /** Calls `listener` with the user whenever a user's last socket closes; the answer stops it. */
  onLeave(listener: (userId: string) => void): () => void {
    this.leaving.add(listener);
    return () => this.leaving.delete(listener);
  }
}
