import type { CheckerSet } from '@zar/protocol';

/**
 * The checker colour sets a player may choose: the colour of White's checkers (seat 0, who
 * the notation calls White) and of Black's. #rrggbb, as the board works out its ink from them.
 */
export const CHECKER_COLOURS: Readonly<Record<CheckerSet, { readonly white: string; readonly black: string }>> = {
  classic: { white: '#f6f1e4', black: '#2a2420' },
  'ivory-ebony': { white: '#eadcb5', black: '#17110d' },
  'red-blue': { white: '#c62f2f', black: '#1d4f91' },
  'gold-green': { white: '#e2b33c', black: '#1d6a43' },
};
