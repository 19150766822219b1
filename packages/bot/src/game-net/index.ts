export * from './agent.js';
export * from './encode.js';
export * from './evaluator.js';
export * from './load.js';
export * from './search.js';
export * from './weights.js';
