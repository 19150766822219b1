// The props of the board. Everything is seen from the viewer: point p is the viewer's point
// p (1..24, his home board 1..6, his checkers run 24 -> 1), 25 is the bar and 0 is off. The
// board knows no rules: the page tells it which checkers may move (`sources`) and where the
// selected one may go (`destinations`, from @zar/engine's compat.ts), and the board reports
// taps, drags and keys. Words come from the page, in the page's language.

import type { BoardTheme } from './themes.js';

export type Side = 'own' | 'opp';

/** One side's checkers, in the viewer's numbering whichever side they belong to. */
export interface SideView {
  /** Index 1..24: how many of this side's checkers stand on the viewer's point p; [0] unused. */
  readonly points: readonly number[];
  readonly bar: number;
  /** Borne off. */
  readonly off: number;
  /** Pips still to travel, shown beside the side's tray. */
  readonly pips: number;
}

/** What a point holds, for its accessible name. */
export interface PointInfo {
  /** The viewer's number, 1..24. */
  readonly point: number;
  readonly own: number;
  readonly opp: number;
  /** Whose lone checker is pinned here (plakoto), or null. */
  readonly pinned: Side | null;
  readonly selected: boolean;
  /** A checker here may be picked up. */
  readonly source: boolean;
  /** The selected checker may move here. */
  readonly destination: boolean;
}

/**
 * Accessible names and the few visible words, given by the page in its language. The
 * functions receive numbers, so plural rules stay with the page (Intl.PluralRules).
 */
export interface BoardLabels {
  /** Name of the whole board, e.g. "Board". */
  readonly board: string;
  /** e.g. "Point 13: 5 of yours" / "Point 13: 5 of yours, selected". */
  point(info: PointInfo): string;
  /** e.g. "Bar: 1 of yours, none of theirs". `destination` never holds; `selected` is the bar's. */
  bar(info: {
    readonly own: number;
    readonly opp: number;
    readonly selected: boolean;
    readonly source: boolean;
  }): string;
  /** The viewer's tray, e.g. "Borne off: 3 of yours" (`destination`: a checker may go off). */
  off(info: { readonly own: number; readonly opp: number; readonly destination: boolean }): string;
  /** The opponent's tray, e.g. "Their borne-off checkers: 4"; without it the tray has no name. */
  oppOff?(count: number): string;
  /** e.g. "Cube 2, yours" / "Cube 64, centred" / "Double". */
  cube(info: {
    readonly value: number;
    readonly owner: Side | null;
    readonly offered: boolean;
    readonly canDouble: boolean;
  }): string;
  /** e.g. "Your dice: 6 and 5, the 6 used". */
  dice(info: { readonly values: readonly number[]; readonly used: readonly boolean[]; readonly side: Side }): string;
  /** Visible pip count beside a tray, e.g. "167" or "pips 167". */
  pips(count: number, side: Side): string;
  /** Visible numbers: point numbers, stack counts, the cube (default: String(n)). */
  number?(n: number): string;
}

export interface DiceView {
  /** As rolled; four equal values for doubles. */
  readonly values: readonly number[];
  readonly used: readonly boolean[];
  /** Who rolled: their dice sit in their half of the board. */
  readonly side: Side;
}

export interface CubeView {
  readonly value: number;
  /** null: centred, in its neutral place. */
  readonly owner: Side | null;
  /** Drawn as being offered (turned toward the other side). */
  readonly offered?: boolean;
  /** Tapping the cube doubles; the cube is a button only then. */
  readonly canDouble?: boolean;
}

export interface Move {
  readonly from: number;
  readonly to: number;
}

export interface BoardProps {
  readonly own: SideView;
  readonly opp: SideView;
  /** Index 1..24: whose lone checker is pinned on the viewer's point p (plakoto). */
  readonly pinned?: readonly (Side | null)[];
  /** The viewer points of the opponent's home board (19..24 in backgammon, 13..18 in long nardy), shaded. */
  readonly oppHome: readonly number[];
  /** Whether the bar holds checkers in this game (it is drawn in every game, as the board's middle). */
  readonly hasBar: boolean;
  readonly dice: DiceView | null;
  /** null: no cube in this game. */
  readonly cube: CubeView | null;
  /** The picked-up checker: 1..24, or 25 for the bar; null when none. */
  readonly selected: number | null;
  /** Points (25 = bar) whose checker may be picked up. */
  readonly sources: readonly number[];
  /** Where the selected checker may go (0 = off), highlighted. */
  readonly destinations: readonly number[];
  /**
   * The last move, drawn faintly: whose it was and its steps in the viewer's numbering (25 and
   * 0 are that side's bar and tray).
   */
  readonly lastMove?: { readonly side: Side; readonly steps: readonly Move[] } | null;
  /** Tap, click, Enter or Space on a point (1..24), the bar (25) or the viewer's tray (0). */
  onPoint?(p: number): void;
  /** A checker dragged from a source and dropped on another place (0 = the viewer's tray). */
  onDrag?(from: number, to: number): void;
  /** The cube was tapped while `canDouble`. */
  onCube?(): void;
  /** The dice were tapped (e.g. to roll, or to swap their order). */
  onDice?(): void;
  readonly labels: BoardLabels;
  /** Short checker slides and a tumble of new dice (default true); prefers-reduced-motion turns them off too. */
  readonly animate?: boolean;
  /**
   * Mirror left-right: home board and trays on the left (a player who likes his home board
   * bottom left). Only the geometry mirrors, never the text.
   */
  readonly flip?: boolean;
  /**
   * Checker colours (#rgb or #rrggbb). Default: the theme's own pair where it has one (the
   * high-contrast theme's, which a page should keep to: other colours may not reach 3:1).
   */
  readonly colors?: { readonly own: string; readonly opp: string };
  /** How the board looks (default 'flat'). */
  readonly theme?: BoardTheme;
}
