export * from './knockout.js';
export * from './players.js';
