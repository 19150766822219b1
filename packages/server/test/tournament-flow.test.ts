import type { TournamentView } from '@zar/protocol';
import { describe, expect, it } from 'vitest';
import type { Rooms } from '../src/game/rooms.js';
import { memoryStore } from '../src/store/index.js';
import type { Store } from '../src/store/types.js';
import { randomAction, seededRandom } from './support/harness.js';
import {
  account,
  FAST_CLOCK,
  request,
  type Site,
  SLOW_CLOCK,
  site,
  sitesClosedAfterEach,
  until,
} from './support/tournaments.js';

/*
 * A tournament's life at the service's level, with real rooms: no-shows
 * forfeit on the clock, a restart in the middle of a round (games going on, games that ended
 * while the server was down, a round whose games were only partly stored), and a rated
 * tournament's matches rating their players.
 */

const open = sitesClosedAfterEach();

/** A tournament of `bots` bots of the weakest level, registering, made by an account of its own. */
async function botTournament(s: Site, input: Parameters<typeof request>[0], bots: number) {
  const creator = await account(s.store, 'organiser');
  const made = await s.tournaments.create(creator, request(input));
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.id;
  for (let i = 0; i < bots; i++) await s.tournaments.addBot(id, creator.id, 'beginner');
  return { id, creator };
}

/** `store` whose `method` rejects, as a database that is away does, whenever `away()` says so. */
function flaky<K extends keyof Store>(store: Store, method: K, away: () => boolean): Store {
  return new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      if (key === method) {
        return async (...args: unknown[]) => {
          if (away()) throw new Error('the database is away');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
}

/** Waits until the game's room has an actor (the opening roll is automatic), or the game is over. */
async function actorOf(rooms: Rooms, game: string) {
  for (let i = 0; i < 500; i++) {
    const room = await rooms.get(game);
    const view = room?.view(null);
    if (room && view && (view.game.actor !== null || view.status === 'over')) return { room, actor: view.game.actor };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`game ${game} has no actor`);
}

/** Plays a game between two people to its end, each acting at random through the room as his page would. */
async function playOut(rooms: Rooms, game: string, random: () => number): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    const { room, actor } = await actorOf(rooms, game);
    if (room.status === 'over') return;
    const userId = room.seats[actor as 0 | 1].userId as string;
    await room.act(userId, randomAction(room.view(userId), random), room.version);
  }
  throw new Error(`game ${game} did not end`);
}

async function field(s: Site, players: number, input: Parameters<typeof request>[0]) {
  const creator = await account(s.store, 'organiser');
  const made = await s.tournaments.create(creator, request(input));
  if (!made.ok) throw new Error(made.error.message);
  const people = [];
  for (let i = 0; i < players; i++) {
    const who = await account(s.store, `player${i}`);
    const r = await s.tournaments.join(made.value.id, who);
    if (!r.ok) throw new Error(r.error.message);
    people.push(who);
  }
  return { id: made.value.id, creator, people };
}

