export * from './puzzle.js';
export * from './select.js';
export * from './shapes.js';
export * from './starting-set.js';
export * from './themes.js';
