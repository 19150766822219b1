// The board's looks. Each theme is a palette of plain colours (what the contrast test reads,
// and what a part falls back to); the wooden theme paints some parts with SVG gradients and
// patterns on top of that palette (see paint.tsx). The high-contrast theme brings its own
// checkers, ringed in the opposite colour, so that every checker stands out from every point
// and from the felt (WCAG 2.1 non-text contrast, 3:1).

export type BoardTheme = 'wood' | 'flat' | 'contrast';

export const BOARD_THEMES: readonly BoardTheme[] = ['wood', 'flat', 'contrast'];

export interface Palette {
  /** The frame and the bands where point numbers are written. */
  readonly frame: string;
  /** The playing surface. */
  readonly felt: string;
  /** Both home boards, shaded on the felt. */
  readonly home: string;
  /** Odd points and even points. */
  readonly pointA: string;
  readonly pointB: string;
  readonly bar: string;
  readonly tray: string;
  /** Point numbers and pip counts, written on the frame. */
  readonly text: string;
  /** A place the selected checker may go to. */
  readonly mark: string;
  /** Focus ring and the selected checker. */
  readonly select: string;
  /** The last move's lines. */
  readonly last: string;
  readonly cube: string;
  readonly cubeInk: string;
}

export interface CheckerColors {
  readonly own: string;
  readonly opp: string;
}

export interface ThemeLook {
  readonly palette: Palette;
  /**
   * The checkers this theme is made for, light as `own` and dark as `opp` (the high-contrast
   * pair, whose contrasts the tests hold to AA); null where any colours will do.
   */
  readonly checkers: CheckerColors | null;
  /** Width of a checker's rim, drawn in the ink that contrasts with its fill. */
  readonly rim: number;
  /**
   * Marks, the last move and borne-off checkers drawn opaque and edged in the ink that
   * contrasts with them, so they keep 3:1 over every point and tray (the high-contrast theme);
   * elsewhere they are faint over the board.
   */
  readonly solid: boolean;
}

const FLAT: Palette = {
  frame: '#5a3b22',
  felt: '#e9dcc0',
  home: '#d8c59c',
  pointA: '#a8482f',
  pointB: '#35506a',
  bar: '#4a301c',
  tray: '#3f2917',
  text: '#f4ead7',
  mark: '#1f9d55',
  select: '#f2b705',
  last: '#7a1f5c',
  cube: '#fbf7ee',
  cubeInk: '#2a2420',
};

/** Walnut frame, green baize, ivory and oxblood points; gradients give the grain and the bevel. */
const WOOD: Palette = {
  frame: '#6b4226',
  felt: '#2f5d3a',
  home: '#2a5434',
  pointA: '#e8d8b0',
  pointB: '#8c2a1c',
  bar: '#5a3520',
  tray: '#3d2414',
  text: '#f6e7c8',
  mark: '#f2b705',
  select: '#ffd23f',
  last: '#f2b705',
  cube: '#fbf3dc',
  cubeInk: '#2a1a0e',
};

/** Black and near-black surfaces, yellow and sky-blue points, white and black checkers ringed in each other's colour. */
const CONTRAST: Palette = {
  frame: '#000000',
  felt: '#1a1a1a',
  home: '#2b2b2b',
  pointA: '#ffd60a',
  pointB: '#4cc3ff',
  bar: '#000000',
  tray: '#000000',
  text: '#ffffff',
  mark: '#00e676',
  select: '#ff4fd8',
  last: '#ff4fd8',
  cube: '#ffffff',
  cubeInk: '#000000',
};

export const THEME_LOOKS: Readonly<Record<BoardTheme, ThemeLook>> = {
  flat: { palette: FLAT, checkers: null, rim: 0.5, solid: false },
  wood: { palette: WOOD, checkers: null, rim: 0.5, solid: false },
  contrast: { palette: CONTRAST, checkers: { own: '#ffffff', opp: '#000000' }, rim: 1, solid: true },
};

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** The red, green and blue of #rgb or #rrggbb, 0..255; null for anything else. */
function rgbOf(color: string): [number, number, number] | null {
  const hex = color.startsWith('#') ? color.slice(1) : '';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2.1 relative luminance of #rgb or #rrggbb (0 black .. 1 white); 0 for anything else. */
export function luminance(color: string): number {
  const rgb = rgbOf(color);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const DARK_INK = '#1a120c';
const LIGHT_INK = '#fbf6ea';

/** Ink that reads on a checker or die of colour `fill`: whichever of a dark and a light ink contrasts more. */
export function inkOn(fill: string): string {
  return contrastRatio(fill, DARK_INK) >= contrastRatio(fill, LIGHT_INK) ? DARK_INK : LIGHT_INK;
}
