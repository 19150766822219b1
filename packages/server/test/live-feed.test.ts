import { parseMatchSettings } from '@zar/match';
import type { GameView, LiveGames } from '@zar/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { humanSeat } from '../src/game/seats.js';
import { LIVE_CANDIDATES, LIVE_WITHIN_MS, LiveFeed, type LiveRooms } from '../src/lobby/live-feed.js';
import type { GameRow, RatingRow } from '../src/store/types.js';

/*
 * The live feed alone, over a store and rooms that answer from maps: what it reads, when it
 * pushes, how it serves GET /api/live. Through the socket and REST: server-live.test.ts.
 */

const SETTINGS: GameView['settings'] = (() => {
  const s = parseMatchSettings({ length: 3, cycle: [{ game: 'backgammon' }] });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
})();

function rowOf(id: string, updatedAt: number): GameRow {
  return {
    id,
    seats: [humanSeat(`${id}-a`, 'A'), humanSeat(`${id}-b`, 'B')],
    status: 'playing',
    rated: false,
    pool: 'backgammon',
    updatedAt,
  } as unknown as GameRow;
}

/** The fields of a spectator's view the list reads. */
function viewOf(spectators: number, status: GameView['status'] = 'playing'): GameView {
  const seat = { name: 'p', kind: 'human', taken: true };
  return {
    status,
    settings: SETTINGS,
    players: [seat, seat],
    score: [0, 0],
    rated: false,
    clock: null,
    watch: { spectators, allowed: true, forbidden: [false, false], canForbid: false },
    tournament: null,
  } as unknown as GameView;
}

class World {
  rows: GameRow[] = [];
  views = new Map<string, GameView>();
  ratings = new Map<string, RatingRow[]>();
  reads: { activeSince: number; limit: number }[] = [];
  ratingReads = 0;
  now = 100_000_000;
  readonly feeds: LiveFeed[] = [];

  feed(pollMs = 20): LiveFeed {
    const rooms: LiveRooms = {
      get: async (id) => {
        if (id === 'broken') throw new Error('the room could not load');
        const view = this.views.get(id);
        return view === undefined ? null : { view: () => view };
      },
    };
    const store = {
      playingGames: async (activeSince: number, limit: number) => {
        this.reads.push({ activeSince, limit });
        return this.rows;
      },
      ratingsOf: async (userId: string) => {
        this.ratingReads++;
        return this.ratings.get(userId) ?? [];
      },
    };
    const log = { warn: () => {}, error: () => {} };
    const feed = new LiveFeed({ store, rooms, now: () => this.now, log, pollMs });
    this.feeds.push(feed);
    return feed;
  }

  game(id: string, spectators: number, updatedAt = 1): void {
    this.rows.push(rowOf(id, updatedAt));
    this.views.set(id, viewOf(spectators));
  }
}

class Watcher {
  readonly lists: LiveGames[] = [];
  sendFrame(frame: string): void {
    const m = JSON.parse(frame) as { t: string; live: LiveGames };
    if (m.t === 'live') this.lists.push(m.live);
  }
  get ids(): string[][] {
    return this.lists.map((l) => l.games.map((g) => g.id));
  }
}

const until = async (test: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!test()) throw new Error('never came');
};

let world: World;
afterEach(() => {
  for (const feed of world.feeds) feed.close();
});

describe('the live feed', () => {
  it('sends the list at watch, and again only when it changed', async () => {
    world = new World();
    world.game('g1', 0);
    world.game('g2', 3);
    const feed = world.feed();
    const w = new Watcher();
    await feed.watch(w);
    expect(w.ids).toEqual([['g2', 'g1']]);
    expect(world.reads[0]).toEqual({ activeSince: world.now - LIVE_WITHIN_MS, limit: LIVE_CANDIDATES });
    // Polls that find the same list send nothing.
    const reads = world.reads.length;
    world.now += 1_000;
    await until(() => world.reads.length >= reads + 3);
    expect(w.lists).toHaveLength(1);
    world.views.set('g1', viewOf(9));
    await until(() => w.lists.length === 2);
    expect(w.ids[1]).toEqual(['g1', 'g2']);
    // Watching again (a page that asks again) sends the list again.
    await feed.watch(w);
    expect(w.ids).toEqual([
      ['g2', 'g1'],
      ['g1', 'g2'],
      ['g1', 'g2'],
    ]);
    expect(feed.size).toBe(1);
  });

  it('leaves out games it cannot list: over, without a room, whose room fails to load', async () => {
    world = new World();
    world.game('kept', 0);
    world.rows.push(rowOf('gone', 1), rowOf('broken', 1));
    world.rows.push(rowOf('over', 1));
    world.views.set('over', viewOf(0, 'over'));
    const w = new Watcher();
    await world.feed().watch(w);
    expect(w.ids).toEqual([['kept']]);
  });

  it('stops reading when the last watcher leaves', async () => {
    world = new World();
    world.game('g1', 0);
    const feed = world.feed();
    const [a, b] = [new Watcher(), new Watcher()];
    await feed.watch(a);
    await feed.watch(b);
    feed.unwatch(a);
    const reads = world.reads.length;
    await until(() => world.reads.length > reads);
    feed.unwatch(b);
    expect(feed.size).toBe(0);
    const after = world.reads.length;
    // A read under way may finish; none starts after it.
    await new Promise((r) => setTimeout(r, 100));
    expect(world.reads.length).toBeLessThanOrEqual(after + 1);
  });

  it('answers everyone asking within a poll from one read', async () => {
    world = new World();
    world.game('g1', 0);
    const feed = world.feed(1_000);
    const answers = await Promise.all([feed.current(), feed.current(), feed.current()]);
    expect(world.reads).toHaveLength(1);
    expect(answers[1]).toBe(answers[0]);
    world.now += 999;
    await feed.current();
    expect(world.reads).toHaveLength(1);
    world.now += 1;
    await feed.current();
    expect(world.reads).toHaveLength(2);
  });

  it('shows a casual match’s player his rating in the pool, read once a minute', async () => {
    world = new World();
    world.game('g1', 0);
    const rating = (pool: string, value: number): RatingRow => ({
      userId: 'g1-a',
      pool,
      rating: value,
      experience: 5,
      matches: 1,
      wins: 1,
      updatedAt: 1,
    });
    world.ratings.set('g1-a', [rating('plakoto', 1900), rating('backgammon', 1620)]);
    const feed = world.feed(1_000);
    const list = await feed.current();
    expect(list.games[0]?.players.map((p) => p.rating)).toEqual([1620, null]);
    const reads = world.ratingReads;
    world.now += 30_000;
    await feed.current();
    expect(world.ratingReads).toBe(reads);
    world.now += 30_000;
    await feed.current();
    expect(world.ratingReads).toBe(reads + 2);
  });
});
