import type { NewTournamentRequest, ServerMessage } from '@zar/protocol';
import { NewTournamentSchema } from '@zar/protocol';
import * as v from 'valibot';
import { afterEach } from 'vitest';
import { type BotKind, createBots } from '../../src/bots/index.js';
import { Pacer } from '../../src/bots/pacer.js';
import { Rooms } from '../../src/game/rooms.js';
import { memoryStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { storedOf } from '../../src/tournament/data.js';
import type { TournamentsLink } from '../../src/tournament/shared-tournaments.js';
import { Tournaments } from '../../src/tournament/tournaments.js';

/*
 * Tournaments with real rooms and bots over a store, without the HTTP side: the service as
 * app.ts wires it (a match's end books it), for the simulations and the restart tests.
 */

export const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

/** The fastest clock the server allows a custom round: no delay, 5 s a point. */
export const FAST_CLOCK = { kind: 'timed', delayMs: 0, perPointMs: 5000 } as const;
/** A clock bots never lose on, however busy the test's thread (60 s delay a move, 10 min a point). */
export const SLOW_CLOCK = { kind: 'timed', delayMs: 60_000, perPointMs: 600_000 } as const;

export interface Site {
  readonly store: Store;
  readonly rooms: Rooms;
  readonly tournaments: Tournaments;
  /** Every `round` message sent, by user id. */
  readonly sent: Map<string, ServerMessage[]>;
  /** The users connected (People.online): nobody unless a test adds them. */
  readonly online: Set<string>;
  close(): Promise<void>;
}

/**
 * A server's rooms and tournaments over `store` (a new memory store when left out); bots act at
 * once, the baseline heuristic bot unless `botKind` says otherwise (the cheapest decisions: the
 * tests here are about the tournaments, not the bots).
 */
export function site(
  options: {
    store?: Store;
    diceSeed?: string | undefined;
    now?: () => number;
    botKind?: BotKind;
    /** The first wait before a step the store refused is tried again (the service's default when left out). */
    retryMs?: number;
    /** Bots a tournament may seat (the service's default when left out; the simulations seat a whole field). */
    maxBots?: number;
    /** Beside other instances (a stub's lease and bus); alone when left out. */
    link?: TournamentsLink;
    /** Told each match's end instead of this site's tournaments (a match ending on another instance). */
    ended?: (gameId: string) => void;
    /** How often the tournaments sweep once recovered (the service's default when left out). */
    sweepMs?: number;
  } = {},
): Site {
  const store = options.store ?? memoryStore();
  const now = options.now ?? Date.now;
  const pacer = new Pacer();
  const sent = new Map<string, ServerMessage[]>();
  let tournaments: Tournaments | null = null;
  const rooms = new Rooms({
    store,
    log: quiet,
    botDelayMs: 0,
    now,
    pacer,
    bots: createBots(0, quiet, pacer, options.botKind ?? 'baseline'),
    ended: (room) => (options.ended === undefined ? void tournaments?.ended(room.id) : options.ended(room.id)),
  });
  const online = new Set<string>();
  const people = {
    send: (userId: string, m: ServerMessage) => {
      sent.set(userId, [...(sent.get(userId) ?? []), m]);
      return 1;
    },
    online: (userId: string) => (online.has(userId) ? 1 : 0),
  };
  const diceSeed = 'diceSeed' in options ? options.diceSeed : 'tournament';
  tournaments = new Tournaments({
    store,
    rooms,
    people,
    now,
    log: quiet,
    diceSeed,
    ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    ...(options.maxBots === undefined ? {} : { maxBots: options.maxBots }),
    ...(options.link === undefined ? {} : { link: options.link }),
    ...(options.sweepMs === undefined ? {} : { sweepMs: options.sweepMs }),
  });
  const made = tournaments;
  return {
    store,
    rooms,
    tournaments: made,
    sent,
    online,
    close: async () => {
      await made.close();
      await rooms.close();
    },
  };
}

/**
 * An opener of sites for a test file: each is closed after each test, the first opened first,
 * unless the test closed it itself (a restart), since a site's close runs once. Call it at the
 * file's top level.
 */
export function sitesClosedAfterEach(): (options?: Parameters<typeof site>[0]) => Site {
  const opened: Site[] = [];
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
  });
  return (options) => {
    const s = site(options);
    let closing: Promise<void> | null = null;
    const once: Site = { ...s, close: () => (closing ??= s.close()) };
    opened.push(once);
    return once;
  };
}

/** A tournament's request with its defaults filled in, as the route reads it. */
export const request = (input: NewTournamentRequest) => v.parse(NewTournamentSchema, input);

/** Waits until the tournament's status is one of `statuses`; throws after `timeoutMs`. */
export async function until(store: Store, id: string, statuses: readonly string[], timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const row = await store.tournamentById(id);
    if (row !== null && statuses.includes(row.status)) return { row, data: storedOf(row) };
    if (Date.now() > end) throw new Error(`tournament ${id} is ${row?.status ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A stored account (a tournament's creator or entrant). */
export async function account(store: Store, name: string): Promise<{ id: string; name: string; account: true }> {
  const id = `user-${name}`;
  await store.createUser({ id, name, passwordHash: null, createdAt: Date.now() });
  return { id, name, account: true };
}
