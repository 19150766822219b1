import { randomBytes } from 'node:crypto';
import { type ClockSettings, parseMatchSettings } from '@zar/match';
import type { ServerMessage } from '@zar/protocol';
import { newGameId } from '../../src/common/ids.js';
import { botSeat, humanSeat } from '../../src/game/seats.js';
import { gameRowFor } from './game-row.js';
import { Caller, Client, type Running } from './harness.js';

/*
 * Tables for the tests of clocks, presence and claims: two accounts seated in a match made
 * straight through the rooms, so that a test may give it a clock shorter than a request may
 * ask for (a flag that falls within a test's patience), or none.
 */

export type State = Extract<ServerMessage, { t: 'state' }>;
export type Event = Extract<ServerMessage, { t: 'event' }>;

export interface Person {
  readonly caller: Caller;
  readonly id: string;
  readonly name: string;
}

/** A fresh account, signed in. */
export async function person(base: string): Promise<Person> {
  const caller = new Caller(base);
  const name = `c_${randomBytes(5).toString('hex')}`;
  const r = await caller.call<{ id: string }>('POST', '/api/register', { name, password: 'correct horse battery' });
  if (r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
  return { caller, id: r.body.id, name };
}

export interface ClockTable {
  readonly id: string;
  readonly people: readonly [Person, Person | null];
}

/**
 * A match being played at once: seat 0 `a`, seat 1 `b` (a bot when null), `length` points of
 * backgammon, timed by `clock`, created at `now`, casual unless `rated`.
 */
export async function clockTable(
  server: Running,
  options: { clock: ClockSettings; length?: number; bot?: boolean; now?: number; rated?: boolean },
): Promise<ClockTable> {
  const a = await person(server.base);
  const b = options.bot ? null : await person(server.base);
  const settings = parseMatchSettings({ length: options.length ?? 1, cycle: [{ game: 'backgammon' }] });
  if (!settings.ok) throw new Error(settings.error.message);
  const id = newGameId();
  const at = options.now ?? Date.now();
  const row = gameRowFor({
    id,
    settings: settings.value,
    seats: [humanSeat(a.id, a.name), b === null ? botSeat('beginner') : humanSeat(b.id, b.name)],
    // Seeded dice (record.dice), so that a test may know them: no fair dice to prove.
    dice: { source: 'seeded', seed: `clock:${id}` },
    createdAt: at,
    updatedAt: at,
    clock: options.clock,
    rated: options.rated ?? false,
  });
  await server.app.zar.rooms.create(row);
  return { id, people: [a, b] };
}

/** A socket of `p`, watching the game. */
export async function watch(server: Running, p: Person, game: string): Promise<Client> {
  const client = await Client.open(server.ws, p.caller.cookie);
  await client.join(game);
  return client;
}

/** The state once someone is to act (the server's opening roll done), asked for again until then. */
export async function acting(client: Client, game: string): Promise<State> {
  for (let i = 0; i < 200; i++) {
    const s = await client.join(game);
    if (s.view.game.actor !== null || s.view.status !== 'playing') return s;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('nobody came to act');
}

/** The next event of `game` whose action is a timeout. */
export const timeoutOf = (client: Client, game: string, timeoutMs = 5000): Promise<Event> =>
  client.next((m) => m.t === 'event' && m.game === game && m.action.type === 'timeout', timeoutMs) as Promise<Event>;
