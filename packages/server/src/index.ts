export { type AppOptions, buildApp, type Zar } from './app.js';
export { Auth, displayName, SESSION_COOKIE } from './auth.js';
export { newGameRow, settingsOf, summaryOf } from './games.js';
export { Room, type RoomErrorCode, type RoomResult, type Subscriber } from './room.js';
export { Rooms } from './rooms.js';
export * from './store/index.js';
