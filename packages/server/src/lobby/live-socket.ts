import type { Connection, Handler } from '../http/connection.js';
import type { LiveFeed } from './live-feed.js';

/** What the live list's messages need of the server. */
export interface LiveSocketDeps {
  readonly live: LiveFeed;
}

/** Each socket's end of its watch of the list, kept once in its closing set however often it asks. */
const stops = new WeakMap<Connection, () => void>();

/**
 * Watches the live list of games, or stops: `{t:'live', watch}`. The watch ends
 * with the socket too (Connection.closing).
 */
export const live: Handler<'live', LiveSocketDeps> = async (c, m, deps) => {
  let stop = stops.get(c);
  if (stop === undefined) {
    stop = () => deps.live.unwatch(c);
    stops.set(c, stop);
  }
  if (!m.watch) {
    c.closing.delete(stop);
    stop();
    return;
  }
  c.closing.add(stop);
  await deps.live.watch(c);
};
