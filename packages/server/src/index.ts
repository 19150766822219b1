export { type AppOptions, buildApp, type Zar } from './app.js';
export { newGameRow } from './game/game-row.js';
export { lobbyGameRow, settingsOf, summaryOf } from './game/games.js';
export { Room } from './game/room.js';
export type { RoomErrorCode, RoomResult, Subscriber } from './game/room-result.js';
export { Rooms } from './game/rooms.js';
export { Auth, displayName, SESSION_COOKIE } from './people/auth.js';
export * from './store/index.js';
