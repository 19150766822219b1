export { Board } from './Board.js';
export { englishLabels } from './labels.js';
export { type BoardTheme, THEME_LOOKS } from './themes.js';
export type * from './types.js';
