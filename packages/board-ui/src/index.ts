export { Board } from './Board.js';
export { englishLabels } from './labels.js';
export type * from './types.js';
