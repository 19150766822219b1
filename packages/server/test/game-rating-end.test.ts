import { type GameAction, INITIAL_RATING } from '@zar/match';
import { describe, expect, it } from 'vitest';
import { loadStanding, pastPairLimit, readStanding } from '../src/game/rating/loaders.js';
import { NO_STANDING, RATED_PAIR_LIMIT, RATED_PAIR_WINDOW_MS, rateAtEnd } from '../src/game/rating/ratings.js';
import { NO_REMATCH } from '../src/game/rating/rematch.js';
import { PAST_PAIR_LIMIT, ratedAfterRead, ratedAtEnd, ratedSourceOf } from '../src/game/rating/view.js';
import { humanSeat } from '../src/game/seats.js';
import type { GameRow, RatingChangeRow, RatingRow } from '../src/store/types.js';
import { gameRowFor } from './support/game-row.js';
import { played, settings, won } from './support/three-point-match.js';

/* The ratings' deciders on plain values, and their loaders on a fake store: no server. */

const OPENING: GameAction = { type: 'opening', dice: [3, 1] };
const PLAY: GameAction = { type: 'play', player: 0, play: '8/5 6/5' };
const RESIGN: GameAction = { type: 'resign', player: 1, level: 3 };
const THERE = [true, true] as const;
const AT = RATED_PAIR_WINDOW_MS + 100;

/** A rating row of a player new to the pool, for the fake store. */
const NEWCOMER: RatingRow = {
  userId: '',
  pool: 'backgammon',
  rating: INITIAL_RATING,
  experience: 0,
  matches: 0,
  wins: 0,
  updatedAt: 0,
};

const rated = (change: Partial<GameRow> = {}): GameRow =>
  gameRowFor({ settings, seats: [humanSeat('ana', 'Ana'), humanSeat('bo', 'Bo')], rated: true, ...change });

describe('rateAtEnd', () => {
  it('asks the store to rate the action that ends a rated match, within the pair limit of the day before', () => {
    expect(rateAtEnd(rated(), played, won(0), [OPENING, PLAY], RESIGN, THERE, AT)).toEqual({
      pool: 'backgammon',
      length: 3,
      winner: 'ana',
      loser: 'bo',
      perPair: { limit: RATED_PAIR_LIMIT, since: 100 },
    });
  });

  it('asks nothing for any other action, a casual match, or one found past the limit as it began', () => {
    expect(rateAtEnd(rated(), played, played, [OPENING], PLAY, THERE, AT)).toBeUndefined();
    expect(rateAtEnd(rated(), won(0), won(0), [OPENING, PLAY], RESIGN, THERE, AT)).toBeUndefined();
    expect(rateAtEnd(rated({ rated: false }), played, won(0), [OPENING, PLAY], RESIGN, THERE, AT)).toBeUndefined();
    const capped = rated({ ...PAST_PAIR_LIMIT });
    expect(rateAtEnd(capped, played, won(0), [OPENING, PLAY], RESIGN, THERE, AT)).toBeUndefined();
  });

  it('counts the ending action as played: a resignation after the opening alone is rated, an absent winner’s timeout not', () => {
    expect(rateAtEnd(rated(), played, won(0), [OPENING], RESIGN, [false, false], AT)).toBeDefined();
    const timeout: GameAction = { type: 'timeout', player: 1 };
    expect(rateAtEnd(rated(), played, won(0), [OPENING], timeout, [false, true], AT)).toBeUndefined();
    expect(rateAtEnd(rated(), played, won(0), [OPENING], timeout, [true, false], AT)).toBeDefined();
  });
});

