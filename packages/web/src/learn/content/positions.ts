/**
 * The worked positions of the learn pages, shared by every language so that only the
 * captions are translated. Zar text, seen from the side on roll; each `after` was reached
 * from its `before` by the engine (checked in test/learn-content.test.ts), and the
 * backgammon ones are seed 000's diagrams, converted from White's numbering.
 */

export const BACKGAMMON = {
  /** White on roll; 167 / 167. */
  start: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x3,6x5',
  /** Black on roll after White's 3-1; Black 167, White 163. */
  opening31: { position: 'backgammon:24x2,13x5,8x3,6x5/24x2,13x5,8x2,6x4,5x2', lastMove: '8/5 6/5' },
  /** White on roll after Black's 6-5; White 163, Black 156. */
  reply65: { position: 'backgammon:24x2,13x5,8x2,6x4,5x2/24,13x6,8x3,6x5', lastMove: '24/13' },
  /** White on roll, Black's blot three pips in front of White's 13 point; White 166, Black 176. */
  blot: 'backgammon:24x2,13x5,8x3,6x4,5/24x2,15,13x5,8x3,6x4',
  /** Black on roll with a checker on the bar; Black 186, White 162. */
  hit: { position: 'backgammon:bar,24x2,13x5,8x3,6x4/24x2,13x4,10,8x3,6x3,5x2', lastMove: '13/10* 6/5' },
  /** White on roll after Black's 6-2; White 162, Black 178. */
  entered: { position: 'backgammon:24x2,13x4,10,8x3,6x3,5x2/24x2,23,13x4,8x3,7,6x4', lastMove: 'bar/23 13/7' },
  /** White on roll, all home, six off; White 36, Black 57. */
  bearOff: 'backgammon:6x2,5x2,4x2,3,2,1,offx6/6x3,5x3,4x3,3x2,2x2,1x2',
  /** Black on roll after White's 6-5; Black 57, White 25. */
  boreOff: { position: 'backgammon:6x3,5x3,4x3,3x2,2x2,1x2/6,5,4x2,3,2,1,offx8', lastMove: '6/off 5/off' },
} as const;

export const LONG_NARDY = {
  start: 'long-nardy:24x15/24x15',
  /** Black on roll after White's opening 6-6: two checkers off the head. */
  opening66: { position: 'long-nardy:24x15/24x13,18x2:turns=0.1', lastMove: '24/18(2)' },
  /** White on roll (2-1 in the text): 3/1 would close a six-block across the 1|24 corner. */
  wrapBlock: 'long-nardy:24x4,23x2,22x2,10x3,3x2,2x2/24x5,20x3,18x3,17x4:turns=14.14',
} as const;

export const PLAKOTO = {
  start: 'plakoto:24x15/24x15',
  /** White on roll (2-1 in the text); Black's lone checker on White's 11. */
  blot: 'plakoto:24x10,19x3,13x2/24x11,19x3,14:turns=3.3',
  /** Black on roll, its checker on its 14 pinned. */
  pinned: { position: 'plakoto:24x11,19x3,14p/24x9,23,19x3,13,11:turns=3.4', lastMove: '24/23 13/11*' },
  /** White on roll (2-1 in the text); Black's mother alone on its starting point. */
  motherAlone: 'plakoto:8x3,6x4,5x3,4x3,3,2/24,14x2,12x4,10x4,9x4:turns=20.20',
  /** The mother pinned: game over, White wins 2. */
  motherPinned: {
    position: 'plakoto:24p,14x2,12x4,10x4,9x4/8x3,6x4,5x3,4x3,1x2:turns=20.21:end=opponent.mother.2',
    lastMove: '3/1* 2/1',
  },
} as const;

export const FEVGA = {
  start: 'fevga:24x15/24x15',
  /** Black on roll after White's opening 6-6: one six played, three lost. */
  opening66: { position: 'fevga:24x15/24x14,18:turns=0.1', lastMove: '24/18' },
  /** White on roll (5-1 in the text): 24/19 would fill the whole starting quarter. */
  startQuarter: 'fevga:24x6,23x2,22x2,21,20,9,7,5/24x8,22x2,20x2,15x2,6:turns=6.6',
} as const;

export const GUL_BARA = {
  start: 'gul-bara:24x15/24x15',
  /** White on roll (2-2 in the text), past its first three turns; White 71, Black 57. */
  runBefore: 'gul-bara:8x2,6x3,5x3,4x3,3x2,2x2/6x3,5x3,4x3,3x2,2x2,1x2:turns=7.7',
  /** The whole run 2-2 … 6-6 bears off all fifteen: White wins with a mars. */
  runAfter: {
    position: 'gul-bara:6x3,5x3,4x3,3x2,2x2,1x2/offx15:turns=7.8',
    lastMove: '8/6(2) 2/off(2) 6/off 3/off(2) 6/2 4/off(3) 6/1 5/off(3) 6/off(2) 2/off 1/off',
  },
} as const;

/**
 * The positions above where Black is the side on roll. The board draws the side on roll as
 * the near side; these are drawn in Black's colours so the diagrams agree with the captions.
 */
export const BLACK_ON_ROLL: ReadonlySet<string> = new Set([
  BACKGAMMON.opening31.position,
  BACKGAMMON.hit.position,
  BACKGAMMON.boreOff.position,
  LONG_NARDY.opening66.position,
  PLAKOTO.pinned.position,
  PLAKOTO.motherPinned.position,
  FEVGA.opening66.position,
  GUL_BARA.runAfter.position,
]);
