import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bus, Envelope } from '../src/cluster/index.js';
import type { Lease } from '../src/cluster/lease.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { storedOf } from '../src/tournament/data.js';
import { boardsToPlay } from '../src/tournament/rounds.js';
import { Tournaments } from '../src/tournament/tournaments.js';
import { account, quiet, request, SLOW_CLOCK, sitesClosedAfterEach, until } from './support/tournaments.js';

/*
 * The holder of the tournaments' lease catches up with the store by its sweep (sweep.ts): what
 * the other instances told it over pub/sub, which delivers at most once, may never arrive. Here
 * every message between the instances is lost (a bus that delivers nothing): the matches end on
 * an instance that does not hold the lease, and the tournament goes on only by the holder's
 * sweeps, asked for by the test rather than waited for.
 */

const open = sitesClosedAfterEach();
const others: Tournaments[] = [];
afterEach(async () => {
  for (const t of others.splice(0)) await t.close();
});

/** A bus that delivers nothing: what it was asked to broadcast is kept, for the test to read. */
function lossyBus(instance: string): Bus & { readonly told: Pick<Envelope, 'type' | 'body'>[] } {
  const told: Pick<Envelope, 'type' | 'body'>[] = [];
  return {
    instance,
    told,
    send: () => ({ ok: true, value: undefined }),
    broadcast: (_channel, type, body) => {
      told.push({ type, body });
      return { ok: true, value: undefined };
    },
    on: () => () => {},
    onRpc: () => {},
    listen: () => () => {},
    close: async () => {},
  };
}

/** The tournaments' lease as `instance` sees it, held by `holder` for good. */
const leaseOf = (instance: string, holder: string): Lease => ({
  instance,
  held: instance === holder,
  holder,
  onHolder: () => () => {},
  close: async () => {},
});

/** The holder `a` (a site with rooms) and `b`, the instance where its matches are told to end; `now` for both. */
function twoInstances(store: Store, now: () => number = Date.now, sweepMs?: number) {
  const fromB = lossyBus('b');
  let b: Tournaments | null = null;
  const a = open({
    store,
    now,
    link: { lease: leaseOf('a', 'a'), bus: lossyBus('a') },
    ended: (id) => void b?.ended(id),
    ...(sweepMs === undefined ? {} : { sweepMs }),
  });
  b = new Tournaments({
    store,
    rooms: a.rooms,
    people: { send: () => 0, online: () => 0 },
    now,
    log: quiet,
    diceSeed: 'tournament',
    link: { lease: leaseOf('b', 'a'), bus: fromB },
  });
  others.push(b);
  return { a, b, fromB };
}

/** Waits until every stored game of the tournament's current round is over (the bots play them out). */
async function roundPlayed(store: Store, id: string, rounds: number): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    const t = storedOf((await store.tournamentById(id))!);
    const games = await store.gamesOfTournament(id);
    const current = t.rounds[rounds - 1]?.boards.flatMap((board) => (board.game === null ? [] : [board.game])) ?? [];
    const over = current.filter((g) => games.some((row) => row.id === g && row.status === 'over'));
    if (t.rounds.length === rounds && current.length > 0 && over.length === current.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`round ${rounds} of ${id} was not played out`);
}

