export * from './driver.js';
export * from './game-action.js';
