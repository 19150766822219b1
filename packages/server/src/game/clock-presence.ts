import type { Clock, Player } from '@zar/match';
import type { ClockView } from '@zar/protocol';
import { type ClaimSituation, claimWait } from './claim.js';
import { clockView } from './clock.js';
import type { Presence } from './presence.js';

/*
 * The parts of a view that depend on the moment a frame is written and on who is connected:
 * the clock read now, each seat's presence, and how long until the viewer may claim the match.
 * Written for every frame, as values (the room's matchView) and as JSON text
 * (view-json.ts joins it between `rated` and `rematch`), from one source.
 */

export interface ClockPresenceSource {
  readonly clock: Clock | null;
  readonly presence: Presence;
  readonly claim: ClaimSituation;
}

export interface ClockPresence {
  readonly clock: ClockView | null;
  readonly presence: Presence;
  readonly claim: number | null;
}

/** The fields for one viewer at `at`. */
export const clockPresenceOf = (s: ClockPresenceSource, you: Player | null, at: number): ClockPresence => ({
  clock: clockView(s.clock, at),
  presence: s.presence,
  claim: claimWait(s.claim, you, at),
});

/** The same fields as JSON, in matchView's order, with a leading comma: `,"clock":…,"presence":…,"claim":…`. */
export const clockPresenceJson = (m: ClockPresence): string =>
  `,"clock":${JSON.stringify(m.clock)},"presence":[${m.presence[0]},${m.presence[1]}],"claim":${m.claim}`;
