import { type MatchState, matchReducer, newMatch } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { decideJoin } from '../src/game/join.js';
import { rowAfterAction, statusAfter } from '../src/game/progress.js';
import { botSeat, humanSeat } from '../src/game/seats.js';
import { gameRowFor, ONE_POINT } from './support/game-row.js';

/*
 * The deciders of a join and of what an action changes in the row (join.ts, progress.ts), on
 * plain rows: who takes which seat, what starts the game, and the row kept after an action.
 */

const WAITING = gameRowFor({
  seats: [humanSeat('ann', 'Ann'), humanSeat(null, '')],
  status: 'waiting',
  open: true,
});

describe('a join', () => {
  it('takes the empty seat and starts the game', () => {
    const r = decideJoin(WAITING, 'bob', 'Bob', 'lobby');
    expect(r).toEqual({
      ok: true,
      value: {
        seat: 1,
        change: { seats: [WAITING.seats[0], humanSeat('bob', 'Bob')], status: 'playing', open: false },
      },
    });
  });

  it('gives a seated player his seat back, changing nothing', () => {
    expect(decideJoin(WAITING, 'ann', 'Ann', 'invite')).toEqual({ ok: true, value: { seat: 0, change: null } });
    const playing = gameRowFor({ seats: [humanSeat('ann', 'Ann'), humanSeat('bob', 'Bob')] });
    expect(decideJoin(playing, 'bob', 'Bob', 'lobby')).toEqual({ ok: true, value: { seat: 1, change: null } });
  });

  it('is refused from the lobby for a game not open to it, and once both seats are taken', () => {
    expect(decideJoin({ ...WAITING, open: false }, 'bob', 'Bob', 'lobby')).toMatchObject({
      error: { code: 'ERR_NOT_OPEN' },
    });
    expect(decideJoin({ ...WAITING, open: false }, 'bob', 'Bob', 'invite').ok).toBe(true);
    const full = gameRowFor({ seats: [humanSeat('ann', 'Ann'), botSeat('club')] });
    expect(decideJoin(full, 'eve', 'Eve', 'invite')).toEqual({
      ok: false,
      error: { code: 'ERR_GAME_FULL', message: 'both seats are taken' },
    });
  });
});

describe('the row after an action', () => {
  const start: MatchState = newMatch(ONE_POINT);
  const row = gameRowFor({ updatedAt: 10 });
  const resigned = (() => {
    const opened = matchReducer(start, { type: 'opening', dice: [3, 1] });
    if (!opened.ok) throw new Error(opened.error.message);
    const r = matchReducer(opened.value, { type: 'timeout', player: 0 });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  })();

  it('changes status only when the match is won', () => {
    expect(statusAfter(row, start)).toBeUndefined();
    expect(statusAfter(row, resigned)).toBe('over');
    expect(statusAfter({ ...row, status: 'over' }, resigned)).toBeUndefined();
  });

  it('keeps the time, the score, the winner, and who abandoned', () => {
    const after = rowAfterAction(row, resigned, 'over', 500, 0);
    expect(after).toMatchObject({ status: 'over', updatedAt: 500, winner: resigned.winner, abandonedBy: 0 });
    expect(after.score).toEqual(resigned.score);
    expect(rowAfterAction(row, start, undefined, 20, undefined).abandonedBy).toBe(row.abandonedBy);
    expect(rowAfterAction(row, start, undefined, 20, undefined).status).toBe('playing');
  });
});
