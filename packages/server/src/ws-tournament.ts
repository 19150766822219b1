import type { Connection, Handler } from './ws-connection.js';

/** Tournaments one socket may watch at once: a page shows one; a few tabs' worth share a socket at most. */
export const MAX_TOURNAMENT_WATCHES = 8;

/** Each connection's tournament watches, by tournament id: the end of each. */
const watching = new WeakMap<Connection, Map<string, () => void>>();

/**
 * `tournament` (issue 29): watch a tournament, its whole view at once and again at every
 * change (registration, a round drawn, a result, the end), each with the watcher's own `you`;
 * or stop watching. The socket's close ends its watches (Connection.closing).
 */
export const tournament: Handler<'tournament'> = async (c, m, deps) => {
  let mine = watching.get(c);
  if (mine === undefined) {
    mine = new Map();
    watching.set(c, mine);
  }
  const held = mine.get(m.id);
  if (!m.watch) {
    held?.();
    return;
  }
  // Watched already: the view again (a page that lost track of it), not a second watch.
  held?.();
  if (held === undefined && mine.size >= MAX_TOURNAMENT_WATCHES) {
    return c.send({ t: 'error', code: 'ERR_TOO_MANY', message: `watch at most ${MAX_TOURNAMENT_WATCHES} tournaments` });
  }
  const user = c.userId === null ? null : await deps.store.userById(c.userId);
  const viewer = { userId: user?.id ?? null, account: (user?.name ?? null) !== null };
  const stop = await deps.tournaments.watch(m.id, viewer, (view) => c.send({ t: 'tournament', tournament: view }));
  if (stop === null) return c.send({ t: 'error', code: 'ERR_NOT_FOUND', message: 'no such tournament' });
  // Closed while the view was read: its close has run the closing ends already.
  if (c.socket.readyState !== c.socket.OPEN) return stop();
  const end = () => {
    stop();
    c.closing.delete(end);
    if (mine.get(m.id) === end) mine.delete(m.id);
  };
  mine.set(m.id, end);
  c.closing.add(end);
};
