import type { BoardTheme } from '@zar/board-ui';
import type { GameId } from '@zar/engine';
import type { Preferences } from '@zar/protocol';
import { usePreferences } from '../preferences.js';
import { motionAllowed } from '../settings.js';
import { CHECKER_COLOURS } from './checker-colours.js';

/** What a board takes from the player's preferences. */
export interface BoardLooks {
  readonly theme: BoardTheme;
  readonly colors: { readonly own: string; readonly opp: string };
  /** Home board drawn bottom left: only backgammon's board is mirrored; other games keep their own drawing. */
  readonly flip: boolean;
  readonly animate: boolean;
}

/**
 * The looks of a board seen by `viewer` (seat 0 plays White) in `game` (null when the page does
 * not say: such a board is never mirrored).
 */
export function boardLooksOf(prefs: Preferences, viewer: 0 | 1, game: GameId | null, motion: boolean): BoardLooks {
  const set = CHECKER_COLOURS[prefs.checkers];
  return {
    theme: prefs.theme,
    colors: viewer === 0 ? { own: set.white, opp: set.black } : { own: set.black, opp: set.white },
    flip: prefs.homeSide === 'left' && game === 'backgammon',
    animate: motion,
  };
}

/** The looks of a board from the live preferences; re-renders when they change. */
export function useBoardLooks(viewer: 0 | 1, game: GameId | null): BoardLooks {
  const prefs = usePreferences();
  return boardLooksOf(prefs, viewer, game, motionAllowed(prefs.animations));
}
