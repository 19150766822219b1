import { actorOf, type ClockSettings, type MatchState, matchReducer, newMatch, type Player } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { flagWaitMs, newRoomClock, tickRoomClock } from '../src/game/clock.js';
import { flagFallen, timeoutOf } from '../src/game/flag.js';
import { ONE_POINT } from './support/game-row.js';

/*
 * The flag's deciders (flag.ts, clock.ts flagWaitMs) on plain values and made-up times: when the
 * timer is set, whether a flag has fallen at a given moment, and who lost by abandonment.
 */

const TIMED: ClockSettings = { kind: 'timed', delayMs: 3000, perPointMs: 20_000 };
const BOTH: readonly [boolean, boolean] = [true, true];

/** A one-point match after its opening roll at 1 000, on a clock started at 0: someone is to act. */
function opened(settings: ClockSettings = TIMED) {
  const start = newMatch(ONE_POINT);
  const r = matchReducer(start, { type: 'opening', dice: [3, 1] });
  if (!r.ok) throw new Error(r.error.message);
  const match: MatchState = r.value;
  const clock = tickRoomClock(newRoomClock(settings, start, 0), match, 1000);
  return { match, clock, actor: actorOf(match.game) as Player };
}

describe('the flag fall', () => {
  it('is waited for from now until the fall, 0 once it is past, and never on an untimed clock', () => {
    const { clock } = opened();
    const wait = flagWaitMs(clock, 1000) as number;
    expect(wait).toBeGreaterThan(3000);
    expect(flagWaitMs(clock, 1500)).toBe(wait - 500);
    expect(flagWaitMs(clock, 1000 + wait)).toBe(0);
    expect(flagWaitMs(clock, 1000 + wait + 60_000)).toBe(0);
    expect(flagWaitMs(null, 1000)).toBeNull();
    expect(flagWaitMs(opened({ kind: 'untimed' }).clock, 1000)).toBeNull();
  });

  it('falls exactly at its time, not a millisecond before', () => {
    const { clock, actor } = opened();
    const fall = 1000 + (flagWaitMs(clock, 1000) as number);
    expect(flagFallen('playing', clock, BOTH, fall - 1)).toBeNull();
    expect(flagFallen('playing', clock, BOTH, fall)).toEqual({ player: actor });
    expect(flagFallen('playing', clock, BOTH, fall + 1)).toEqual({ player: actor });
  });

  it('counts as abandonment only for a player who had the game closed', () => {
    const { clock, actor } = opened();
    const late = 10_000_000;
    const away: [boolean, boolean] = [true, true];
    away[actor] = false;
    expect(flagFallen('playing', clock, away, late)).toEqual({ player: actor, abandonedBy: actor });
    const otherAway: [boolean, boolean] = [true, true];
    otherAway[1 - actor] = false;
    expect(flagFallen('playing', clock, otherAway, late)).toEqual({ player: actor });
  });

  it('does not fall in a game not being played, nor without a clock', () => {
    const { clock } = opened();
    expect(flagFallen('over', clock, BOTH, 10_000_000)).toBeNull();
    expect(flagFallen('waiting', clock, BOTH, 10_000_000)).toBeNull();
    expect(flagFallen('playing', null, BOTH, 10_000_000)).toBeNull();
  });

  it('ends the match by a timeout of the flagged player', () => {
    expect(timeoutOf({ player: 1, abandonedBy: 1 })).toEqual({ type: 'timeout', player: 1 });
  });
});
