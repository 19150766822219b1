export * from './baseline.js';
export * from './cube-heuristic.js';
export * from './heuristic.js';
export * from './random.js';
