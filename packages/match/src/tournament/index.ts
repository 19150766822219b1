export * from './consolation.js';
export * from './knockout.js';
export * from './players.js';
export * from './swiss-games.js';
export * from './swiss-pairing.js';
export * from './swiss-standings.js';
