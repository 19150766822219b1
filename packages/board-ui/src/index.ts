export { Board } from './Board.js';
export { englishLabels } from './labels.js';
export {
  BOARD_THEMES,
  type BoardTheme,
  type CheckerColors,
  contrastRatio,
  inkOn,
  luminance,
  type Palette,
  THEME_LOOKS,
  type ThemeLook,
} from './themes.js';
export type * from './types.js';
