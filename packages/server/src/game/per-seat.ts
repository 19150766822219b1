import type { ViewerKey } from './company/view.js';
import type { Subscriber } from './room-result.js';

/**
 * Sends each watcher (those `to` accepts) his frame, each frame made once: a view differs only
 * by the viewer's seat, or for a spectator by whether he may write in the chat (company/view.ts
 * ViewerKey), so there are at most four, however many watch.
 */
export function sendPerSeat(
  subscribers: Iterable<Subscriber>,
  keyOf: (sub: Subscriber) => ViewerKey,
  frameOf: (key: ViewerKey) => string,
  to: (sub: Subscriber) => boolean = () => true,
): void {
  const frames = new Map<ViewerKey, string>();
  for (const sub of subscribers) {
    if (!to(sub)) continue;
    const key = keyOf(sub);
    const frame = frames.get(key) ?? frameOf(key);
    frames.set(key, frame);
    sub.send(frame);
  }
}
