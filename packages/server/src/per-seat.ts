import type { Player } from '@zar/match';
import type { Subscriber } from './room-result.js';
import { seatOf } from './seats.js';
import type { GameRow } from './store/types.js';

/**
 * Sends each watcher (those `to` accepts) his seat's frame, each frame made once: a view differs
 * only by the viewer's seat, so there are at most three, however many watch.
 */
export function sendPerSeat(
  subscribers: Iterable<Subscriber>,
  seats: GameRow['seats'],
  frameOf: (you: Player | null) => string,
  to: (sub: Subscriber) => boolean = () => true,
): void {
  const frames = new Map<Player | null, string>();
  for (const sub of subscribers) {
    if (!to(sub)) continue;
    const you = seatOf(seats, sub.userId);
    const frame = frames.get(you) ?? frameOf(you);
    frames.set(you, frame);
    sub.send(frame);
  }
}
