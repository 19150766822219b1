import { makePositionId } from '@zar/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MATCH_DEFAULTS, type MatchSettings, type MatchState, newMatch } from '../src/index.js';
import { stateFromXgid, xgidOf } from '../src/xgid-match.js';
import { apply } from './support/drive.js';
import { randomMatch, randomSettings, randomSource } from './support/random-match.js';

const match = (over: Partial<MatchSettings> = {}): MatchState => newMatch({ ...MATCH_DEFAULTS, ...over });

const xgid = (m: MatchState): string => {
  const r = xgidOf(m);
  if (!r.ok) expect.fail(r.error.message);
  return r.value;
};

const state = (text: string): MatchState => {
  const r = stateFromXgid(text);
  if (!r.ok) expect.fail(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

describe('xgidOf: hand-checked cases', () => {
  it('7-point match, player 0 opened 3-1 with 8/5 6/5: top (player 1) to roll', () => {
    const m = apply(
      match({ length: 7 }),
      { type: 'opening', dice: [3, 1] },
      { type: 'play', player: 0, play: '8/5 6/5' },
    );
    // Bottom (player 0): 24 ×2, 13 ×5, 8 ×2, 6 ×4, 5 ×2. Top in bottom's numbering: 1 ×2,
    // 12 ×5, 17 ×3, 19 ×5. Turn -1 (top), cube limit 8 at 0-0 of 7 (§7.6) = 2^3.
    expect(xgid(m)).toBe('XGID=-b---BD-B---eE---c-e----B-:0:0:-1:00:0:0:0:7:3');
  });

  it('money, Jacoby and beavers, player 1 doubled after opening 6-5 with 24/13', () => {
    let m = match({ length: 0, jacoby: true, beaver: true });
    m = apply(m, { type: 'opening', dice: [5, 6] }, { type: 'play', player: 1, play: '24/13' });
    m = apply(m, { type: 'roll', player: 0, dice: [2, 1] }, { type: 'play', player: 0, play: '13/11 6/5' });
    m = apply(m, { type: 'double', player: 1 });
    // Player 1 (top) played 24/13: in bottom's numbering his back checkers on 1 go to 12.
    // Player 0 (bottom): 24 ×2, 13 ×4, 11, 8 ×3, 6 ×4, 5. Top: 1, 12 ×6, 17 ×3, 19 ×5.
    // Top doubled: turn -1, D; CJ = 1 (Jacoby) + 2 (beaver); money cube limit 64 = 2^6.
    expect(xgid(m)).toBe('XGID=-a---AD-C--AfD---c-e----B-:0:0:-1:D:0:0:3:0:6');
  });

  it('a beaver shows the take it implies: 2-cube owned by the beaverer, B', () => {
    let m = match({ length: 0, beaver: true });
    m = apply(m, { type: 'opening', dice: [3, 1] }, { type: 'play', player: 0, play: '8/5 6/5' });
    m = apply(m, { type: 'double', player: 1 }, { type: 'beaver', player: 0 });
    const text = xgid(m);
    expect(text).toMatch(/:1:1:-1:B:0:0:2:0:6$/);
    const back = state(text);
    expect(back.game.phase).toBe('beavered');
    expect(back.game.cube).toEqual(m.game.cube);
    expect(back.game.stake).toBe(1);
  });

  it('refuses states an XGID cannot hold', () => {
    expect(xgidOf(match()).ok).toBe(false);
    const nardy = apply(match({ cycle: [{ game: 'long-nardy' }] }), { type: 'opening', dice: [3, 1] });
    const r = xgidOf(nardy);
    expect(!r.ok && r.error.message).toMatch(/backgammon, not long-nardy/);
  });
});

describe('stateFromXgid', () => {
  it('the start XGID: money, bottom = player 0 to roll', () => {
    const m = state('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10');
    expect(m.settings.length).toBe(0);
    expect(m.game.phase).toBe('roll');
    expect(m.game.turn).toBe(0);
    expect(makePositionId(m.game.position)).toBe('4HPwATDgc/ABMA');
  });

  it('scores and the Crawford game, top on roll with dice', () => {
    const m = state('XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:4:2:1:5:10');
    expect(m.score).toEqual([4, 2]);
    expect(m.crawford).toBe('active');
    expect(m.game.settings.crawford).toBe(true);
    expect(m.game.turn).toBe(1);
    expect(m.game.phase).toBe('move');
    expect(m.game.dice).toEqual([5, 2]);
  });

  it('post-Crawford when a player is 1 away and the flag is off', () => {
    expect(state('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:0:5:10').crawford).toBe('done');
  });

  it('a roll that cannot be played passes at once: the other side is then on roll', () => {
    // Top has a checker on the bar ('a' at char 0); bottom holds his 1..6, where top enters.
    const m = state('XGID=aBBBBBB-----d----e-e----C-:0:0:-1:66:0:0:0:0:10');
    expect(m.game.phase).toBe('roll');
    expect(m.game.turn).toBe(0);
  });

  const bad: [string, string, RegExp][] = [
    ['XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:7:10', 'ERR_XGID_STATE', /Crawford flag/],
    ['XGID=-b----E-C---eE---c-e----B-:0:1:1:00:0:0:0:0:10', 'ERR_XGID_STATE', /cube of 1/],
    ['XGID=-b----E-C---eE---c-e----B-:1:1:1:00:4:3:1:5:10', 'ERR_XGID_STATE', /Crawford game/],
    ['XGID=-b----E-C---eE---c-e----B-:1:1:1:B:0:0:2:0:10', 'ERR_XGID_STATE', /beaverer/],
    ['XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:0:0:10', 'ERR_XGID_STATE', /beavers allowed/],
    ['XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:10', 'ERR_XGID_STATE', /doubler does not own/],
    ['XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:99:10', 'ERR_XGID_STATE', /match length/],
    ['XGID=-b----E-C---eE---c-e----B-:0:0:1', 'ERR_XGID_FORMAT', /10 fields/],
  ];
  for (const [text, code, message] of bad) {
    it(`${code} ${message.source}: ${text}`, () => {
      const r = stateFromXgid(text);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe(code);
        expect(r.error.message).toMatch(message);
      }
    });
  }
});

describe('XGID round trip over random backgammon matches', () => {
  it('stateFromXgid(xgidOf(s)) has the same board, turn, dice, cube, score and flags; its XGID is the same', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = randomSource(seed);
        const played = randomMatch(randomSettings('backgammon', random), seed, 250);
        for (const m of played.states) {
          const text = xgidOf(m);
          if (!text.ok) {
            expect(['opening', 'over']).toContain(m.game.phase);
            continue;
          }
          const back = state(text.value);
          expect(xgidOf(back)).toEqual(text);
          const g = m.game.phase === 'resigning' ? { ...m.game, phase: m.game.resign?.resume } : m.game;
          expect(back.game.phase).toBe(g.phase);
          expect(back.game.turn).toBe(g.turn);
          expect(makePositionId(back.game.position)).toBe(makePositionId(g.position));
          expect(back.game.cube).toEqual(g.cube);
          if (back.game.phase === 'move') expect(back.game.dice).toEqual(g.dice);
          expect(back.score).toEqual(m.score);
          expect(back.crawford === 'active').toBe(m.crawford === 'active');
          expect(back.game.settings.cube.jacoby).toBe(g.settings.cube.jacoby);
        }
      }),
      { numRuns: 40 },
    );
  });
});
