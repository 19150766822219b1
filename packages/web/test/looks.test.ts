import { THEME_LOOKS } from '@zar/board-ui';
import { MATCH_DEFAULTS, newMatch } from '@zar/match';
import { DEFAULT_PREFERENCES, type GameView, matchView, type SeatView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { cuesOf } from '../src/sound/cues.js';
import { boardLooksOf, seatColours } from '../src/table/board-looks.js';
import { CHECKER_COLOURS } from '../src/table/checker-colours.js';
import { CASUAL_UNTIMED } from './support/matches.js';

const seats: [SeatView, SeatView] = [
  { name: 'ana', kind: 'human', taken: true },
  { name: 'bot', kind: 'bot', level: 'club', taken: true },
];
const base = matchView(
  newMatch(MATCH_DEFAULTS),
  { id: 'game01', status: 'playing', players: seats, you: 0, hint: false, analysable: false, ...CASUAL_UNTIMED },
  [],
);
/** A view in which `actor` is to act, seen by `you`. */
const view = (actor: 0 | 1 | null, you: 0 | 1 | null = 0, status: GameView['status'] = 'playing'): GameView => ({
  ...base,
  you,
  status,
  game: { ...base.game, actor },
});

describe('the sounds of an event', () => {
  it('a roll (or the opening) rattles the dice; a play knocks, or clacks when it hits; a double calls', () => {
    expect(cuesOf({ type: 'opening', dice: [3, 1] }, view(1), null)).toEqual(['roll']);
    expect(cuesOf({ type: 'roll', player: 1, dice: [6, 5] }, view(1), 1)).toEqual(['roll']);
    expect(cuesOf({ type: 'play', player: 1, play: '24/13' }, view(1), 1)).toEqual(['move']);
    expect(cuesOf({ type: 'play', player: 1, play: '13/10* 6/5' }, view(1), 1)).toEqual(['hit']);
    expect(cuesOf({ type: 'double', player: 1 }, view(1), 1)).toEqual(['double']);
    expect(cuesOf({ type: 'take', player: 1 }, view(1), 1)).toEqual([]);
  });

  it('says "your turn" once, when the game comes to wait on the viewer', () => {
    expect(cuesOf({ type: 'play', player: 1, play: '8/5 6/5' }, view(0), 1)).toEqual(['move', 'turn']);
    // Still his turn after his own roll: no second call.
    expect(cuesOf({ type: 'roll', player: 0, dice: [2, 1] }, view(0), 0)).toEqual(['roll']);
    // A spectator has no turn, and a finished match calls no one.
    expect(cuesOf({ type: 'play', player: 1, play: '8/5 6/5' }, view(0, null), 1)).toEqual(['move']);
    expect(cuesOf({ type: 'play', player: 1, play: '8/5 6/5' }, view(0, 0, 'over'), 1)).toEqual(['move']);
  });

  it('a whole state (joining, reconnecting) and a roll with no play make no sound beyond what happened', () => {
    expect(cuesOf(null, view(0), null)).toEqual([]);
    expect(cuesOf({ type: 'play', player: 1, play: '' }, view(1), 1)).toEqual([]);
  });
});

describe("a board's looks", () => {
  it('follow the theme and give each seat its colour of the chosen set', () => {
    const prefs = { ...DEFAULT_PREFERENCES, theme: 'flat' as const, checkers: 'red-blue' as const };
    const white = boardLooksOf(prefs, 0, 'backgammon', true);
    const black = boardLooksOf(prefs, 1, 'backgammon', true);
    expect(white.theme).toBe('flat');
    expect(white.colors).toEqual({ own: CHECKER_COLOURS['red-blue'].white, opp: CHECKER_COLOURS['red-blue'].black });
    expect(black.colors).toEqual({ own: white.colors.opp, opp: white.colors.own });
  });

  it('on the high-contrast board keep its white and black, seat by seat, whatever set was chosen', () => {
    const prefs = { ...DEFAULT_PREFERENCES, theme: 'contrast' as const, checkers: 'gold-green' as const };
    const pair = THEME_LOOKS.contrast.checkers;
    expect(seatColours(prefs)).toEqual({ white: pair?.own, black: pair?.opp });
    expect(boardLooksOf(prefs, 1, 'backgammon', true).colors).toEqual({ own: pair?.opp, opp: pair?.own });
  });

  it('mirror only a backgammon board when the home board is wanted on the left', () => {
    const left = { ...DEFAULT_PREFERENCES, homeSide: 'left' as const };
    expect(boardLooksOf(left, 0, 'backgammon', true).flip).toBe(true);
    for (const game of ['long-nardy', 'plakoto', 'fevga', 'gul-bara'] as const) {
      expect(boardLooksOf(left, 0, game, true).flip).toBe(false);
    }
    expect(boardLooksOf(left, 0, null, true).flip).toBe(false);
    expect(boardLooksOf(DEFAULT_PREFERENCES, 0, 'backgammon', true).flip).toBe(false);
  });

  it('the defaults are the wooden board, classic checkers, home on the right, sound off', () => {
    const d = boardLooksOf(DEFAULT_PREFERENCES, 0, 'backgammon', false);
    expect(d).toEqual({ theme: 'wood', colors: { own: '#f6f1e4', opp: '#2a2420' }, flip: false, animate: false });
    expect(DEFAULT_PREFERENCES.sound).toBe(false);
  });

  it('every checker set is two #rrggbb colours that differ', () => {
    for (const set of Object.values(CHECKER_COLOURS)) {
      expect(set.white).toMatch(/^#[0-9a-f]{6}$/);
      expect(set.black).toMatch(/^#[0-9a-f]{6}$/);
      expect(set.white).not.toBe(set.black);
    }
  });
});
