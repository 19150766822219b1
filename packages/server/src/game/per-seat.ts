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
  to: (sub: Subscriber) => boolean = everyone,
): void {
  // One slot per kind of viewer rather than a Map: this runs for every event of every game.
  let seat0: string | undefined;
  let seat1: string | undefined;
  let account: string | undefined;
  let guest: string | undefined;
  for (const sub of subscribers) {
    if (!to(sub)) continue;
    const key = keyOf(sub);
    let frame: string;
    if (key === 0) frame = seat0 ??= frameOf(key);
    else if (key === 1) frame = seat1 ??= frameOf(key);
    else if (key === 'account') frame = account ??= frameOf(key);
    else {
      // A compile error here when ViewerKey gains a kind: it needs a slot of its own.
      const spectator: 'guest' = key;
      frame = guest ??= frameOf(spectator);
    }
    sub.send(frame);
  }
}

const everyone = (): boolean => true;
