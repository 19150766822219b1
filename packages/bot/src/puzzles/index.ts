export * from './puzzle.js';
export * from './select.js';
export * from './shapes.js';
export * from './themes.js';
