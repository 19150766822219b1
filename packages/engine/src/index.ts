export * from './board.js';
export * from './position.js';
export * from './registry.js';
export * from './result.js';
export * from './rules.js';
export * from './types.js';