describe('no-shows', () => {
  it('one who never acts loses by forfeit; when neither comes it is a no-show for both', async () => {
    const s = open();
    const { id, creator } = await field(s, 4, {
      name: 'Four',
      format: 'swiss',
      rounds: 1,
      roundSettings: [{ length: 1, clock: FAST_CLOCK }],
    });
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    const { data } = await until(s.store, id, ['running']);
    const [played, empty] = data.rounds[0]!.boards;
    // Each person was sent to his match.
    for (const b of [played!, empty!]) {
      for (const p of [b.a, b.b]) expect(s.sent.get(p!)).toEqual([{ t: 'round', tournament: id, game: b.game }]);
    }
    // In the first match the player on roll plays once; his opponent never acts and his flag falls.
    const { room, actor } = await actorOf(s.rooms, played!.game!);
    const present = room.seats[actor as 0 | 1].userId as string;
    const acted = await room.act(present, randomAction(room.view(present), seededRandom(1)), room.version);
    expect(acted.ok).toBe(true);
    // Nobody comes to the second: the first to be on roll loses on time, and neither had acted.
    const over = await until(s.store, id, ['over'], 20_000);
    const view = await s.tournaments.viewOf(over.row, { userId: null, account: false });
    const [first, second] = view.rounds[0]!.pairings;
    expect(first).toMatchObject({ state: 'forfeit', winner: actor === 0 ? 0 : 1 });
    expect(second).toMatchObject({ state: 'no-show', winner: null });
    const byName = new Map(view.standings.map((r) => [r.name, r]));
    const presentName = room.seats[actor as 0 | 1].name;
    expect(byName.get(presentName)).toMatchObject({ score: 1, wins: 0, forfeits: 0, rank: 1 });
    expect(view.standings.filter((r) => r.forfeits === 1)).toHaveLength(3);
    expect(view.standings.reduce((sum, r) => sum + r.score, 0)).toBe(1);
  }, 30_000);
});

describe('a player who came late', () => {
  it('wins by forfeit when his opponent, on roll, never came, though he never had to act', async () => {
    const s = open();
    const { id, creator, people } = await field(s, 2, {
      name: 'Two',
      format: 'knockout',
      roundSettings: [{ length: 1, clock: FAST_CLOCK }],
    });
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    const { data } = await until(s.store, id, ['running']);
    const { room, actor } = await actorOf(s.rooms, data.rounds[0]!.boards[0]!.game!);
    // The one not on roll is connected (his seed, sent after the opening, was refused as late).
    const waiting = room.seats[actor === 0 ? 1 : 0].userId as string;
    s.online.add(waiting);
    const over = await until(s.store, id, ['over'], 20_000);
    expect(over.data.podium).toEqual([waiting, people.find((p) => p.id !== waiting)!.id]);
    const view = await s.tournaments.viewOf(over.row, { userId: null, account: false });
    expect(view.rounds[0]!.pairings[0]).toMatchObject({ state: 'forfeit' });
  }, 30_000);
});

