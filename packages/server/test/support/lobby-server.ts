import type { PairingOptions } from '@zar/match';
import type { Lobby, ServerMessage } from '@zar/protocol';
import type { Limits } from '../../src/limits/config.js';
import type { Store } from '../../src/store/types.js';
import { Caller, Client, type Running, startServer } from './harness.js';

/**
 * A test server for quick pairing and the live lobby: the harness's, with the
 * pairing bands and the lobby's read of the open games chosen by the test (a short poll so
 * that a game made over REST reaches the watchers quickly).
 */
export function startLobbyServer(
  options: { store?: Store; limits?: Limits; pairing?: PairingOptions; lobbyPollMs?: number; now?: () => number } = {},
): Promise<Running> {
  const { pairing, lobbyPollMs, ...rest } = options;
  return startServer({
    ...rest,
    diceSeed: 'lobby',
    app: { lobbyPollMs: lobbyPollMs ?? 50, ...(pairing === undefined ? {} : { pairing }) },
  });
}

/** A registered account, logged in. */
export async function account(base: string, name: string): Promise<Caller> {
  const caller = new Caller(base);
  const r = await caller.call('POST', '/api/register', { name, password: 'correct horse battery' });
  if (r.status !== 200) throw new Error(`register ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return caller;
}

/** A guest: a visitor who has played (a game against the bot gave him a session). */
export async function guest(base: string): Promise<Caller> {
  const caller = new Caller(base);
  await caller.newGame({ opponent: 'bot', length: 1 });
  return caller;
}

/** A socket of the caller's session. */
export const socketOf = (server: Running, caller: Caller): Promise<Client> => Client.open(server.ws, caller.cookie);

export type LobbyFrame = Extract<ServerMessage, { t: 'lobby' }>;
export type ErrorFrame = Extract<ServerMessage, { t: 'error' }>;
export type PairedFrame = Extract<ServerMessage, { t: 'paired' }>;

/** The next lobby frame that satisfies `test`. */
export async function nextLobby(client: Client, test: (lobby: Lobby) => boolean = () => true): Promise<Lobby> {
  const m = await client.next((x) => x.t === 'lobby' && test(x.lobby));
  return (m as LobbyFrame).lobby;
}

/**
 * The client's lobby once it satisfies `test`: the last lobby frame it was sent if that one
 * does (it may have come while the test awaited something else), else the next that does.
 */
export function lobbyOnce(client: Client, test: (lobby: Lobby) => boolean): Promise<Lobby> {
  const last = client.messages.filter((m): m is LobbyFrame => m.t === 'lobby').at(-1);
  return last !== undefined && test(last.lobby) ? Promise.resolve(last.lobby) : nextLobby(client, test);
}

/** Sends `message` and waits for the first error frame. */
export async function refusal(client: Client, message: unknown): Promise<ErrorFrame> {
  return (await client.request(message, (m) => m.t === 'error')) as ErrorFrame;
}

/** Waits for `paired`. */
export async function paired(client: Client, timeoutMs = 5000): Promise<PairedFrame> {
  return (await client.next((m) => m.t === 'paired', timeoutMs)) as PairedFrame;
}

export const NORMAL_RATED = { game: 'backgammon', length: 5, clock: 'normal', rated: true } as const;
export const CASUAL = { game: 'backgammon', length: 3, clock: 'untimed', rated: false } as const;
