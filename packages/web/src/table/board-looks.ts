import { type BoardTheme, THEME_LOOKS } from '@zar/board-ui';
import type { GameId } from '@zar/engine';
import type { Preferences } from '@zar/protocol';
import { onPreferences, preferences, usePreferences } from '../preferences.js';
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
  const set = seatColours(prefs);
  return {
    theme: prefs.theme,
    colors: viewer === 0 ? { own: set.white, opp: set.black } : { own: set.black, opp: set.white },
    flip: prefs.homeSide === 'left' && game === 'backgammon',
    animate: motion,
  };
}

/**
 * The checker colours of White (seat 0) and Black: the chosen set, except on the high-contrast
 * board, which keeps its own white and black (other colours may not stand out from its points).
 */
export function seatColours(prefs: Preferences): { readonly white: string; readonly black: string } {
  const forced = THEME_LOOKS[prefs.theme].checkers;
  return forced ? { white: forced.own, black: forced.opp } : CHECKER_COLOURS[prefs.checkers];
}

/** The seats' colours as CSS variables (--zar-white, --zar-black), for the swatches beside the players' names. */
function applySeatColours(prefs: Preferences): void {
  const { white, black } = seatColours(prefs);
  const root = document.documentElement.style;
  root.setProperty('--zar-white', white);
  root.setProperty('--zar-black', black);
}

if (typeof document !== 'undefined') {
  applySeatColours(preferences());
  onPreferences(applySeatColours);
}

/** The looks of a board from the live preferences; re-renders when they change. */
export function useBoardLooks(viewer: 0 | 1, game: GameId | null): BoardLooks {
  const prefs = usePreferences();
  return boardLooksOf(prefs, viewer, game, motionAllowed(prefs.animations));
}