describe('a restart', () => {
  /** Three servers in turn over one store: the first starts the round, the second runs the games without booking them, the third books them. */
  it('books the matches that ended while it was down and plays on to the end', async () => {
    const store = memoryStore();
    const first = open({ store });
    const { id, creator } = await botTournament(
      first,
      { name: 'Bots', format: 'knockout', maxPlayers: 8, roundSettings: [{ length: 1, clock: SLOW_CLOCK }] },
      8,
    );
    expect((await first.tournaments.start(id, creator.id)).ok).toBe(true);
    // Down in the middle of round 1, its games being played.
    await first.close();
    // A server that lost its tournaments' part: the games are played to their end, nobody books them.
    const games = await bookless(store);
    const round1 = (await store.gamesOfTournament(id)).filter((g) => g.tournament?.round === 1);
    expect(round1.every((g) => g.status === 'over')).toBe(true);
    expect((await until(store, id, ['running'])).data.rounds).toHaveLength(1);
    await games.close();
    // The third recovers: round 1 booked, and the tournament plays on to its end.
    const third = open({ store });
    await third.rooms.recover();
    await third.tournaments.recover();
    const { data } = await until(store, id, ['over'], 60_000);
    expect(data.rounds.map((r) => r.boards.length)).toEqual([4, 2, 1]);
    expect(data.podium).toHaveLength(2);
    expect(await store.gamesOfTournament(id)).toHaveLength(7);
  }, 90_000);

  it('recovers a running tournament however many registering ones were changed after it', async () => {
    const store = memoryStore();
    // Its round is drawn, but no game of it is stored: the server stops there.
    const first = open({ store: flaky(store, 'createGame', () => true) });
    const { id, creator } = await botTournament(
      first,
      { name: 'Behind', format: 'knockout', roundSettings: [{ length: 1, clock: SLOW_CLOCK }] },
      2,
    );
    expect((await first.tournaments.start(id, creator.id)).ok).toBe(true);
    await first.close();
    // 600 tournaments opened later and never started (each creator's own 3, from 200 accounts).
    const base = (await store.tournamentById(id))!;
    for (let a = 0; a < 200; a++) {
      const owner = await account(store, `idle${a}`);
      for (let i = 0; i < 3; i++) {
        const later = { id: `idle${a}x${i}`, creatorId: owner.id, updatedAt: base.updatedAt + 1000 + a };
        await store.createTournament({ ...base, ...later, status: 'registering' });
      }
    }
    const second = open({ store });
    // The list shows it first, as running ones are.
    expect((await second.tournaments.list()).tournaments[0]).toMatchObject({ id, status: 'running' });
    await second.rooms.recover();
    await second.tournaments.recover();
    expect((await until(store, id, ['over'], 20_000)).data.podium).toHaveLength(2);
  }, 60_000);

  it('starts the games of a round that were not stored when it stopped, and adopts those that were', async () => {
    const store = memoryStore();
    let calls = 0;
    // The second game of the round fails to be stored: the server "stops" there.
    const failing = flaky(store, 'createGame', () => ++calls === 2);
    const first = open({ store: failing });
    const { id, creator } = await botTournament(
      first,
      {
        name: 'Bots',
        format: 'swiss',
        rounds: 2,
        maxPlayers: 4,
        roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      },
      4,
    );
    // The round is drawn and written; the server stops before its game is tried again.
    expect((await first.tournaments.start(id, creator.id)).ok).toBe(true);
    const stored = (await store.gamesOfTournament(id)).map((g) => g.id);
    const { data } = await until(store, id, ['running']);
    expect(stored).toEqual([data.rounds[0]!.boards[0]!.game]);
    await first.close();
    const second = open({ store });
    await second.rooms.recover();
    await second.tournaments.recover();
    const over = await until(store, id, ['over'], 60_000);
    const games = await store.gamesOfTournament(id);
    expect(games.map((g) => g.id).sort()).toEqual(over.data.rounds.flatMap((r) => r.boards.map((b) => b.game)).sort());
    expect(games).toHaveLength(4);
  }, 90_000);
});