describe("the tournaments' sweep", () => {
  it('books the matches whose end the holder never heard, and the tournament goes on to its end', async () => {
    const store = memoryStore();
    const { a, fromB } = twoInstances(store);
    const creator = await account(store, 'organiser');
    const made = await a.tournaments.create(
      creator,
      request({
        name: 'Unheard',
        format: 'knockout',
        maxPlayers: 4,
        roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      }),
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    for (let i = 0; i < 4; i++) await a.tournaments.addBot(id, creator.id, 'beginner');
    expect((await a.tournaments.start(id, creator.id)).ok).toBe(true);

    await roundPlayed(store, id, 1);
    // Both ends were told by B, and lost: the first round waits, nothing booked.
    const first = storedOf((await store.tournamentById(id))!);
    expect(fromB.told.filter((m) => m.type === 'ended').map((m) => m.body)).toHaveLength(2);
    expect(first.rounds).toHaveLength(1);
    expect(boardsToPlay(first)).toHaveLength(2);

    expect(await a.tournaments.sweep()).toBe(1);
    await roundPlayed(store, id, 2);
    expect((await store.tournamentById(id))?.status).toBe('running');
    expect(await a.tournaments.sweep()).toBe(1);

    const { data } = await until(store, id, ['over'], 1000);
    expect(data.rounds.map((r) => r.boards.length)).toEqual([2, 1]);
    expect(data.podium.length).toBeGreaterThanOrEqual(2);
    const games = await store.gamesOfTournament(id);
    expect(games).toHaveLength(3);
    expect(games.every((g) => g.status === 'over')).toBe(true);
    expect(fromB.told.filter((m) => m.type === 'ended')).toHaveLength(3);
    // Over: nothing left to bring up to date.
    expect(await a.tournaments.sweep()).toBe(0);
  });

  it('runs by itself once the tournaments are recovered, and plays on a tournament nobody told anything', async () => {
    const store = memoryStore();
    const { a, fromB } = twoInstances(store, Date.now, 20);
    await a.tournaments.recover();
    const creator = await account(store, 'organiser');
    const made = await a.tournaments.create(
      creator,
      request({ name: 'Swept', format: 'knockout', maxPlayers: 4, roundSettings: [{ length: 1, clock: SLOW_CLOCK }] }),
    );
    if (!made.ok) throw new Error(made.error.message);
    for (let i = 0; i < 4; i++) await a.tournaments.addBot(made.value.id, creator.id, 'beginner');
    expect((await a.tournaments.start(made.value.id, creator.id)).ok).toBe(true);
    const { data } = await until(store, made.value.id, ['over'], 30_000);
    expect(data.rounds.map((r) => r.boards.length)).toEqual([2, 1]);
    expect(fromB.told.filter((m) => m.type === 'ended')).toHaveLength(3);
  });

  it('writes nothing, and reads no match, when every tournament is up to date', async () => {
    const store = memoryStore();
    const { a } = twoInstances(store);
    const creator = await account(store, 'organiser');
    // Two people who do not play: their match stays on the board.
    const playing = await a.tournaments.create(
      creator,
      request({ name: 'Waiting', format: 'knockout', roundSettings: [{ length: 1, clock: SLOW_CLOCK }] }),
    );
    const registering = await a.tournaments.create(
      creator,
      request({
        name: 'Later',
        format: 'knockout',
        startsAt: Date.now() + 3_600_000,
        roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      }),
    );
    if (!playing.ok || !registering.ok) throw new Error('not created');
    for (const name of ['ana', 'bo']) await a.tournaments.join(playing.value.id, await account(store, name));
    expect((await a.tournaments.start(playing.value.id, creator.id)).ok).toBe(true);
    const before = await Promise.all([playing, registering].map((m) => store.tournamentById(m.value.id)));

    const writes = [
      vi.spyOn(store, 'updateTournament'),
      vi.spyOn(store, 'createTournament'),
      vi.spyOn(a.rooms, 'create'),
    ];
    const gamesRead = vi.spyOn(store, 'gamesOfTournament');
    const actionsRead = vi.spyOn(store, 'actions');
    const rowsRead = vi.spyOn(store, 'tournamentById');
    expect(await a.tournaments.sweep()).toBe(0);
    expect(await a.tournaments.sweep()).toBe(0);
    for (const write of writes) expect(write).not.toHaveBeenCalled();
    expect(actionsRead).not.toHaveBeenCalled();
    expect(rowsRead).not.toHaveBeenCalled();
    // The running tournament's games, once a sweep; the registering one's are not read.
    expect(gamesRead.mock.calls).toEqual([[playing.value.id], [playing.value.id]]);
    const after = await Promise.all([playing, registering].map((m) => store.tournamentById(m.value.id)));
    expect(after).toEqual(before);
  });

  it('starts at its time a tournament the holder was never told of, created and filled on another instance', async () => {
    let clock = 1_800_000_000_000;
    const store = memoryStore();
    const { a, b } = twoInstances(store, () => clock);
    const creator = await account(store, 'organiser');
    const made = await b.create(
      creator,
      request({
        name: 'Told nobody',
        format: 'knockout',
        startsAt: clock + 60_000,
        roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      }),
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    for (let i = 0; i < 2; i++) expect((await b.addBot(id, creator.id, 'beginner')).ok).toBe(true);
    clock += 60_000;
    expect((await store.tournamentById(id))?.status).toBe('registering');
    // The sweep sets the timer the holder lacked; due already, it starts the tournament.
    await a.tournaments.sweep();
    const { data } = await until(store, id, ['running', 'over'], 10_000);
    expect(data.rounds).toHaveLength(1);
  });
});
