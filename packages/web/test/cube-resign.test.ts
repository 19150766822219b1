import { GAME_IDS } from '@zar/engine';
import { MATCH_DEFAULTS, type MatchSettings, type MatchState, newMatch } from '@zar/match';
import { type GameView, matchView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { makeI18n } from '../src/i18n/index.js';
import { resignChoiceText } from '../src/play/resign-dialog.js';
import { cubeOf } from '../src/table/cube-view.js';
import { apply, CASUAL_UNTIMED, SEATS_AGAINST_BOT } from './support/matches.js';

const i18n = makeI18n('en', en);

/** Seat 0's view (on roll after winning the opening with 6-1 against a 1) of a match as the server builds it. */
function viewOf(m: MatchState): GameView {
  return matchView(
    m,
    {
      id: 'game01',
      status: 'playing',
      players: SEATS_AGAINST_BOT,
      you: 0,
      hint: false,
      analysable: false,
      ...CASUAL_UNTIMED,
    },
    [],
  );
}

const opened = (settings: Partial<MatchSettings>): MatchState =>
  apply(newMatch({ ...MATCH_DEFAULTS, ...settings }), { type: 'opening', dice: [6, 1] });

/** A match after games each resigned by `loser` at `level`, at the next game's opening won by seat 0. */
function afterGames(length: number, games: readonly (readonly [0 | 1, 1 | 2 | 3])[]): MatchState {
  let m = newMatch({ ...MATCH_DEFAULTS, length });
  for (const [loser, level] of games) {
    // The loser wins the opening, so that he is on turn to resign.
    m = apply(m, { type: 'opening', dice: loser === 0 ? [6, 1] : [1, 6] });
    m = apply(m, { type: 'resign', player: loser, level }, { type: 'accept', player: loser === 0 ? 1 : 0 });
  }
  return apply(m, { type: 'opening', dice: [6, 1] });
}

const dialog = (view: GameView): string[] =>
  view.allowed.resign.map((c) => resignChoiceText(i18n, view.allowed.resign, c));

describe('the cube and the resign dialog in a match', () => {
  it('a 1-point match: no cube on the board, one Resign choice', () => {
    const view = viewOf(opened({ length: 1 }));
    expect(view.game.cubeInPlay).toBe(false);
    expect(cubeOf(view.game, 0, false)).toBeNull();
    expect(dialog(view)).toEqual(['Resign: your opponent scores 1 point']);
  });

  it('a longer match: the centred cube, and a choice per level with its points', () => {
    const view = viewOf(opened({ length: 5 }));
    expect(view.game.cubeInPlay).toBe(true);
    expect(cubeOf(view.game, 0, false)).toEqual({ value: 1, owner: null, offered: false, canDouble: false });
    expect(dialog(view)).toEqual([
      'Resign a single game: your opponent scores 1 point',
      'Resign a gammon: your opponent scores 2 points',
      'Resign a backgammon: your opponent scores 3 points',
    ]);
  });

  it('the Crawford game shows no cube; the game after it does', () => {
    const crawford = viewOf(afterGames(3, [[0, 2]]));
    expect(crawford.game.crawford).toBe(true);
    expect(cubeOf(crawford.game, 0, false)).toBeNull();
    // Seat 0 needs 3, his opponent 1: every level gives the opponent the match.
    expect(dialog(crawford)).toEqual(['Resign: your opponent scores 1 point']);
    const after = viewOf(
      afterGames(3, [
        [0, 2],
        [1, 1],
      ]),
    );
    expect(after.game.crawford).toBe(false);
    expect(after.score).toEqual([1, 2]);
    expect(cubeOf(after.game, 0, false)).toMatchObject({ value: 1, owner: null });
  });

  it('games played without a cube draw none', () => {
    for (const game of GAME_IDS.filter((g) => g !== 'backgammon')) {
      const view = viewOf(opened({ length: 5, cycle: [{ game }] }));
      expect(cubeOf(view.game, 0, false), game).toBeNull();
    }
  });
});