/** Rooms over `store` with no tournaments: its games end unbooked (a server that stopped before booking). */
async function bookless(store: Store) {
  const s = site({ store });
  await s.tournaments.close();
  await s.rooms.recover();
  for (let i = 0; i < 3000; i++) {
    const live = await store.liveGames();
    if (live.length === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return s;
}

describe('a store that is away', () => {
  it('a match that ended then is booked once it is back', async () => {
    const store = memoryStore();
    let away = false;
    const s = open({ store: flaky(store, 'gamesOfTournament', () => away) });
    const { id, creator } = await botTournament(
      s,
      { name: 'Away', format: 'knockout', roundSettings: [{ length: 1, clock: SLOW_CLOCK }] },
      2,
    );
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    away = true;
    const { data } = await until(store, id, ['running']);
    const game = data.rounds[0]!.boards[0]!.game!;
    for (let i = 0; i < 3000 && (await store.gameById(game))?.status !== 'over'; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await store.tournamentById(id))?.status).toBe('running');
    away = false;
    expect((await until(store, id, ['over'], 20_000)).data.podium).toHaveLength(2);
  }, 60_000);
});

describe('a game the store refused to store', () => {
  it('is started a moment later, without a restart', async () => {
    const store = memoryStore();
    let calls = 0;
    const s = open({ store: flaky(store, 'createGame', () => ++calls === 1) });
    const { id, creator } = await botTournament(
      s,
      { name: 'Refused', format: 'knockout', roundSettings: [{ length: 1, clock: SLOW_CLOCK }] },
      2,
    );
    const started = await s.tournaments.start(id, creator.id);
    expect(started.ok && started.value.status).toBe('running');
    expect(await store.gamesOfTournament(id)).toHaveLength(0);
    expect((await until(store, id, ['over'], 20_000)).data.podium).toHaveLength(2);
    expect(calls).toBe(2);
  }, 30_000);
});

describe('watchers', () => {
  it('are sent one table built once, each with his own part', async () => {
    const s = open();
    const { id, creator, people } = await field(s, 4, {
      name: 'Four',
      format: 'swiss',
      rounds: 2,
      roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
    });
    const heard = new Map<string, TournamentView[]>();
    for (const who of [creator, people[0]!, null]) {
      const viewer = { userId: who?.id ?? null, account: who !== null };
      const key = who?.id ?? 'visitor';
      await s.tournaments.watch(id, viewer, (v) => heard.set(key, [...(heard.get(key) ?? []), v]));
    }
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    const [mine, player, visitor] = [creator.id, people[0]!.id, 'visitor'].map((k) => heard.get(k)!.at(-1)!);
    expect(player!.you.game).not.toBeNull();
    expect(visitor!.you.game).toBeNull();
    expect(mine!.rounds).toHaveLength(1);
    // The rounds and standings are the same objects for every watcher: built once, not once each.
    expect(player!.rounds).toBe(mine!.rounds);
    expect(visitor!.standings).toBe(mine!.standings);
  }, 30_000);
});

describe('a store away after a change is written', () => {
  it('answers the change as done, though its watchers could not be told', async () => {
    const store = memoryStore();
    let refusals = 0;
    const s = open({ store: flaky(store, 'gamesOfTournament', () => refusals > 0 && refusals-- > 0) });
    const { id, creator, people } = await field(s, 4, {
      name: 'Four',
      format: 'swiss',
      rounds: 2,
      roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
    });
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    const views: number[] = [];
    await s.tournaments.watch(id, { userId: null, account: false }, (v) => views.push(v.entrants.length));
    // The withdrawal is written; the reads after it (the round's games, the watchers' view) are refused.
    const before = (await store.tournamentById(id))!.version;
    refusals = 2;
    const left = await s.tournaments.leave(id, people[0]!.id);
    expect(left.ok && left.value.version).toBe(before + 1);
    expect((await store.tournamentById(id))?.version).toBe(before + 1);
    expect(views).toHaveLength(1);
  }, 30_000);
});

describe('a store away for longer than a few tries', () => {
  it('books a match that ended then, however many tries it takes', async () => {
    const store = memoryStore();
    // Armed once the round is under way: the next 8 reads of the tournament's games are refused.
    let refusals = 0;
    const s = open({
      store: flaky(store, 'gamesOfTournament', () => refusals > 0 && refusals-- > 0),
      retryMs: 20,
    });
    const { id, creator } = await botTournament(
      s,
      { name: 'Away', format: 'knockout', roundSettings: [{ length: 1, clock: SLOW_CLOCK }] },
      2,
    );
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    refusals = 8;
    expect((await until(store, id, ['over'], 20_000)).data.podium).toHaveLength(2);
    expect(refusals).toBe(0);
  }, 60_000);

  it('starts a tournament whose start time came while the store was away', async () => {
    const store = memoryStore();
    let away = false;
    const s = open({ store: flaky(store, 'tournamentById', () => away), retryMs: 20 });
    const { id } = await botTournament(
      s,
      {
        name: 'Timed',
        format: 'knockout',
        startsAt: Date.now() + 200,
        roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      },
      2,
    );
    away = true;
    // Past its start time, with the store away all along: still registering, nothing lost.
    await new Promise((r) => setTimeout(r, 600));
    expect((await store.tournamentById(id))?.status).toBe('registering');
    away = false;
    expect((await until(store, id, ['over'], 20_000)).data.startedAt).not.toBeNull();
  }, 60_000);
});

describe('a start time', () => {
  it('starts a tournament with 2 entrants or more, cancels one with fewer, and is kept across a restart', async () => {
    const store = memoryStore();
    const first = open({ store });
    const creator = await account(store, 'organiser');
    const at = (ms: number) =>
      request({
        name: 'Timed',
        format: 'knockout',
        startsAt: Date.now() + ms,
        roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
      });
    const full = await first.tournaments.create(creator, at(300));
    const lonely = await first.tournaments.create(creator, at(300));
    const later = await first.tournaments.create(creator, at(600));
    if (!full.ok || !lonely.ok || !later.ok) throw new Error('not created');
    for (const id of [full.value.id, full.value.id, lonely.value.id, later.value.id, later.value.id]) {
      await first.tournaments.addBot(id, creator.id, 'beginner');
    }
    // The server stops before the last one's time: the next start sets its timer again.
    await first.close();
    const second = open({ store });
    await second.tournaments.recover();
    expect((await until(store, full.value.id, ['over'], 30_000)).data.podium).toHaveLength(2);
    expect((await until(store, lonely.value.id, ['cancelled'])).row.status).toBe('cancelled');
    expect((await until(store, later.value.id, ['over'], 30_000)).data.startedAt).not.toBeNull();
  }, 60_000);
});

describe('a rated tournament', () => {
  it('rates each match and ends with the winner on top', async () => {
    const s = open();
    const { id, creator, people } = await field(s, 2, {
      name: 'Rated',
      format: 'knockout',
      rated: true,
      roundSettings: [{ length: 1, clock: SLOW_CLOCK }],
    });
    expect((await s.tournaments.addBot(id, creator.id, 'beginner')).ok).toBe(false);
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    const { data } = await until(s.store, id, ['running']);
    const game = data.rounds[0]!.boards[0]!.game!;
    const row = await s.store.gameById(game);
    expect(row).toMatchObject({ rated: true, pool: 'backgammon', tournament: { id, round: 1 } });
    await playOut(s.rooms, game, seededRandom(3));
    const over = await until(s.store, id, ['over']);
    const changes = await s.store.ratingChangesOf(game);
    expect(changes).toHaveLength(2);
    const winner = changes.find((c) => c.after > c.before)!;
    expect(over.data.podium[0]).toBe(winner.userId);
    for (const p of people) {
      const [rating] = await s.store.ratingsOf(p.id);
      expect(rating).toMatchObject({ pool: 'backgammon', matches: 1 });
      expect(rating!.rating).not.toBe(1500);
    }
  }, 30_000);

  it('rates a forfeit whose winner was there, and leaves a no-show for both unrated', async () => {
    const s = open();
    const { id, creator } = await field(s, 4, {
      name: 'Rated four',
      format: 'swiss',
      rounds: 1,
      rated: true,
      roundSettings: [{ length: 1, clock: FAST_CLOCK }],
    });
    expect((await s.tournaments.start(id, creator.id)).ok).toBe(true);
    const { data } = await until(s.store, id, ['running']);
    const [forfeited, empty] = data.rounds[0]!.boards.map((b) => b.game!);
    // In the first match the one not on roll has the page open but never has to act; nobody comes to the second.
    const { room, actor } = await actorOf(s.rooms, forfeited!);
    const waiting = room.seats[actor === 0 ? 1 : 0].userId as string;
    room.subscribe({ userId: waiting, send: () => {} });
    s.online.add(waiting);
    const over = await until(s.store, id, ['over'], 20_000);
    const view = await s.tournaments.viewOf(over.row, { userId: null, account: false });
    expect(view.rounds[0]!.pairings.map((p) => p.state)).toEqual(['forfeit', 'no-show']);
    const changes = await s.store.ratingChangesOf(forfeited!);
    expect(changes.find((c) => c.userId === waiting)!.after).toBeGreaterThan(1500);
    expect(await s.store.ratingChangesOf(empty!)).toEqual([]);
    const noShows = await s.store.gameById(empty!);
    for (const seat of noShows!.seats) expect(await s.store.ratingsOf(seat.userId!)).toEqual([]);
  }, 30_000);
});