describe('ratedAtEnd', () => {
  const row = rated({ status: 'over', winner: 0 });
  const source = ratedSourceOf(row, { seats: [1500, 1500], changes: null });
  const changes: RatingChangeRow[] = [
    { gameId: 'game01', userId: 'bo', pool: 'backgammon', before: 1500, after: 1490, at: AT },
    { gameId: 'game01', userId: 'ana', pool: 'backgammon', before: 1500, after: 1510, at: AT },
  ];

  it('shows the changes the store rated the match with', () => {
    const after = ratedAtEnd(source, row, { rated: changes });
    expect(after?.row).toBe(row);
    expect(after?.source.standing).toEqual({
      seats: [1500, 1500],
      changes: [
        { before: 1500, after: 1510 },
        { before: 1500, after: 1490 },
      ],
    });
  });

  it('a match the store found past the limit is no longer rated, in the row and the view', () => {
    const after = ratedAtEnd(source, row, { unrated: 'pair-limit' });
    expect(after?.row).toEqual({ ...row, rated: false, unrated: 'pair-limit' });
    expect(after?.source).toEqual({ ...source, rated: false, unrated: 'pair-limit' });
  });

  it('changes nothing when the store answered neither, or not both seats', () => {
    expect(ratedAtEnd(source, row, {})).toBeNull();
    expect(ratedAtEnd(source, row, { rated: changes.slice(0, 1) })).toBeNull();
  });
});

describe('ratedAfterRead', () => {
  it('shows the standing read, and a rematch already started as agreed by both', () => {
    const source = ratedSourceOf(rated(), NO_STANDING);
    const standing = { seats: [1600, 1450] as const, changes: null };
    expect(ratedAfterRead(source, standing, null)).toEqual({ ...source, standing, rematch: NO_REMATCH });
    expect(ratedAfterRead(source, standing, 'next01').rematch).toEqual({ offered: [true, true], next: 'next01' });
  });
});

describe('the ratings’ loaders', () => {
  /** A store of ratings and of rated matches between ana and bo since a time. */
  function store(together: number) {
    const asked: number[] = [];
    return {
      asked,
      ratedMatchesBetween: async (_a: string, _b: string, since: number) => {
        asked.push(since);
        return together;
      },
      ratingsOf: async (userId: string): Promise<RatingRow[]> =>
        userId === 'ana' ? [{ ...NEWCOMER, userId, rating: 1600 }] : [],
      ratingChangesOf: async (): Promise<RatingChangeRow[]> => [],
      rematchOf: async (): Promise<string | null> => 'next01',
    };
  }

  it('a rated match about to begin is past the limit at its players’ third rated match together in the day', async () => {
    const s = store(RATED_PAIR_LIMIT);
    expect(await pastPairLimit(s, rated(), 0, AT)).toBe(true);
    expect(s.asked).toEqual([100]);
    expect(await pastPairLimit(store(RATED_PAIR_LIMIT - 1), rated(), 0, AT)).toBe(false);
  });

  it('is asked only before the first action, of a rated match between two accounts', async () => {
    const s = store(RATED_PAIR_LIMIT);
    expect(await pastPairLimit(s, rated(), 1, AT)).toBe(false);
    expect(await pastPairLimit(s, rated({ rated: false }), 0, AT)).toBe(false);
    expect(await pastPairLimit(s, rated({ status: 'waiting' }), 0, AT)).toBe(false);
    const self = rated({ seats: [humanSeat('ana', 'Ana'), humanSeat('ana', 'Ana')] });
    expect(await pastPairLimit(s, self, 0, AT)).toBe(false);
    expect(s.asked).toEqual([]);
  });

  it('reads each seat’s rating in the pool, a newcomer’s as the initial one; a casual match has none', async () => {
    const s = store(0);
    expect(await loadStanding(s, rated())).toEqual({ seats: [1600, INITIAL_RATING], changes: null });
    expect(await loadStanding(s, rated({ rated: false }))).toBe(NO_STANDING);
    // A match found past the limit still shows the ratings it was played at.
    expect((await loadStanding(s, rated({ ...PAST_PAIR_LIMIT }))).seats).toEqual([1600, INITIAL_RATING]);
  });

  it('reads a rematch already started only when asked, and only of a match over', async () => {
    const s = store(0);
    expect((await readStanding(s, rated({ status: 'over' }), true)).next).toBe('next01');
    expect((await readStanding(s, rated({ status: 'over' }), false)).next).toBeNull();
    expect((await readStanding(s, rated(), true)).next).toBeNull();
  });
});
