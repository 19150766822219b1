export { type AppOptions, buildApp, type Zar } from './app.js';
export { Auth, displayName, SESSION_COOKIE } from './auth.js';
export { newGameRow } from './game-row.js';
export { lobbyGameRow, settingsOf, summaryOf } from './games.js';
export { Room } from './room.js';
export type { RoomErrorCode, RoomResult, Subscriber } from './room-result.js';
export { Rooms } from './rooms.js';
export * from './store/index.js';
