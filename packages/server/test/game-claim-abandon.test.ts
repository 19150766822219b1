import { actorOf, matchReducer, newMatch, type Player } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { abandonCheck } from '../src/game/abandon.js';
import { claimCheck, claimSituation } from '../src/game/claim.js';
import { playerAt } from '../src/game/player-check.js';
import { presenceChange } from '../src/game/presence.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import { gameRowFor, ONE_POINT } from './support/game-row.js';

/*
 * The deciders a player's command and the sweep ask (claim.ts, abandon.ts, player-check.ts,
 * presence.ts) on plain rows and made-up times: who may claim and when, which game is ended as
 * abandoned, who may act at which version, and when presence changed.
 */

const PEOPLE = [humanSeat('ann', 'Ann'), humanSeat('bob', 'Bob')] as const;
const AGAINST_BOT = [humanSeat('ann', 'Ann'), botSeat('club')] as const;
const OPENED = (() => {
  const r = matchReducer(newMatch(ONE_POINT), { type: 'opening', dice: [3, 1] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const ACTOR = actorOf(OPENED.game) as Player;
const OTHER = (1 - ACTOR) as Player;
const AFTER = { claimAfterMs: 60_000 };

describe('a claim', () => {
  const row = gameRowFor({ seats: [...PEOPLE], updatedAt: 1000 });

  it('is too early before the absent actor has been idle long enough, with the seconds left rounded up', () => {
    const r = claimCheck(claimSituation(row, OPENED, false, AFTER), OTHER, 1000 + 59_001);
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'ERR_CLAIM_EARLY',
        message: 'you may claim the match in 1 s, if your opponent still has not acted',
      },
    });
  });

  it('is allowed from the moment the wait is over, and names the absent actor', () => {
    expect(claimCheck(claimSituation(row, OPENED, false, AFTER), OTHER, 61_000)).toEqual({ ok: true, value: ACTOR });
  });

  it('waits from the server`s start when that came later than the last action', () => {
    const s = claimSituation(row, OPENED, false, { ...AFTER, upSince: 50_000 });
    expect(claimCheck(s, OTHER, 61_000).ok).toBe(false);
    expect(claimCheck(s, OTHER, 110_000)).toEqual({ ok: true, value: ACTOR });
  });

  it('is refused to the actor, in a timed match, against a bot', () => {
    const late = 10_000_000;
    const code = (r: { ok: boolean; error?: { code: string } }) => r.error?.code;
    expect(code(claimCheck(claimSituation(row, OPENED, false, AFTER), ACTOR, late))).toBe('ERR_NO_CLAIM');
    expect(code(claimCheck(claimSituation(row, OPENED, true, AFTER), OTHER, late))).toBe('ERR_NO_CLAIM');
    const bot = gameRowFor({ seats: [...AGAINST_BOT], updatedAt: 1000 });
    expect(code(claimCheck(claimSituation(bot, OPENED, false, AFTER), OTHER, late))).toBe('ERR_NO_CLAIM');
  });
});

describe('abandonment', () => {
  const row = gameRowFor({ seats: [...AGAINST_BOT], updatedAt: 5000 });

  it('ends a game against a bot unchanged since the given time: its person loses', () => {
    expect(abandonCheck(row, 5000)).toEqual({ ok: true, value: 0 });
    expect(abandonCheck(row, 9000)).toEqual({ ok: true, value: 0 });
  });

  it('is stale once the game went on after that time', () => {
    expect(abandonCheck(row, 4999)).toEqual({
      ok: false,
      error: { code: 'ERR_STALE', message: 'the game went on after the given time' },
    });
  });

  it('does not end a game between two people, nor one not being played', () => {
    expect(abandonCheck(gameRowFor({ seats: [...PEOPLE] }), 9000).ok).toBe(false);
    expect(abandonCheck({ ...row, status: 'over' }, 9000)).toEqual({
      ok: false,
      error: { code: 'ERR_NOT_PLAYING', message: 'the game is over' },
    });
  });
});

describe("a player's command", () => {
  const row = gameRowFor({ seats: [...PEOPLE] });

  it('comes from his seat at the version the game is at', () => {
    expect(playerAt(row, 'bob', 3, 3, 'acted on')).toEqual({ ok: true, value: 1 });
    expect(playerAt(row, 'ann', 3, 3, 'acted on')).toEqual({ ok: true, value: 0 });
  });

  it('at an older version is stale; from someone not seated, refused whatever the version', () => {
    expect(playerAt(row, 'bob', 2, 3, 'claimed at')).toEqual({
      ok: false,
      error: { code: 'ERR_STALE', message: 'you claimed at version 2; the game is at version 3' },
    });
    expect(playerAt(row, 'eve', 2, 3, 'acted on').ok && 'seated').toBe(false);
    expect(playerAt(row, null, 3, 3, 'acted on')).toMatchObject({ error: { code: 'ERR_NOT_A_PLAYER' } });
    expect(playerAt({ ...row, status: 'waiting' }, 'bob', 3, 3, 'acted on')).toMatchObject({
      error: { code: 'ERR_NOT_PLAYING' },
    });
  });
});

describe('presence', () => {
  it('changes when a seat`s user comes or goes, not for spectators or a second socket', () => {
    const seats = [...PEOPLE] as const;
    expect(presenceChange(seats, ['ann'], [false, false])).toEqual([true, false]);
    expect(presenceChange(seats, ['ann', 'ann', null, 'eve'], [true, false])).toBeNull();
    expect(presenceChange(seats, [], [true, false])).toEqual([false, false]);
    expect(presenceChange([...AGAINST_BOT], [], [false, false])).toEqual([false, true]);
  });
});
