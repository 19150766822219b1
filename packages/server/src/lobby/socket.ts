import type { Connection, Handler } from '../http/connection.js';
import type { StartGuard } from '../limits/games.js';
import { displayName } from '../people/auth.js';
import type { PeopleStore } from '../store/types.js';
import type { LobbyFeed } from './feed.js';
import type { PairingPool } from './pairing-pool.js';

/** What the lobby's messages need of the server. */
export interface LobbySocketDeps {
  /** The live lobby. */
  readonly lobby: LobbyFeed;
  /** Quick pairing. */
  readonly pool: PairingPool;
  readonly store: PeopleStore;
  /** The game limits a pairing request counts toward, as a new game does. */
  readonly games: StartGuard;
}

/**
 * The lobby's messages: watching the live lobby, asking to be paired, cancelling a
 * request. The frames were checked against the protocol at the edge (http/socket.ts); what the protocol
 * cannot say (a kind the match layer refuses, the account's limits) is checked by the pool.
 */

/** Watches (the lobby is sent at once, then on every change) or stops watching the lobby. */
export const lobby: Handler<'lobby', LobbySocketDeps> = async (c, m, deps) => {
  if (m.watch) await deps.lobby.watch(c);
  else deps.lobby.unwatch(c);
};

/** Asks to be paired; the socket then watches the lobby, where the request is listed. */
export const seek: Handler<'seek', LobbySocketDeps> = async (c, m, deps) => {
  if (c.userId === null) {
    return c.send({
      t: 'error',
      code: 'ERR_NO_SESSION',
      message: 'only players may ask to be paired; play a game first',
    });
  }
  const user = await deps.store.userById(c.userId);
  if (user === null) return c.send({ t: 'error', code: 'ERR_NO_SESSION', message: 'your session has ended' });
  // A request is a match asked for: it counts toward the game limits as a new game does (the pool
  // counts the unfinished ones itself, with the matches it is starting).
  const admitted = await deps.games.admit({ id: user.id, address: c.address }, async () => []);
  if (!admitted.ok) return c.send({ t: 'error', code: admitted.error.code, message: admitted.error.message });
  admitted.release();
  const seeker = { id: user.id, name: displayName(user), registered: user.name !== null };
  const r = await deps.pool.seek(seeker, m.kind);
  if (!r.ok) return c.send({ t: 'error', code: r.error.code, message: r.error.message });
  // Closed while the pool checked the request: its close has passed, so the request goes now,
  // and a watch now would never be ended (sockets.ts ends it at the close).
  if (c.socket.readyState !== c.socket.OPEN) {
    deps.pool.unseek(user.id, r.value.id);
    return;
  }
  // Those paired or cancelled meanwhile are forgotten, so the set holds no more than the pool allows.
  for (const id of c.seeks) if (!deps.pool.waits(id)) c.seeks.delete(id);
  c.seeks.add(r.value.id);
  await deps.lobby.watch(c);
};

/** Cancels one of one's requests; the lobby's watchers see it gone. */
export const unseek: Handler<'unseek', LobbySocketDeps> = async (c, m, deps) => {
  if (c.userId === null) {
    return c.send({ t: 'error', code: 'ERR_NO_SESSION', message: 'only players have pairing requests' });
  }
  const r = deps.pool.unseek(c.userId, m.id);
  if (!r.ok) c.send({ t: 'error', code: r.error.code, message: r.error.message });
  c.seeks.delete(m.id);
};

/** Cancels the requests the socket made (it closed); those paired or cancelled already are no more. */
export function cancelSeeks(c: Connection, deps: Pick<LobbySocketDeps, 'pool'>): void {
  if (c.userId === null) return;
  for (const id of c.seeks) if (deps.pool.waits(id)) deps.pool.unseek(c.userId, id);
  c.seeks.clear();
}
