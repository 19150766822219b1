import type { GameRow } from '../store/types.js';

/*
 * Who has the game open, so that the opponent sees when a player is disconnected. A seat
 * is present while one of its user's sockets watches the room; a bot always is, an empty seat
 * never. Presence is the room's live knowledge, never stored: after a restart everyone is
 * absent until his page joins again, which it does on reconnecting.
 */

export type Presence = readonly [boolean, boolean];

/** Each seat's presence, given the users of the room's watchers (one entry per socket; null for a guest without a session). */
export function presenceOf(seats: GameRow['seats'], watchers: Iterable<string | null>): Presence {
  const present = new Set<string>();
  for (const userId of watchers) if (userId !== null) present.add(userId);
  const one = (seat: GameRow['seats'][number]): boolean =>
    seat.kind === 'bot' || (seat.userId !== null && present.has(seat.userId));
  return [one(seats[0]), one(seats[1])];
}

export const samePresence = (a: Presence, b: Presence): boolean => a[0] === b[0] && a[1] === b[1];

/** The seats' presence read again from the watchers' users, if it differs from `before`; null when it does not. */
export function presenceChange(
  seats: GameRow['seats'],
  watchers: Iterable<string | null>,
  before: Presence,
): Presence | null {
  const now = presenceOf(seats, watchers);
  return samePresence(now, before) ? null : now;
}

/** At most one presence broadcast a second per room, whatever its players' sockets do. */
export const PRESENCE_EVERY_MS = 1000;

/**
 * Sends everyone a fresh state when a seat's presence changes, at most once every `everyMs`:
 * the first change goes at once, any later one within the window goes once at its end, with
 * the presence as it then is. A socket opened and closed in a loop would otherwise send every
 * watcher of the room a whole state per flip. One short timer, only while a window is open.
 */
export class PresenceRelay<Watcher> {
  private timer: NodeJS.Timeout | null = null;
  private owed = false;

  constructor(
    private readonly everyMs: number,
    /** Sends the state to every watcher but `except` (who was just sent his own). */
    private readonly send: (except?: Watcher) => void,
  ) {}

  changed(except?: Watcher): void {
    if (this.timer !== null) {
      this.owed = true;
      return;
    }
    this.send(except);
    this.wait();
  }

  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.owed = false;
  }

  private wait(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.owed) return;
      this.owed = false;
      this.send();
      this.wait();
    }, this.everyMs);
  }
}
