import { actorOf, type DiceSource, matchReducer, newMatch, type Player } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { actionOf } from '../src/game/player-check.js';
import { ONE_POINT } from './support/game-row.js';

/* A player's action as the match stores it (player-check.ts actionOf), on plain values: no room. */

const OPENED = (() => {
  const r = matchReducer(newMatch(ONE_POINT), { type: 'opening', dice: [3, 1] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const ACTOR = actorOf(OPENED.game) as Player;
const DICE: DiceSource = { roll: () => [6, 5], openingRoll: () => [6, 5] };

describe('a player’s action', () => {
  it('is refused when it is not his turn', () => {
    expect(actionOf(OPENED, { type: 'play', play: '8/5 6/5' }, (1 - ACTOR) as Player, DICE)).toMatchObject({
      ok: false,
      error: { code: 'ERR_NOT_YOUR_TURN' },
    });
  });

  it('is his seat’s, with its play written in the standard notation', () => {
    const a = actionOf(OPENED, { type: 'play', play: '6/5 8/5' }, ACTOR, DICE);
    expect(a).toMatchObject({ type: 'play', player: ACTOR });
    const again = actionOf(OPENED, { type: 'play', play: '8/5 6/5' }, ACTOR, DICE);
    expect('ok' in a || 'ok' in again).toBe(false);
    expect(a).toEqual(again);
  });
});
