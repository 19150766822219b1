import type { Connection, Handler } from '../http/connection.js';
import type { PeopleStore } from '../store/types.js';
import type { Tournaments } from './tournaments.js';

/** What the tournament's messages need of the server. */
export interface TournamentSocketDeps {
  readonly store: PeopleStore;
  readonly tournaments: Tournaments;
}

/** Tournaments one socket may watch at once: a page shows one; a few tabs' worth share a socket at most. */
export const MAX_TOURNAMENT_WATCHES = 8;

/** Each connection's tournament watches, by tournament id: the end of each. */
const watching = new WeakMap<Connection, Map<string, () => void>>();

/**
 * `tournament`: watch a tournament, its whole view at once and again at every
 * change (registration, a round drawn, a result, the end), each with the watcher's own `you`;
 * or stop watching. The socket's close ends its watches (Connection.closing).
 */
export const tournament: Handler<'tournament', TournamentSocketDeps> = async (c, m, deps) => {
  let mine = watching.get(c);
  if (mine === undefined) {
    mine = new Map();
    watching.set(c, mine);
  }
  // Watched already: the view again (a page that lost track of it), not a second watch.
  mine.get(m.id)?.();
  if (!m.watch) return;
  if (mine.size >= MAX_TOURNAMENT_WATCHES) {
    return c.send({ t: 'error', code: 'ERR_TOO_MANY', message: `watch at most ${MAX_TOURNAMENT_WATCHES} tournaments` });
  }
  // Held from now, before any wait: frames sent together find it (the limit counts it, an
  // unwatch or a second watch ends it) rather than each starting a watch of its own.
  let stop: (() => void) | null = null;
  let ended = false;
  const table = mine;
  const end = () => {
    ended = true;
    stop?.();
    c.closing.delete(end);
    if (table.get(m.id) === end) table.delete(m.id);
  };
  mine.set(m.id, end);
  c.closing.add(end);
  try {
    const user = c.userId === null ? null : await deps.store.userById(c.userId);
    if (ended) return;
    const viewer = { userId: user?.id ?? null, account: (user?.name ?? null) !== null };
    const started = await deps.tournaments.watch(m.id, viewer, (view) => c.send({ t: 'tournament', tournament: view }));
    if (started === null) {
      end();
      return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such tournament' });
    }
    stop = started;
    // Ended while the view was read (an unwatch, a second watch), or the socket closed meanwhile.
    if (ended || c.socket.readyState !== c.socket.OPEN) end();
  } catch (e) {
    end();
    throw e;
  }
};
